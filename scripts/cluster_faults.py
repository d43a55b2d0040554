#!/usr/bin/env python3
"""The cluster under the faults real networks make (docs/online.md, "Faults").

Three or more nodes on one PostgreSQL, the chaos bots playing through
them, and a TCP relay on every link (node to database, node to node,
client to node) that can hold the bytes of one direction or both, as a
paused peer or a cut cable does (nothing is closed: a frozen link is a
black hole until it thaws, then what was held is delivered). For each
fault, on a fresh cluster, it prints:

  lost      acknowledged moves missing from the database (or changed)
  twice     moves acknowledged twice (one move number, two answers)
  stuck     games unfinished at the end, or with no move for 30 s after
            the fault ended
  wait_ms   the longest a game that was playing could not move, from the
            fault's start
  charged   the most clock time a player was charged beyond its thinking
            for a move made during or just after the fault, in a game that
            changed node (ms)
  path_ms   the same in games that stayed on their node, for players whose
            own connection went through the failed node (reported: a
            player's own link is charged by the rules, no target)
  leases    leases lost by nodes the fault did not touch

and checks them against the targets (0, 0, 0, <= 10 s, <= 1 s, 0). Run by
scripts/cluster-faults.sh, which starts PostgreSQL and builds the server.

  python3 scripts/cluster_faults.py --bin PATH --url URL [--games N]
      [--plies N] [--think-ms N] [--hold-s S] [--faults a,b,...]
"""

import argparse
import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

FAULTS = {
    "pause": "node a stopped (SIGSTOP) for HOLD s, then continued",
    "db-answers": "node a's database link drops the database's answers for HOLD s",
    "db-late": "node a's database answers held 3.5 s from the moment a COMMIT is sent "
    "(past the node's 3 s wait, within its lease): the write is in, its answer late",
    "db-cut": "node a cut from the database (both ways) for HOLD s",
    "nodes-cut": "node c cut from the other nodes, not from the database, for HOLD s",
    "clients-cut": "node a's clients cut from it for HOLD s",
    "skew": "node a's clock 20 s ahead, then node a killed (SIGKILL)",
    "db-restart": "the database restarted (fast shutdown)",
    "kill-takeover": "node a killed, then node b killed as it takes a's games over",
    "lookups": "a flood of lookups of unknown games on node b for HOLD s",
    "migration": "a fourth node starts with a slow migration (the nodes, games and events "
    "tables locked, then HOLD s of work) while the three play",
}

TARGET_WAIT_MS = 10_000
TARGET_CHARGED_MS = 1_000
STUCK_AFTER_S = 30


# The database's clock in ms, which leases are measured by.
NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint"

# PostgreSQL's simple query "COMMIT", as a client sends it.
COMMIT = b"Q\x00\x00\x00\x0bCOMMIT\x00"


class Link:
    """A TCP relay on loopback that can freeze either direction."""

    def __init__(self, name, target=None):
        self.name = name
        self.target = target
        self.frozen = set()
        # Set while a direction flows: a held pump waits on it rather than
        # polling (a thousand frozen connections polling every few ms
        # would starve this loop, and with it every other link).
        self.flowing = {"up": asyncio.Event(), "down": asyncio.Event()}
        for e in self.flowing.values():
            e.set()
        # Set by trap_commit: the direction to freeze once a COMMIT passes.
        self.trap = None
        self.trapped_at = None
        self.server = None
        self.port = None

    async def start(self):
        self.server = await asyncio.start_server(self.accept, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    def direct(self):
        """No relay: the link's users reach its target itself (a link the
        fault leaves alone costs the harness nothing)."""
        self.port = self.target[1]

    def freeze(self, *directions):
        for d in directions or ("up", "down"):
            self.frozen.add(d)
            self.flowing[d].clear()

    def thaw(self):
        self.frozen.clear()
        for e in self.flowing.values():
            e.set()

    def trap_commit(self, direction="down"):
        """Freezes `direction` as soon as a COMMIT goes up the link: the
        transaction commits, its answer is held."""
        self.trapped_at = None
        self.trap = direction

    async def held(self, direction):
        while direction in self.frozen:
            await self.flowing[direction].wait()

    async def accept(self, reader, writer):
        try:
            await self.relay(reader, writer)
        except asyncio.CancelledError:
            # The harness ends: the link with it.
            writer.close()

    async def relay(self, reader, writer):
        # A link cut before the connection: the SYN is lost (the client
        # sees a connection that never answers).
        await self.held("up")
        try:
            treader, twriter = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self.pump(reader, twriter, "up"),
            self.pump(treader, writer, "down"),
            return_exceptions=True,
        )

    async def pump(self, reader, writer, direction):
        try:
            while True:
                data = await reader.read(65536)
                # Held, not dropped: delivered (or closed) once thawed.
                await self.held(direction)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
                if direction == "up" and self.trap and COMMIT in data:
                    self.freeze(self.trap)
                    self.trap = None
                    self.trapped_at = time.time()
        except (ConnectionError, OSError):
            pass
        finally:
            try:
                writer.close()
            except (ConnectionError, OSError):
                pass


# The links each fault freezes, relayed through the harness (kind, index
# of the node); every other link is direct. Relaying all of them cost this
# single-threaded loop most of a core at 1,000 games, taken from the nodes
# on the same machine.
RELAYED = {
    "db-answers": {("db", 0)}, "db-late": {("db", 0)}, "db-cut": {("db", 0)},
    "nodes-cut": {("peer", -1)}, "clients-cut": {("client", 0)},
}


def free_port():
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, args, tmp, fault):
        self.args = args
        self.tmp = tmp
        self.fault = fault
        self.nodes = {}
        # Each node's clock offset (ms): the times it stamps are read back
        # by the harness's clock.
        self.offsets = {}
        self.links = {}
        # Each node's own port, chosen before it starts (it advertises the
        # address of its peer link, which may be the port itself).
        self.ports = {}

    def sql(self, query):
        out = subprocess.run(
            ["psql", "-qXtA", self.db_url, "-c", query],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()

    async def start(self):
        self.db = f"msc_faults_{os.getpid()}_{self.fault.replace('-', '_')}"
        subprocess.run(
            ["psql", "-qX", self.args.url, "-c", f"CREATE DATABASE {self.db}"],
            check=True,
            capture_output=True,
        )
        base = self.args.url.split("?")[0].rsplit("/", 1)[0]
        self.db_url = f"{base}/{self.db}"
        host, port = re.search(r"@([^:/]+):(\d+)", self.args.url).groups()
        relayed = {(kind, self.args.names[i]) for kind, i in RELAYED.get(self.fault, ())}
        for n in self.args.names:
            self.ports[n] = free_port()
            for kind in ("db", "peer", "client"):
                target = (host, int(port)) if kind == "db" else ("127.0.0.1", self.ports[n])
                link = Link(f"{kind}-{n}", target)
                if (kind, n) in relayed:
                    await link.start()
                else:
                    link.direct()
                self.links[(kind, n)] = link
        for n in self.args.names:
            await self.start_node(n)

    async def start_node(self, n, offset_ms=0):
        db_link = self.links[("db", n)]
        url = f"postgres://postgres@127.0.0.1:{db_link.port}/{self.db}"
        log = open(os.path.join(self.tmp, f"{n}.log"), "ab")
        env = dict(os.environ)
        self.offsets[n] = offset_ms
        if offset_ms:
            env["MSC_TEST_CLOCK_OFFSET_MS"] = str(offset_ms)
        cmd = [
            self.args.bin, "--addr", f"127.0.0.1:{self.ports[n]}", "--db", url, "--node", n,
            "--advertise", f"ws://127.0.0.1:{self.links[('peer', n)].port}",
            # The client relays are plain TCP: every player reaches a node
            # from the relay's 127.0.0.1, so the caps per address are lifted
            # here (scripts/cluster-test.sh runs with the defaults).
            "--rate", "10000", "--per-address", "100000",
            "--waiting-per-address", "100000",
        ]
        path = os.path.join(self.tmp, f"{n}.log")
        with open(path, errors="replace") as f:
            starts = f.read().count(" restored from ")
        proc = subprocess.Popen(cmd, stdout=log, stderr=log, env=env)
        self.nodes[n] = proc
        path = os.path.join(self.tmp, f"{n}.log")
        for _ in range(300):
            with open(path, errors="replace") as f:
                # The last start: a node started again appends to its log.
                found = re.findall(r"^minesweeper_server: ([^ ,]+).* restored from", f.read(), re.M)
            if len(found) > starts:
                return
            if proc.poll() is not None:
                break
            await asyncio.sleep(0.1)
        raise SystemExit(f"node {n} did not start:\n{open(path).read()[-2000:]}")

    def client_addrs(self):
        return ",".join(f"127.0.0.1:{self.links[('client', n)].port}" for n in self.args.names)

    def stop(self):
        for link in self.links.values():
            if link.server is not None:
                link.server.close()
        for p in self.nodes.values():
            if p.poll() is None:
                try:
                    p.send_signal(signal.SIGCONT)
                    p.kill()
                except ProcessLookupError:
                    pass
                p.wait()

    def drop_db(self):
        subprocess.run(
            ["psql", "-qX", self.args.url, "-c", f"DROP DATABASE IF EXISTS {self.db} WITH (FORCE)"],
            capture_output=True,
        )

    def log(self, n):
        with open(os.path.join(self.tmp, f"{n}.log"), errors="replace") as f:
            return f.read()


async def lookups(addr, until):
    """Unauthenticated resumes of unknown seats, as fast as they go."""
    host, port = addr.rsplit(":", 1)
    n = 0
    while time.time() < until:
        try:
            r, w = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 1)
            key = "dGhlIHNhbXBsZSBub25jZQ=="
            w.write(
                f"GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 1)
            payload = ('{"type":"resume","token":"%032x"}' % n).encode()
            mask = b"\0\0\0\0"
            w.write(bytes([0x81, 0x80 | len(payload)]) + mask + payload)
            await w.drain()
            await asyncio.wait_for(r.read(256), 1)
            w.close()
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
            pass
        n += 1


async def watch_db(c, path):
    """What the database's sessions do, every half second (for reading
    after a failure: who waits on whom)."""
    q = ("SELECT now()::time, pid, application_name, state, wait_event_type, wait_event, "
         "pg_blocking_pids(pid), left(regexp_replace(query, '\\s+', ' ', 'g'), 90), "
         "now() - xact_start FROM pg_stat_activity WHERE datname = current_database() "
         "AND pid <> pg_backend_pid() AND state <> 'idle'")
    with open(path, "w") as out:
        while True:
            proc = await asyncio.create_subprocess_exec(
                "psql", "-qXtA", c.db_url, "-c", q,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
            data, _ = await proc.communicate()
            out.write(data.decode(errors="replace"))
            out.flush()
            await asyncio.sleep(0.5)


async def slow_migration(c, hold):
    """Starts node d, whose migration locks the hot tables and then works
    for `hold` s (MSC_TEST_EXTRA_MIGRATION, read for this test only); it
    either gives up (the nodes live, their leases at stake) or, done, is
    stopped."""
    env = dict(os.environ)
    env["MSC_TEST_EXTRA_MIGRATION"] = (
        "LOCK TABLE nodes, games, events IN ACCESS EXCLUSIVE MODE; "
        f"SELECT pg_sleep({hold}); CREATE TABLE slow_step(x INT);"
    )
    log = open(os.path.join(c.tmp, "d.log"), "ab")
    cmd = [c.args.bin, "--addr", "127.0.0.1:0", "--db", c.db_url, "--node", "d"]
    proc = subprocess.Popen(cmd, stdout=log, stderr=log, env=env)
    until = time.time() + hold + 5
    while proc.poll() is None and time.time() < until:
        await asyncio.sleep(0.1)
    if proc.poll() is None:
        proc.kill()
    proc.wait()


async def inject(c, fault, hold):
    """Makes `fault` happen: returns when it started and ended."""
    a = c.args.names[0]
    b = c.args.names[1]
    last = c.args.names[-1]
    t0 = time.time()
    # When the fault reached the games of a node, if later than t0.
    starts = {}
    if fault == "pause":
        c.nodes[a].send_signal(signal.SIGSTOP)
        await asyncio.sleep(hold)
        c.nodes[a].send_signal(signal.SIGCONT)
    elif fault == "db-answers":
        c.links[("db", a)].freeze("down")
        await asyncio.sleep(hold)
        c.links[("db", a)].thaw()
    elif fault == "db-late":
        link = c.links[("db", a)]
        link.trap_commit()
        while link.trapped_at is None and time.time() < t0 + 10:
            await asyncio.sleep(0.005)
        t0 = link.trapped_at or time.time()
        await asyncio.sleep(max(0.0, t0 + 3.5 - time.time()))
        link.thaw()
    elif fault == "db-cut":
        c.links[("db", a)].freeze()
        await asyncio.sleep(hold)
        c.links[("db", a)].thaw()
    elif fault == "nodes-cut":
        c.links[("peer", last)].freeze()
        await asyncio.sleep(hold)
        c.links[("peer", last)].thaw()
    elif fault == "clients-cut":
        c.links[("client", a)].freeze()
        await asyncio.sleep(hold)
        c.links[("client", a)].thaw()
    elif fault == "skew":
        c.nodes[a].kill()
    elif fault == "db-restart":
        pg = os.environ.get("PG_CTL", "")
        subprocess.run(pg.split() + ["-m", "fast", "-w", "restart"], capture_output=True)
    elif fault == "kill-takeover":
        c.nodes[a].kill()
        # b is killed as a's lease runs out, the moment it would take a's
        # games (players looking for them wake it then): read from the
        # database's clock, which the lease is measured by.
        left = await asyncio.to_thread(c.sql, f"SELECT until_ms - {NOW_MS} FROM nodes WHERE name = '{a}'")
        await asyncio.sleep(max(0.0, int(left or 0) / 1000 - 0.15))
        c.nodes[b].kill()
        # b's own games could move until then: their wait counts from here.
        starts[b] = time.time()
    elif fault == "migration":
        await slow_migration(c, hold)
    elif fault == "lookups":
        until = time.time() + hold
        addr = f"127.0.0.1:{c.links[('client', b)].port}"
        await asyncio.gather(*(lookups(addr, until) for _ in range(32)))
    return t0, time.time(), starts


def measure(c, acks_path, t0, t1, hold_s, touched, starts):
    c.sql("CREATE TABLE acks(code TEXT, ply BIGINT, mv TEXT, at_ms BIGINT, charged_ms BIGINT, think_ms BIGINT)")
    c.sql(f"\\copy acks FROM '{acks_path}' WITH (FORMAT text, DELIMITER ' ')")
    acked = int(c.sql("SELECT count(*) FROM acks"))
    # The ply-th move of a game is its ply-th move event (other events,
    # a clock resumed after a take-over among them, have numbers too).
    lost = int(c.sql("""
        WITH moves AS (SELECT code, event, row_number() OVER (PARTITION BY code ORDER BY seq) ply
                       FROM events WHERE event LIKE 'move %')
        SELECT count(*) FROM acks a LEFT JOIN moves m ON m.code = a.code AND m.ply = a.ply
        WHERE m.event IS DISTINCT FROM 'move ' || a.mv"""))
    twice = int(c.sql("SELECT count(*) - count(DISTINCT (code, ply)) FROM acks"))
    t0m, t1m = int(t0 * 1000), int(t1 * 1000)
    # From the fault's start: every fault here leaves a way for a game to
    # move again (another node, another path) without waiting for it to end.
    since = t0m
    # Each game from when the fault reached it: t0, or later for a node
    # failing later (its games' owner at t0, by their last event).
    later = " UNION ALL ".join(
        f"SELECT '{n}'::text, {int(t * 1000)}::bigint" for n, t in starts.items())
    later = later or "SELECT NULL::text, NULL::bigint WHERE false"
    offs = " UNION ALL ".join(
        f"SELECT '{n}'::text, {int(ms)}::bigint" for n, ms in c.offsets.items())
    offs = offs or "SELECT NULL::text, NULL::bigint WHERE false"
    # Games playing at the fault: a move acknowledged in the 3 s before it.
    wait = c.sql(f"""
        WITH later(node, t) AS ({later}), offs(node, ms) AS ({offs}),
        ev AS (SELECT e.code, e.seq, e.node, e.at_ms - coalesce(o.ms, 0) AS at_ms
               FROM events e LEFT JOIN offs o ON o.node = e.node),
        owner AS (SELECT DISTINCT ON (code) code, node FROM ev
                  WHERE at_ms <= {t0m} ORDER BY code, seq DESC),
        -- A game's end by the harness's clock: stamped by the node of its
        -- last event, whose clock may be set ahead (the skew fault).
        ended AS (SELECT g.code, g.ended_ms - coalesce(o.ms, 0) AS ended_ms FROM games g
                  LEFT JOIN LATERAL (SELECT node FROM events e WHERE e.code = g.code
                                     ORDER BY seq DESC LIMIT 1) last ON true
                  LEFT JOIN offs o ON o.node = last.node),
        game AS (SELECT g.code, coalesce(l.t, {since}) AS since FROM games g
                 LEFT JOIN owner o ON o.code = g.code LEFT JOIN later l ON l.node = o.node),
        playing AS (SELECT g.code, g.since FROM game g WHERE EXISTS
                    (SELECT 1 FROM acks a WHERE a.code = g.code
                     AND a.at_ms BETWEEN g.since - 3000 AND g.since))
        SELECT coalesce(max(coalesce(
            (SELECT min(at_ms - think_ms) FROM acks a WHERE a.code = p.code AND a.at_ms > p.since),
            (SELECT ended_ms FROM ended e WHERE e.code = p.code)) - p.since), 0)
        FROM playing p""")
    # The bots play on until the limit: a game still unfinished then
    # could not move for at least STUCK_AFTER_S after the fault.
    stuck = int(c.sql("SELECT count(*) FROM games WHERE over = 0"))
    # Clock charged beyond thinking, for moves made during the fault and
    # just after: in games that changed node (the outage the take-over
    # must not charge), and in the others (a player whose own path to its
    # game's node went through the failed one: its link, as when a
    # player's own connection drops, is charged by the rules).
    window = f"at_ms BETWEEN {t0m} AND {t1m} + {TARGET_WAIT_MS}"
    moved = "(SELECT code FROM events GROUP BY code HAVING count(DISTINCT node) > 1)"
    charged = int(c.sql(f"""
        SELECT coalesce(max(charged_ms), 0) FROM acks
        WHERE {window} AND code IN {moved}""") or 0)
    charged_path = int(c.sql(f"""
        SELECT coalesce(max(charged_ms), 0) FROM acks
        WHERE {window} AND code NOT IN {moved}""") or 0)
    leases = 0
    for n in c.args.names:
        if n in touched:
            continue
        log = c.log(n)
        leases += len(re.findall(r"lease_lost|lease_expired_unrenewed", log))
        if c.nodes[n].poll() is not None:
            leases += 1
    return {
        "acked": acked, "lost": lost, "twice": twice, "stuck": stuck,
        "wait_ms": int(wait or 0), "charged_ms": charged, "path_ms": charged_path,
        "leases": leases,
    }


TOUCHED = {
    "pause": {0}, "db-answers": {0}, "db-late": {0}, "db-cut": {0}, "nodes-cut": {-1},
    "clients-cut": set(), "skew": {0}, "db-restart": None,
    "kill-takeover": {0, 1}, "lookups": set(), "migration": set(),
}


async def all_started(c, games, chaos, limit_s=300):
    """Waits until the bots have opened and started all `games` games."""
    until = time.time() + limit_s
    while time.time() < until and chaos.returncode is None:
        started = int(c.sql("SELECT count(*) FROM events WHERE event = 'start'") or 0)
        if started >= games:
            return
        await asyncio.sleep(0.5)


async def run_fault(args, fault):
    tmp = tempfile.mkdtemp(prefix=f"msc-fault-{fault}.")
    c = Cluster(args, tmp, fault)
    try:
        await c.start()
        if fault == "skew":
            c.nodes[args.names[0]].kill()
            c.nodes[args.names[0]].wait()
            # Its lease runs out before the same name may join again.
            await asyncio.sleep(5.5)
            await c.start_node(args.names[0], offset_ms=20_000)
        acks = os.path.join(tmp, "acks.txt")
        chaos = await asyncio.create_subprocess_exec(
            args.bin, "chaos", "--addr", c.client_addrs(), "--games", str(args.games),
            "--plies", str(args.plies), "--think-ms", str(args.think_ms),
            "--limit-s", str(args.limit_s), "--acks", acks,
            env=dict(os.environ, MSC_CHAOS_TRACE="1"),
            stdout=open(os.path.join(tmp, "chaos.txt"), "wb"),
            stderr=open(os.path.join(tmp, "chaos.log"), "wb"),
        )
        # Every game opened (the bots open them one by one), seated and
        # moving before the fault.
        await all_started(c, args.games, chaos)
        await asyncio.sleep(args.warm_s)
        watch = asyncio.create_task(watch_db(c, os.path.join(tmp, "activity.txt")))
        t0, t1, starts = await inject(c, fault, args.hold_s)
        await asyncio.sleep(5)
        watch.cancel()
        await chaos.wait()
        touched_idx = TOUCHED[fault]
        touched = set(args.names) if touched_idx is None else {args.names[i] for i in touched_idx}
        # In a thread: the relays run on this loop, and the queries over
        # a long run's moves take seconds (blocking them would stall
        # every link, and cost the nodes their leases).
        row = await asyncio.to_thread(measure, c, acks, t0, t1, args.hold_s, touched, starts)
        with open(os.path.join(tmp, "chaos.txt")) as f:
            row["players"] = f.read().strip()
        row["fault"] = fault
        row["tmp"] = tmp
        if verdict(row):
            # Kept beside the logs, for reading after the database is gone.
            for table in ("games", "events", "acks", "nodes"):
                c.sql(f"\\copy {table} TO '{tmp}/{table}.txt'")
        else:
            subprocess.run(["rm", "-rf", tmp])
        return row
    finally:
        c.stop()
        c.drop_db()


# Players' own links cut: games changing node only because their players
# left them are charged as any player who drops is (the server cannot tell
# a cut from thinking).
OWN_LINK = {"clients-cut"}


def verdict(row):
    fails = []
    if row["acked"] == 0:
        fails.append("no move acknowledged")
    for key in ("lost", "twice", "stuck", "leases"):
        if row[key] != 0:
            fails.append(f"{key} {row[key]}")
    if row["wait_ms"] > TARGET_WAIT_MS:
        fails.append(f"wait {row['wait_ms']} ms")
    if row["charged_ms"] > TARGET_CHARGED_MS and row["fault"] not in OWN_LINK:
        fails.append(f"charged {row['charged_ms']} ms")
    return fails


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--url", required=True)
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--plies", type=int, default=150)
    p.add_argument("--think-ms", type=int, default=100)
    p.add_argument("--hold-s", type=float, default=8)
    p.add_argument("--warm-s", type=float, default=4)
    p.add_argument("--limit-s", type=int, default=0)
    p.add_argument("--nodes", type=int, default=3)
    p.add_argument("--faults", default=",".join(FAULTS))
    args = p.parse_args()
    args.names = [chr(ord("a") + i) for i in range(max(3, args.nodes))]
    # Long enough for the game to outlast the fault and its recovery.
    if not args.limit_s:
        # The bots' deadline runs from their start: opening the games
        # (a few ms each, one after another) comes out of it too.
        # and so does a whole game, thinking before every move.
        game_s = args.plies * (args.think_ms / 1000 + 0.05) * 1.5
        args.limit_s = int(args.warm_s + args.hold_s + STUCK_AFTER_S + 30 + args.games / 10 + game_s)
    print(f"{len(args.names)} nodes, {args.games} games, bots think {args.think_ms} ms, "
          f"faults held {args.hold_s} s; targets: 0 lost, 0 twice, 0 stuck, "
          f"wait <= {TARGET_WAIT_MS} ms, charged <= {TARGET_CHARGED_MS} ms, 0 leases")
    print(f"{'fault':14} {'acked':>6} {'lost':>5} {'twice':>5} {'stuck':>5} {'wait_ms':>8} "
          f"{'charged':>8} {'path_ms':>8} {'leases':>6}  verdict")
    failed = 0
    for fault in args.faults.split(","):
        if fault not in FAULTS:
            raise SystemExit(f"unknown fault {fault!r}: one of {', '.join(FAULTS)}")
        row = await run_fault(args, fault)
        fails = verdict(row)
        failed += bool(fails)
        print(f"{fault:14} {row['acked']:>6} {row['lost']:>5} {row['twice']:>5} {row['stuck']:>5} "
              f"{row['wait_ms']:>8} {row['charged_ms']:>8} {row['path_ms']:>8} {row['leases']:>6}  "
              f"{'ok' if not fails else 'FAILED: ' + ', '.join(fails)}", flush=True)
        if fails:
            print(f"  players: {row['players']}\n  logs: {row['tmp']}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
