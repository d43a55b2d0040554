# The online screenshots (sourced by scripts/screenshots.sh with ONLINE=1,
# after shot-lib.sh): the lobby in English and Ukrainian, and a game on
# the desktop, Black's seat resumed from the seat file that
# scripts/online-shot.py wrote after the first moves, White connected on
# loopback. The server is SERVER (default: a release build).
python3 -c "import websocket" 2>/dev/null || pip install -q websocket-client
if [ -z "${SERVER:-}" ]; then
    cargo build --release -p minesweeper_server
    SERVER=target/release/minesweeper_server
fi
port=${PORT:-18931}
db=$(mktemp -d)
"$SERVER" --addr 127.0.0.1:$port --db "$db/games.sqlite" 2>"$db/server.log" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$db"' EXIT
sleep 1
shot online-lobby --show online --server 127.0.0.1:$port
shot online-lobby-uk --lang uk --show online --server 127.0.0.1:$port
for lang in en uk; do
    name=online-desktop
    [ $lang = en ] || name=online-desktop-$lang
    cfg=$(mktemp -d)
    python3 scripts/online-shot.py 127.0.0.1:$port e2e3 d9d8 g1f3 b10c8 \
        --settings "$cfg/online-seat.txt" --hold 60 >/dev/null &
    bot=$!
    sleep 4
    MSC_CONFIG_DIR="$cfg" timeout 120 xvfb-run -a -s "-screen 0 1280x1000x24" \
        "$bin" --lang $lang --server 127.0.0.1:$port --show title --wait 120 \
        --screenshot "$out/$name.png" >/dev/null 2>&1 || true
    kill $bot 2>/dev/null || true
    rm -rf "$cfg"
    echo "$out/$name.png"
done
# Accounts: a second server filled with six players and a round robin of
# rated games (scripts/accounts-shot.py); the sign-in dialog signed out,
# then Ada's page, her games and the leaderboard with her kept session.
port2=$((port + 1))
"$SERVER" --addr 127.0.0.1:$port2 --db "$db/accounts.sqlite" --rate 1000 \
    --sign-ups-per-hour 100 2>"$db/accounts.log" &
accounts=$!
trap 'kill $server $accounts 2>/dev/null; rm -rf "$db"' EXIT
sleep 1
python3 scripts/accounts-shot.py 127.0.0.1:$port2 >"$db/ada-session.txt"
shot account-sign-in --show account --server 127.0.0.1:$port2
for page in profile archive leaderboard; do
    cfg=$(mktemp -d)
    cp "$db/ada-session.txt" "$cfg/online-session.txt"
    MSC_CONFIG_DIR="$cfg" timeout 120 xvfb-run -a -s "-screen 0 1280x1000x24" \
        "$bin" --server 127.0.0.1:$port2 --show $page --wait 60 \
        --screenshot "$out/account-$page.png" >/dev/null 2>&1 || true
    rm -rf "$cfg"
    echo "$out/account-$page.png"
done
