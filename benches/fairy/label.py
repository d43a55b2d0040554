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
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
MATE_CP = 4000


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for cmd in ["uci", "setoption name Threads value 1", "setoption name Hash value 16",
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
                raise RuntimeError("the engine quit")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def score(self, fen, nodes):
        """The score for the side to move, in centipawns, or None."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        cp = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" not in words:
                continue
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            cp = value if kind == "cp" else (MATE_CP if value > 0 else -MATE_CP)
        return cp

    def close(self):
        self.send("quit")
        self.p.wait()


def work(path, nodes, lines, out):
    engine = Engine(path)
    for i, line in lines:
        game, result, fen = line.split(" ", 2)
        cp = engine.score(fen, nodes)
        if cp is None:
            continue
        if fen.split()[1] == "b":
            cp = -cp
        out[i] = f"{game} {result} {cp} {fen}"
    engine.close()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else os.cpu_count() or 1
    lines = [line.strip() for line in sys.stdin if line.strip()]
    out = [None] * len(lines)
    chunks = [[(i, lines[i]) for i in range(j, len(lines), jobs)] for j in range(jobs)]
    threads = [threading.Thread(target=work, args=(path, nodes, c, out)) for c in chunks]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for line in out:
        if line is not None:
            print(line)


if __name__ == "__main__":
    main()
