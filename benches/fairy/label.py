#!/usr/bin/env python3
"""Scores positions with Fairy-Stockfish for the tuner (README.md).

Reads `GAME RESULT FEN` lines (`minesweeper_cli tune --export GAMES`) and
writes `GAME RESULT CP FEN`: CP is Fairy-Stockfish's score of the position
for White after a search of NODES nodes (a mate counts as 4000).
`minesweeper_cli tune` then fits the evaluation to these scores blended
with the games' results.

Usage: benches/fairy/label.py FAIRY_STOCKFISH_BINARY [NODES] [JOBS] < positions > scored
"""
import os
import sys

from openings import Engine, in_parallel

MATE_CP = 4000


def score(engine, fen, nodes):
    """The score of `fen` for its side to move, in centipawns, or None."""
    engine.send(f"position fen {fen}")
    engine.send(f"go nodes {nodes}")
    cp = None
    for line in engine.wait("bestmove"):
        words = line.split()
        if "score" not in words:
            continue
        i = words.index("score")
        kind, value = words[i + 1], int(words[i + 2])
        cp = value if kind == "cp" else (MATE_CP if value > 0 else -MATE_CP)
    return cp


def work(path, nodes, lines, out):
    engine = Engine(path)
    for i, line in lines:
        game, result, fen = line.split(" ", 2)
        cp = score(engine, fen, nodes)
        if cp is None:
            continue
        if fen.split()[1] == "b":
            cp = -cp
        out[i] = f"{game} {result} {cp} {fen}"
    engine.send("quit")
    engine.p.wait()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else os.cpu_count() or 1
    lines = [line.strip() for line in sys.stdin if line.strip()]
    out = [None] * len(lines)
    chunks = [[(i, lines[i]) for i in range(j, len(lines), jobs)] for j in range(jobs)]
    in_parallel(work, [(path, nodes, c, out) for c in chunks])
    for line in out:
        if line is not None:
            print(line)


if __name__ == "__main__":
    main()
