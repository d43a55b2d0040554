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

/// The counts a scraper reads.
pub(crate) async fn metrics(
    Extension(hub): Extension<Arc<Hub>>,
    Extension(census): Extension<Arc<Census>>,
    Extension(lost): Extension<watch::Receiver<bool>>,
) -> impl IntoResponse {
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
    if hub.forward_secret().is_some() {
        let held = u8::from(!*lost.borrow());
        metric(
            &mut out,
            "msc_lease_held",
            "gauge",
            "Whether this node holds its lease (its games are leased with it).",
            held,
        );
        metric(
            &mut out,
            "msc_games_leased",
            "gauge",
            "Games this node owns under its lease.",
            if held == 1 { hub.games() } else { 0 },
        );
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], out)
}
