//! The sockets: accepting connections under caps (in all, and from one
//! address), `TCP_NODELAY`, and HTTP served with a deadline for every
//! request's head, so a client that trickles its request, or says nothing
//! at all, is closed instead of holding a socket for ever.
//!
//! A connection is counted by its address as it is accepted, then moved to
//! its client's when the request says who that is: the address another
//! node forwards it for (signed by the nodes' secret), or the one a
//! trusted proxy names in `X-Forwarded-For`. Connections from the other
//! nodes and the trusted proxies are not capped by their own address, or
//! one busy node (or load balancer) would count as one greedy client.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError, RwLock};
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

/// The most trusted proxies a server takes (`--trusted-proxy`).
pub const MAX_PROXIES: usize = 64;

/// The connections open now, by address, under the limits.
pub struct Census {
    by_address: Mutex<HashMap<IpAddr, usize>>,
    limits: Limits,
    /// The proxies whose `X-Forwarded-For` is believed.
    proxies: HashSet<IpAddr>,
    /// The other nodes, learned from their signed forwards.
    nodes: RwLock<HashSet<IpAddr>>,
}

/// One counted connection; uncounted when the last holder drops it (the
/// HTTP connection, or the WebSocket it became).
pub struct Counted {
    census: Arc<Census>,
    /// The address it is counted under, and whether the per-address cap
    /// was checked for it (not at accept for a node or a proxy).
    address: Mutex<(IpAddr, bool)>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let (address, _) = *self.address.lock().unwrap_or_else(PoisonError::into_inner);
        let mut map = self.census.map();
        uncount(&mut map, address);
    }
}

fn uncount(map: &mut HashMap<IpAddr, usize>, address: IpAddr) {
    if let Some(n) = map.get_mut(&address) {
        *n -= 1;
        if *n == 0 {
            map.remove(&address);
        }
    }
}

const TOO_MANY: &str = "too many connections from your address";

impl Counted {
    /// Counts this connection under its client's `address` from now on
    /// (the address it came from may be a node's or a proxy's).
    ///
    /// # Errors
    /// That client has as many connections as it may.
    pub fn rehome(&self, address: IpAddr) -> Result<(), &'static str> {
        let mut held = self.address.lock().unwrap_or_else(PoisonError::into_inner);
        if *held == (address, true) {
            return Ok(());
        }
        let mut map = self.census.map();
        let others = map.get(&address).copied().unwrap_or(0) - usize::from(held.0 == address);
        if others >= self.census.limits.per_address {
            return Err(TOO_MANY);
        }
        uncount(&mut map, held.0);
        *map.entry(address).or_insert(0) += 1;
        *held = (address, true);
        Ok(())
    }
}

impl Census {
    /// No connection yet, under `limits`, believing `X-Forwarded-For` from
    /// `proxies` (the first [`MAX_PROXIES`]).
    pub fn new(limits: Limits, proxies: &[IpAddr]) -> Arc<Census> {
        Arc::new(Census {
            by_address: Mutex::default(),
            limits,
            proxies: proxies.iter().take(MAX_PROXIES).copied().collect(),
            nodes: RwLock::default(),
        })
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes that `address` is another node (it signed a forward).
    pub fn trust_node(&self, address: IpAddr) {
        let known = self
            .nodes
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&address);
        if !known {
            self.nodes
                .write()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(address);
        }
    }

    /// The client a request from `from` is for: the last address of
    /// `X-Forwarded-For` that is not a trusted proxy, when `from` is one
    /// (else `from`; a header that does not read names nobody).
    pub fn client_of(&self, from: IpAddr, forwarded_for: Option<&str>) -> IpAddr {
        if !self.proxies.contains(&from) {
            return from;
        }
        let Some(list) = forwarded_for else {
            return from;
        };
        list.rsplit(',')
            .map(str::trim)
            .map(|a| {
                a.parse::<IpAddr>()
                    .ok()
                    .or_else(|| a.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
            })
            .take(MAX_PROXIES)
            .find(|a| a.is_none_or(|a| !self.proxies.contains(&a)))
            .flatten()
            .unwrap_or(from)
    }

    /// Whether connections from `address` skip the per-address cap at
    /// accept (a node's or a proxy's: counted by their clients' instead).
    fn relays(&self, address: IpAddr) -> bool {
        self.proxies.contains(&address)
            || self
                .nodes
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .contains(&address)
    }

    /// Counts a connection from `address`, or says which limit it meets.
    ///
    /// # Errors
    /// The limit reached, in words for the client.
    pub fn admit(self: &Arc<Census>, address: IpAddr) -> Result<Counted, &'static str> {
        let relays = self.relays(address);
        let mut map = self.map();
        let total: usize = map.values().sum();
        if total >= self.limits.connections {
            return Err("the server has as many connections as it takes; try again later");
        }
        let n = map.entry(address).or_insert(0);
        if *n >= self.limits.per_address && !relays {
            return Err(TOO_MANY);
        }
        *n += 1;
        Ok(Counted {
            census: self.clone(),
            address: Mutex::new((address, !relays)),
        })
    }

    /// Connections open now, in all.
    pub fn total(&self) -> usize {
        self.map().values().sum()
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

#[cfg(test)]
mod tests {
    use super::*;

    const PROXY: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1));

    fn census() -> Arc<Census> {
        let limits = Limits {
            per_address: 2,
            ..Limits::default()
        };
        Census::new(limits, &[PROXY])
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    #[test]
    fn the_client_behind_a_trusted_proxy_is_the_last_address_it_did_not_add() {
        let c = census();
        let other = ip("192.0.2.7");
        assert_eq!(c.client_of(PROXY, Some("203.0.113.5")), ip("203.0.113.5"));
        // A client's own header is spoofable: only the proxy's entry counts.
        assert_eq!(
            c.client_of(PROXY, Some("1.2.3.4, 203.0.113.5")),
            ip("203.0.113.5")
        );
        assert_eq!(
            c.client_of(PROXY, Some("203.0.113.5, 10.0.0.1")),
            ip("203.0.113.5"),
            "the proxy's own entry is skipped"
        );
        assert_eq!(
            c.client_of(PROXY, Some("[2001:db8::1]:443")),
            ip("2001:db8::1")
        );
        assert_eq!(c.client_of(PROXY, Some("not an address")), PROXY);
        assert_eq!(c.client_of(PROXY, None), PROXY);
        assert_eq!(
            c.client_of(other, Some("203.0.113.5")),
            other,
            "a header from anyone else is not believed"
        );
    }

    #[test]
    fn connections_through_a_proxy_are_capped_by_their_clients_not_by_the_proxy() {
        let c = census();
        let through: Vec<Counted> = (0..5)
            .map(|_| c.admit(PROXY).expect("a proxy is not capped"))
            .collect();
        let client = ip("203.0.113.5");
        assert!(through[0].rehome(client).is_ok());
        assert!(through[1].rehome(client).is_ok());
        assert_eq!(
            through[2].rehome(client),
            Err(TOO_MANY),
            "the client's third"
        );
        assert!(through[2].rehome(ip("203.0.113.6")).is_ok());
        assert_eq!(c.total(), 5);
        drop(through);
        assert_eq!(c.total(), 0, "every count given back");
        // An address nobody vouches for is capped as it connects.
        let direct = ip("198.51.100.1");
        let _kept: Vec<Counted> = (0..2)
            .map(|_| c.admit(direct).expect("under the cap"))
            .collect();
        assert!(c.admit(direct).is_err());
    }

    #[test]
    fn a_node_that_signed_a_forward_is_not_capped_by_its_own_address() {
        let c = census();
        let node = ip("192.0.2.50");
        let _kept: Vec<Counted> = (0..2)
            .map(|_| c.admit(node).expect("under the cap"))
            .collect();
        assert!(c.admit(node).is_err());
        c.trust_node(node);
        let more = c.admit(node).expect("a node relays many clients");
        assert!(more.rehome(ip("203.0.113.9")).is_ok());
        // A node's own connections (not forwarded) still meet the cap.
        let own = c.admit(node).expect("admitted");
        assert_eq!(own.rehome(node), Err(TOO_MANY));
    }
}
