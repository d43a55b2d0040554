//! Several nodes on one PostgreSQL: a game played through another node
//! than its own, taken over when its node is killed or leaves, and a node
//! that lost its lease writes nothing more. Here the helpers several parts
//! share: a game's owner in the database, a plain HTTP GET.

use crate::postgres::client;

mod connections;
mod lease;
mod quick;
mod ratings;
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
pub async fn get(addr: &str, path: &str) -> String {
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

/// How long a test waits for a node's games to move (the lease is 5 s).
pub const TAKE_OVER: std::time::Duration = std::time::Duration::from_secs(20);

/// Resumes `token` through `server` (signed in with `session` first, if
/// given), again and again while the game's node is down and not yet
/// taken over; returns the bot and its `Game`.
pub async fn resume_through(
    server: &crate::support::TestServer,
    session: Option<&str>,
    token: &str,
) -> (
    minesweeper_server::swarm::Bot,
    minesweeper_core::online::protocol::ServerMsg,
) {
    use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
    let deadline = std::time::Instant::now() + TAKE_OVER;
    loop {
        let mut bot = server.bot().await;
        if let Some(s) = session {
            let kept = ClientMsg::Session { token: s.into() };
            assert!(crate::accounts::ask(&mut bot, kept).await.is_ok());
        }
        bot.send(&ClientMsg::Resume {
            token: token.into(),
        })
        .await
        .expect("sent");
        let answer = bot
            .until(|m| match m {
                ServerMsg::Game { .. } | ServerMsg::Error { .. } => Some(m.clone()),
                _ => None,
            })
            .await;
        match answer {
            Ok(game @ ServerMsg::Game { .. }) => return (bot, game),
            other => {
                assert!(
                    std::time::Instant::now() < deadline,
                    "not resumed in time: {other:?}"
                );
                tokio::time::sleep(std::time::Duration::from_millis(250)).await;
            }
        }
    }
}
