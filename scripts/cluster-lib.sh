# Sourced by the cluster scripts (cluster-test.sh, cluster-faults.sh):
#   cluster_setup   sets $bin (BIN, or a release build of the server) and
#                   exports a fresh MSC_CLUSTER_SECRET for the nodes
cluster_setup() {
    bin=${BIN:-}
    if [ -z "$bin" ]; then
        cargo build --release -q -p minesweeper_server
        bin=target/release/minesweeper_server
    fi
    MSC_CLUSTER_SECRET=$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')
    export MSC_CLUSTER_SECRET
}
