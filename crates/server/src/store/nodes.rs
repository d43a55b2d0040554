//! The store's questions about the nodes of a cluster: leases, take-over,
//! where a game is played and the quick-game queue of several nodes (a
//! lone server answers them itself: [`Ask::alone`]).

use minesweeper_core::chess::Color;

use super::{Store, StoreError, StoredGame};

/// This server as one node of several (PostgreSQL only): its name and
/// the address other nodes forward connections to (`ws://HOST:PORT`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Unique among the nodes.
    pub name: String,
    /// Where the other nodes reach its WebSocket.
    pub addr: String,
}

/// Where a game is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    /// On this node.
    Here,
    /// On another live node, at this address.
    There(String),
    /// Its node is gone and no other has taken it yet.
    Down,
    /// No unfinished game by that code or token.
    Unknown,
}

/// What a client names a game by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The invite code.
    Code(String),
    /// A seat's token.
    Token(String),
}

/// A quick game paired on another node, as the waiting player's node
/// hears it (PostgreSQL's NOTIFY on [`QUICK_CHANNEL`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The waiting player's ticket.
    pub ticket: i64,
    /// The new game.
    pub code: String,
    /// The waiting player's seat and its token.
    pub side: Color,
    /// Its token.
    pub token: String,
    /// The node that has the game.
    pub addr: String,
}

impl Paired {
    /// As the NOTIFY payload: fields by spaces (none holds one).
    pub fn to_payload(&self) -> String {
        let side = if self.side == Color::White { "w" } else { "b" };
        format!(
            "{} {} {side} {} {}",
            self.ticket, self.code, self.token, self.addr
        )
    }

    /// Reads a payload; `None` if it is not one.
    pub fn from_payload(text: &str) -> Option<Paired> {
        let mut f = text.split(' ');
        let ticket = f.next()?.parse().ok()?;
        let code = f.next()?.to_string();
        let side = match f.next()? {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return None,
        };
        let token = f.next()?.to_string();
        let addr = f.next()?.to_string();
        f.next().is_none().then_some(Paired {
            ticket,
            code,
            side,
            token,
            addr,
        })
    }
}

/// A player looking for a quick game in the queue of several nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    /// For a rated game: the rating and the account (never paired with
    /// itself).
    pub rated: Option<(f64, i64)>,
    /// Since when it waits (ms): its rating range widens with the wait.
    pub since_ms: u64,
}

/// A question to the store thread about the nodes (asked in order with
/// the writes, outside their transaction).
pub(crate) enum Ask {
    /// Renew this node's lease.
    Heartbeat,
    /// Take the games of the nodes whose leases ran out.
    TakeOver,
    /// Where a game is played.
    Locate(Lookup),
    /// Give up this node's lease (a graceful stop).
    Leave,
    /// Join again under a new run after the lease was lost (the database
    /// was out of reach): the node's games nobody took meanwhile come back.
    Rejoin,
    /// Take the player of a live node (this one included) waiting for
    /// this time control who suits the seeker best out of the quick-game
    /// queue.
    QueueTake(String, Seeker),
    /// Put a player of this node in the quick-game queue.
    QueuePut(String, Seeker),
    /// Take this node's waiting ticket and the partner its widened range
    /// allows out of the queue together, or neither.
    QueueRetake(i64, String, Seeker),
    /// Give back a ticket taken for a pairing that did not happen.
    QueueRelease(i64),
    /// Take this ticket out of the queue (the player left).
    QueueDrop(i64),
    /// Tell the waiting player's node its game (kept in the queue's row,
    /// and NOTIFY).
    Pair(Paired),
    /// Collect the games paired for this node's waiting players.
    QueuePaired,
}

impl Ask {
    /// The answer of a server that is the only node (SQLite, or
    /// PostgreSQL without `--node`): nothing to renew, take or find
    /// elsewhere.
    pub(crate) fn alone(self) -> Answer {
        match self {
            Ask::Heartbeat => Answer::Alive(true),
            Ask::TakeOver => Answer::Games(Vec::new()),
            Ask::Locate(_) => Answer::Where(Whereabouts::Unknown),
            Ask::QueueTake(..) | Ask::QueueRetake(..) => Answer::Taken(None),
            Ask::QueuePut(..) => Answer::Ticket(None),
            Ask::QueuePaired => Answer::Pairs(Vec::new()),
            Ask::Leave | Ask::Rejoin | Ask::QueueDrop(_) | Ask::QueueRelease(_) | Ask::Pair(_) => {
                Answer::Done
            }
        }
    }
}

pub(crate) enum Answer {
    Ticket(Option<i64>),
    Taken(Option<(i64, Option<i64>)>),
    Pairs(Vec<Paired>),
    Alive(bool),
    Games(Vec<StoredGame>),
    /// Joined again: the new run and the games it holds.
    Joined(i64, Vec<StoredGame>),
    Where(Whereabouts),
    Done,
}

impl Store {
    /// Renews this node's lease; `false` once it has run out (another node
    /// may have its games: this one must stop serving them).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn heartbeat(&self) -> Result<bool, StoreError> {
        match self.ask(Ask::Heartbeat).await? {
            Answer::Alive(alive) => Ok(alive),
            _ => Ok(false),
        }
    }

    /// Takes over the unfinished games of every node whose lease has run
    /// out, and returns them to be played on here.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn take_over(&self) -> Result<Vec<StoredGame>, StoreError> {
        match self.ask(Ask::TakeOver).await? {
            Answer::Games(games) => Ok(games),
            _ => Ok(Vec::new()),
        }
    }

    /// Where the game a client names is played.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn locate(&self, lookup: Lookup) -> Result<Whereabouts, StoreError> {
        match self.ask(Ask::Locate(lookup)).await? {
            Answer::Where(w) => Ok(w),
            _ => Ok(Whereabouts::Unknown),
        }
    }

    /// Takes the player for `control` on a live node (this one included)
    /// who suits `seeker` best out of the queue: the longest waiting for
    /// a casual game, the nearest rating within range for a rated one.
    /// Its ticket and account.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_take(
        &self,
        control: &str,
        seeker: Seeker,
    ) -> Result<Option<(i64, Option<i64>)>, StoreError> {
        match self
            .ask(Ask::QueueTake(control.to_string(), seeker))
            .await?
        {
            Answer::Taken(t) => Ok(t),
            _ => Ok(None),
        }
    }

    /// Puts a player of this node in the queue for `control`: its ticket.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_put(
        &self,
        control: &str,
        seeker: Seeker,
    ) -> Result<Option<i64>, StoreError> {
        match self.ask(Ask::QueuePut(control.to_string(), seeker)).await? {
            Answer::Ticket(t) => Ok(t),
            _ => Ok(None),
        }
    }

    /// This node's player waiting with `own` takes the partner its widened
    /// range allows: both tickets out of the queue together, or neither.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_retake(
        &self,
        own: i64,
        control: &str,
        seeker: Seeker,
    ) -> Result<Option<(i64, Option<i64>)>, StoreError> {
        match self
            .ask(Ask::QueueRetake(own, control.to_string(), seeker))
            .await?
        {
            Answer::Taken(t) => Ok(t),
            _ => Ok(None),
        }
    }

    /// Gives back a ticket taken for a pairing that did not happen.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_release(&self, ticket: i64) -> Result<(), StoreError> {
        self.ask(Ask::QueueRelease(ticket)).await.map(|_| ())
    }

    /// Takes `ticket` out of the queue.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_drop(&self, ticket: i64) -> Result<(), StoreError> {
        self.ask(Ask::QueueDrop(ticket)).await.map(|_| ())
    }

    /// Tells the waiting player's node of its game.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn pair(&self, paired: Paired) -> Result<(), StoreError> {
        self.ask(Ask::Pair(paired)).await.map(|_| ())
    }

    /// The games paired on other nodes for this node's waiting players,
    /// taken out of the queue (a NOTIFY may have brought them already).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_paired(&self) -> Result<Vec<Paired>, StoreError> {
        match self.ask(Ask::QueuePaired).await? {
            Answer::Pairs(p) => Ok(p),
            _ => Ok(Vec::new()),
        }
    }

    /// After the lease was lost, takes it again under a new run: the run
    /// and the node's games that no other node took meanwhile (`None`:
    /// another live process has the name).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn rejoin(&self) -> Result<Option<(i64, Vec<StoredGame>)>, StoreError> {
        match self.ask(Ask::Rejoin).await? {
            Answer::Joined(run, games) => Ok(Some((run, games))),
            _ => Ok(None),
        }
    }

    /// Gives up this node's lease at once, so that the others take its
    /// games now rather than when it would have run out.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn leave(&self) -> Result<(), StoreError> {
        self.ask(Ask::Leave).await.map(|_| ())
    }
}
