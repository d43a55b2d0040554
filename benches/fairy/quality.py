#!/usr/bin/env python3
"""Move quality by Fairy-Stockfish's judgement, without playing games.

Positions are taken from recorded games (`minesweeper_cli match --record`):
every eighth ply from ply 10 to 140. A candidate engine (UCI) picks a move
in each at a fixed time; Fairy-Stockfish at full strength then searches the
position after that move (and after its own best move) for a fixed number
of nodes. A move's loss is the best judged score there less its own (capped
at 400 cp; positions already decided beyond ±400 are left out). The
judgements are cached, so a second candidate costs its own moves only, and
two candidates are compared position by position (a paired difference with
its 95% error): far less noise than games give for the same time.

Usage:
  quality.py run NAME "ENGINE CMD" MS [OPTION=VALUE ...]
  quality.py compare BASE NAME...
Environment: FSF (the binary; default target/fairy-stockfish/fairy-stockfish),
GAMES (the recorded games), NGAMES (how many of them, default 160),
JUDGE_NODES (default 300000), OUT (cache folder, default /tmp/quality),
JOBS (candidates at once, default 2: one a core; 1 for a candidate that
searches on both cores, Threads=2).
"""
import json
import os
import subprocess
import sys
import threading

from openings import Engine

FSF = os.environ.get("FSF", "target/fairy-stockfish/fairy-stockfish")
JUDGE_NODES = int(os.environ.get("JUDGE_NODES", "300000"))
OUT = os.environ.get("OUT", "/tmp/quality")
CACHE = os.path.join(OUT, "judge.json")
CAP = 400


def positions():
    """Move lists from the start, one per sampled position."""
    out = []
    with open(os.environ["GAMES"]) as f:
        for gi, line in enumerate(f):
            if gi >= int(os.environ.get("NGAMES", "160")):
                break
            mv = line.split()[1:]
            for ply in range(10, min(len(mv) - 1, 140), 8):
                out.append(" ".join(mv[:ply]))
    return out


def judge(e, moves):
    """Fairy-Stockfish's score for the side to move after `moves`, and its move."""
    e.send(f"position startpos moves {moves}".rstrip())
    e.send(f"go nodes {JUDGE_NODES}")
    cp, best = None, None
    for line in e.wait("bestmove"):
        w = line.split()
        if w[0] == "bestmove":
            best = w[1]
        if "score" in w:
            i = w.index("score")
            v = int(w[i + 2])
            cp = v if w[i + 1] == "cp" else (3000 if v > 0 else -3000)
    return cp, best


class Candidate:
    """A UCI engine of ours, one position at a time from a cleared table."""

    def __init__(self, cmd, opts):
        self.p = subprocess.Popen(cmd.split(), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for o in opts:
            k, v = o.split("=", 1)
            self.send(f"setoption name {k} value {v}")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, tok):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(tok):
                return line

    def move(self, moves, ms):
        self.send("ucinewgame")
        self.send(f"position startpos moves {moves}".rstrip())
        self.send(f"go movetime {ms}")
        return self.wait("bestmove").split()[1]


def parallel(items, fn, jobs=2):
    chunks = [items[i::jobs] for i in range(jobs)]
    ts = [threading.Thread(target=fn, args=(c,)) for c in chunks]
    for t in ts:
        t.start()
    for t in ts:
        t.join()


def run(name, cmd, ms, opts):
    os.makedirs(OUT, exist_ok=True)
    cache = json.load(open(CACHE)) if os.path.exists(CACHE) else {}
    pos = positions()
    lock = threading.Lock()

    def roots(chunk):
        e = Engine(FSF)
        for p in chunk:
            if "best:" + p not in cache:
                _, b = judge(e, p)
                with lock:
                    cache["best:" + p] = b
        e.send("quit")

    parallel(pos, roots)
    chosen = {}

    def play(chunk):
        c = Candidate(cmd, opts)
        for p in chunk:
            m = c.move(p, ms)
            with lock:
                chosen[p] = m
        c.send("quit")

    parallel(pos, play, max(1, int(os.environ.get("JOBS", "2"))))
    todo = sorted({(p, m) for p in pos for m in (chosen[p], cache["best:" + p])
                   if f"{p}|{m}" not in cache})

    def after(chunk):
        e = Engine(FSF)
        for p, m in chunk:
            cp, _ = judge(e, f"{p} {m}")
            with lock:
                cache[f"{p}|{m}"] = -cp if cp is not None else None
        e.send("quit")

    parallel(todo, after)
    json.dump(cache, open(CACHE, "w"))
    json.dump(chosen, open(os.path.join(OUT, f"{name}.json"), "w"))


def losses(pos, picks, cache):
    """Each position's loss of the picked move (None where decided)."""
    best = {}
    for k, v in cache.items():
        if "|" in k and v is not None:
            p = k.split("|")[0]
            best[p] = max(best.get(p, v), v)
    out = []
    for p in pos:
        s = cache.get(f"{p}|{picks.get(p)}")
        if s is None or p not in best or abs(best[p]) > CAP:
            out.append(None)
        else:
            out.append(min(CAP, max(0, best[p] - s)))
    return out


def compare(names):
    cache = json.load(open(CACHE))
    pos = positions()
    ls = {n: losses(pos, json.load(open(os.path.join(OUT, f"{n}.json"))), cache) for n in names}
    for n in names:
        v = [x for x in ls[n] if x is not None]
        print(f"{n}: {len(v)} positions, mean loss {sum(v) / len(v):.1f} cp, "
              f"≥50: {sum(x >= 50 for x in v)}, ≥100: {sum(x >= 100 for x in v)}")
    base = names[0]
    for n in names[1:]:
        d = [b - a for a, b in zip(ls[base], ls[n]) if a is not None and b is not None]
        m = sum(d) / len(d)
        sd = (sum((x - m) ** 2 for x in d) / (len(d) - 1)) ** 0.5
        print(f"{n} − {base}: {m:+.2f} ± {1.96 * sd / len(d) ** 0.5:.2f} cp (95%), "
              f"moves differ in {sum(x != 0 for x in d)} of {len(d)}")


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:])
        compare([sys.argv[2]])
    elif len(sys.argv) >= 3 and sys.argv[1] == "compare":
        compare(sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
