//! `/healthz` and `/metrics` (Prometheus's text format) for operators.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Extension;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use tokio::sync::watch;

use crate::hub::Hub;
use crate::listen::Census;
use crate::store::LATENCY_BUCKETS_US;

/// 200 while this server serves: its store thread answers and, for a
/// node, it holds its lease (as its heartbeat last found: a probe costs
/// the database nothing); 503 with the reason otherwise, and while it
/// stops (a load balancer sends it nobody new).
pub(crate) async fn healthz(
    Extension(hub): Extension<Arc<Hub>>,
    Extension(lost): Extension<watch::Receiver<bool>>,
) -> impl IntoResponse {
    if hub.is_leaving() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping".to_string());
    }
    if *lost.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "lease lost".to_string());
    }
    if hub.forward_secret().is_some() {
        return (StatusCode::OK, "ok".to_string());
    }
    // A lone server: the store thread answers a heartbeat without a query.
    match hub.store.heartbeat().await {
        Ok(true) => (StatusCode::OK, "ok".to_string()),
        Ok(false) => (StatusCode::SERVICE_UNAVAILABLE, "lease lost".to_string()),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, format!("store: {e}")),
    }
}

fn metric(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    let _ = writeln!(
        out,
        "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
    );
}

/// Whether a request may read `/metrics`: with the operators' token
/// (`MSC_METRICS_TOKEN`, as `Authorization: Bearer TOKEN`) when one is set,
/// else only from this machine (a scraper beside the server, or a proxy
/// that keeps `/metrics` to itself). The counts say how busy a node is
/// and when its lease wobbles: nothing for the public port.
fn may_read_metrics(from: std::net::SocketAddr, headers: &axum::http::HeaderMap) -> bool {
    static TOKEN: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let token = TOKEN.get_or_init(|| {
        std::env::var("MSC_METRICS_TOKEN")
            .ok()
            .filter(|t| !t.is_empty())
    });
    may_read(from, headers, token.as_deref())
}

/// [`may_read_metrics`] with the token given.
fn may_read(
    from: std::net::SocketAddr,
    headers: &axum::http::HeaderMap,
    token: Option<&str>,
) -> bool {
    match token {
        Some(t) => headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|given| crate::secret::same(given.as_bytes(), t.as_bytes())),
        None => from.ip().is_loopback(),
    }
}

/// The counts a scraper reads (see [`may_read_metrics`] for who may).
pub(crate) async fn metrics(
    axum::extract::ConnectInfo(from): axum::extract::ConnectInfo<std::net::SocketAddr>,
    headers: axum::http::HeaderMap,
    Extension(hub): Extension<Arc<Hub>>,
    Extension(census): Extension<Arc<Census>>,
    Extension(lost): Extension<watch::Receiver<bool>>,
) -> axum::response::Response {
    if !may_read_metrics(from, &headers) {
        return (StatusCode::FORBIDDEN, "metrics: operators only\n").into_response();
    }
    let stats = &hub.store.stats;
    let mut out = String::new();
    metric(
        &mut out,
        "msc_games",
        "gauge",
        "Games in memory on this server.",
        hub.games(),
    );
    metric(
        &mut out,
        "msc_games_waiting",
        "gauge",
        "Games waiting for their second player.",
        hub.waiting(),
    );
    metric(
        &mut out,
        "msc_connections",
        "gauge",
        "Open client connections.",
        census.total(),
    );
    let load = |n: &std::sync::atomic::AtomicU64| n.load(Ordering::Relaxed);
    metric(
        &mut out,
        "msc_moves_total",
        "counter",
        "Moves sent to the database in committed groups.",
        load(&stats.moves),
    );
    metric(
        &mut out,
        "msc_writes_total",
        "counter",
        "Writes (games, seats, events) sent to the database in committed groups.",
        load(&stats.writes),
    );
    let store_counts = [
        (
            "msc_failed_writes_total",
            "counter",
            "Writes whose commit failed or went unanswered.",
            load(&stats.failed),
        ),
        (
            "msc_store_queue",
            "gauge",
            "Jobs waiting for the store thread.",
            load(&stats.queued),
        ),
        (
            "msc_store_shed_total",
            "counter",
            "Requests refused because too many jobs waited.",
            load(&stats.shed),
        ),
    ];
    for (name, kind, help, n) in store_counts {
        metric(&mut out, name, kind, help, n);
    }
    metric(
        &mut out,
        "msc_sign_ups_total",
        "counter",
        "Accounts made on this node.",
        load(&hub.counters.sign_ups),
    );
    metric(
        &mut out,
        "msc_sign_ins_total",
        "counter",
        "Sign-ins by password on this node.",
        load(&hub.counters.sign_ins),
    );
    metric(
        &mut out,
        "msc_rated_games_total",
        "counter",
        "Rated games whose ratings this node moved.",
        load(&stats.rated),
    );
    commit_histogram(&mut out, stats);
    if hub.forward_secret().is_some() {
        node_metrics(&mut out, &hub, *lost.borrow());
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], out).into_response()
}

/// A node's own metrics: its lease, and what it did as one of several.
fn node_metrics(out: &mut String, hub: &Hub, lost: bool) {
    let stats = &hub.store.stats;
    let renewed = stats.renewed_ms.load(Ordering::Relaxed);
    metric(
        out,
        "msc_lease_age_seconds",
        "gauge",
        "Seconds since this node's lease was last renewed (past 5 it has run out).",
        crate::now_ms().saturating_sub(renewed) as f64 / 1000.0,
    );
    let counts = [
        (
            "msc_take_overs_total",
            "Games this node took over from nodes that stopped.",
            &stats.taken_over,
        ),
        (
            "msc_fenced_writes_total",
            "Writes refused by the fence: the game was another node's.",
            &stats.fenced,
        ),
        (
            "msc_forwards_total",
            "Client connections forwarded to the node that has their game.",
            &stats.forwards,
        ),
    ];
    for (name, help, n) in counts {
        metric(out, name, "counter", help, n.load(Ordering::Relaxed));
    }
    let held = u8::from(!lost);
    metric(
        out,
        "msc_lease_held",
        "gauge",
        "Whether this node holds its lease (its games are leased with it).",
        held,
    );
    metric(
        out,
        "msc_games_leased",
        "gauge",
        "Games this node owns under its lease.",
        if held == 1 { hub.games() } else { 0 },
    );
}

/// The group commits' latency, as a histogram.
fn commit_histogram(out: &mut String, stats: &crate::store::Stats) {
    let load = |n: &std::sync::atomic::AtomicU64| n.load(Ordering::Relaxed);
    let _ = writeln!(
        out,
        "# HELP msc_commit_seconds Time of each group commit.\n# TYPE msc_commit_seconds histogram"
    );
    for (bound, n) in LATENCY_BUCKETS_US.iter().zip(&stats.under) {
        let le = *bound as f64 / 1e6;
        let _ = writeln!(out, "msc_commit_seconds_bucket{{le=\"{le}\"}} {}", load(n));
    }
    let commits = load(&stats.commits);
    let _ = writeln!(out, "msc_commit_seconds_bucket{{le=\"+Inf\"}} {commits}");
    let _ = writeln!(
        out,
        "msc_commit_seconds_sum {}\nmsc_commit_seconds_count {commits}",
        load(&stats.commit_us) as f64 / 1e6
    );
}

#[cfg(test)]
mod tests {
    use crate::health::may_read;
    use axum::http::{HeaderMap, HeaderValue, header};

    #[test]
    fn metrics_are_for_this_machine_or_the_holder_of_the_token() {
        let (near, far) = (
            "127.0.0.1:9000".parse().expect("addr"),
            "203.0.113.5:9000".parse().expect("addr"),
        );
        let none = HeaderMap::new();
        assert!(may_read(near, &none, None));
        assert!(
            !may_read(far, &none, None),
            "the public port shows no metrics"
        );
        let mut good = HeaderMap::new();
        good.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer op-token-123"),
        );
        let mut bad = HeaderMap::new();
        bad.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer op-token-124"),
        );
        assert!(may_read(far, &good, Some("op-token-123")));
        assert!(!may_read(far, &bad, Some("op-token-123")));
        assert!(
            !may_read(near, &none, Some("op-token-123")),
            "a token set is asked of all"
        );
    }
}
