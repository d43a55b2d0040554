//! The sockets: accepting connections under caps (in all, and from one
//! address), `TCP_NODELAY`, and HTTP served with a deadline for every
//! request's head, so a client that trickles its request, or says nothing
//! at all, is closed instead of holding a socket for ever.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::limits::Limits;

/// The largest request head read: the request line and headers together
/// (`431` past it).
pub const MAX_HEAD: usize = 16 * 1024;

/// The connections open now, by address, under the limits.
pub struct Census {
    by_address: Mutex<HashMap<IpAddr, usize>>,
    limits: Limits,
}

/// One counted connection; uncounted when the last holder drops it (the
/// HTTP connection, or the WebSocket it became).
pub struct Counted {
    census: Arc<Census>,
    address: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut map = self
            .census
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = map.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.address);
            }
        }
    }
}

impl Census {
    /// No connection yet, under `limits`.
    pub fn new(limits: Limits) -> Arc<Census> {
        Arc::new(Census {
            by_address: Mutex::default(),
            limits,
        })
    }

    /// Counts a connection from `address`, or says which limit it meets.
    ///
    /// # Errors
    /// The limit reached, in words for the client.
    pub fn admit(self: &Arc<Census>, address: IpAddr) -> Result<Counted, &'static str> {
        let mut map = self
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let total: usize = map.values().sum();
        if total >= self.limits.connections {
            return Err("the server has as many connections as it takes; try again later");
        }
        let n = map.entry(address).or_insert(0);
        if *n >= self.limits.per_address {
            return Err("too many connections from your address");
        }
        *n += 1;
        Ok(Counted {
            census: self.clone(),
            address,
        })
    }

    /// Connections open now, in all.
    pub fn total(&self) -> usize {
        self.by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .sum()
    }
}

/// Refuses a connection over a limit with `503` and the reason.
async fn refuse(mut tcp: TcpStream, why: &str, wait: Duration) {
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{why}",
        why.len()
    );
    let _ = tokio::time::timeout(wait, tcp.write_all(reply.as_bytes())).await;
}

/// Serves `router` on `listener` until the runtime ends; each request
/// carries its peer's address as `ConnectInfo<SocketAddr>`.
pub async fn serve(listener: TcpListener, router: Router, census: Arc<Census>) {
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors, most likely: wait, don't spin.
                crate::log::log(crate::log::Level::Warn, "accept_failed", &[("reason", &e)]);
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let counted = match census.admit(peer.ip()) {
            Ok(c) => Arc::new(c),
            Err(why) => {
                tokio::spawn(refuse(tcp, why, census.limits.head_timeout));
                continue;
            }
        };
        // Two messages in a row (`seated` then `game`) must not wait for
        // the client's delayed ACK: ~40 ms a time with Nagle's algorithm.
        let _ = tcp.set_nodelay(true);
        // Each request carries the count: an upgraded WebSocket keeps it
        // for its life, after the HTTP connection has handed it over.
        let held = counted.clone();
        let service = router
            .clone()
            .map_request(move |mut req: axum::http::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(held.clone());
                req
            });
        let head_timeout = census.limits.head_timeout;
        tokio::spawn(async move {
            let _counted = counted;
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(head_timeout)
                .max_buf_size(MAX_HEAD)
                .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
                .with_upgrades()
                .await;
            drop(served);
        });
    }
}

/// Has glibc's allocator give large blocks back to the system when they
/// are freed: left to itself it raises its threshold for that after the
/// first one, and every thread's arena then keeps a freed 19 MiB Argon2id
/// block (a burst of 2,000 sign-ins left the server 860 MB heavier).
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets the allocator's tuning parameter named;
    // 128 KiB is glibc's own default for it.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Raises the soft limit on open files to the hard one (Linux and the
/// other Unixes), so the connection caps, not the file limit, decide.
/// Returns the limit in force.
pub fn raise_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct
        // passed; the resource is a constant.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
                return None;
            }
            if lim.rlim_cur < lim.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: lim.rlim_max,
                    rlim_max: lim.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    lim = raised;
                }
            }
        }
        Some(lim.rlim_cur)
    }
    #[cfg(not(unix))]
    {
        None
    }
}
