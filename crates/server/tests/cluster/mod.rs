//! Several nodes on one PostgreSQL: a game played through another node
//! than its own, taken over when its node is killed or leaves, and a node
//! that lost its lease writes nothing more. Here the helpers several parts
//! share: a game's owner in the database, a plain HTTP GET.

use crate::postgres::client;

mod connections;
mod lease;
mod quick;
mod takeover;

/// The owner of game `code` and its count of owners, from the database.
async fn owner(url: &str, code: &str) -> (Option<String>, i64) {
    let row = client(url)
        .await
        .query_one("SELECT owner, epoch FROM games WHERE code = $1", &[&code])
        .await
        .expect("the game");
    (row.get(0), row.get(1))
}

/// The body of `GET path` on `addr`, with its status line.
async fn get(addr: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.expect("sent");
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).await.expect("answer");
    answer
}
