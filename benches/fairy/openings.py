#!/usr/bin/env python3
"""Writes balanced short openings for the match harness (benches/fairy/openings.txt).

Each opening is six plies from the start of the 8x10 board without fog: at
every ply Fairy-Stockfish (benches/fairy/build.sh) lists its best eight
moves at depth 8 and one within 40 centipawns of the best is drawn at random;
an opening is kept when a depth-12 search scores it within 35 centipawns of
level and it is new.

With --quick the openings are eight plies, each drawn from the best eight
at depth 5 within 60 centipawns, and none is checked for balance: varied
games to tune the evaluation on (README.md), not to measure with.

Usage: benches/fairy/openings.py FAIRY_STOCKFISH_BINARY [COUNT] [SEED] [--quick] > openings.txt
"""
import os
import random
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
START = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def in_parallel(target, arg_lists):
    """Runs `target` once for each argument list, each on its own thread
    (each drives its own engine process), and waits for all."""
    threads = [threading.Thread(target=target, args=args) for args in arg_lists]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for cmd in ["uci", "setoption name Threads value 1",
                    f"setoption name VariantPath value {HERE}/variants.ini",
                    "setoption name UCI_Variant value minesweeperchess"]:
            self.send(cmd)
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def search(self, moves, depth, multipv):
        self.send(f"setoption name MultiPV value {multipv}")
        self.send(f"position fen {START} moves {' '.join(moves)}".rstrip())
        self.send(f"go depth {depth}")
        best = {}
        for line in self.wait("bestmove"):
            w = line.split()
            if w[:1] != ["info"] or "pv" not in w or "score" not in w or "multipv" not in w:
                continue
            if int(w[w.index("depth") + 1]) != depth:
                continue
            kind, val = w[w.index("score") + 1], int(w[w.index("score") + 2])
            cp = val if kind == "cp" else (10000 if val > 0 else -10000)
            best[int(w[w.index("multipv") + 1])] = (cp, w[w.index("pv") + 1])
        return [best[k] for k in sorted(best)]


def draw_line(e, plies, depth, margin, rng):
    """A line of up to `plies` moves, each drawn from the best eight at
    `depth` within `margin` centipawns of the best."""
    moves = []
    for _ in range(plies):
        lines = e.search(moves, depth, 8)
        if not lines:
            break
        top = lines[0][0]
        moves.append(rng.choice([mv for cp, mv in lines if cp >= top - margin]))
    return moves


def quick(e, count, rng):
    seen = set()
    while len(seen) < count:
        moves = draw_line(e, 8, 5, 60, rng)
        if len(moves) == 8 and " ".join(moves) not in seen:
            seen.add(" ".join(moves))
            print(" ".join(moves), flush=True)


def main():
    args = [a for a in sys.argv[1:] if a != "--quick"]
    path = args[0]
    count = int(args[1]) if len(args) > 1 else 50
    rng = random.Random(int(args[2]) if len(args) > 2 else 2026)
    e = Engine(path)
    if "--quick" in sys.argv:
        quick(e, count, rng)
        e.send("quit")
        return
    seen = set()
    print("# Balanced openings for `minesweeper_cli match`, written by benches/fairy/openings.py")
    print("# (Fairy-Stockfish: within 35 cp of level at depth 12). Coordinates, ranks 1-10.")
    while len(seen) < count:
        moves = draw_line(e, 6, 8, 40, rng)
        if len(moves) < 6 or " ".join(moves) in seen:
            continue
        score = e.search(moves, 12, 1)
        if score and abs(score[0][0]) <= 35:
            seen.add(" ".join(moves))
            print(" ".join(moves), f"# {score[0][0]:+d}", flush=True)
    e.send("quit")


if __name__ == "__main__":
    main()
