#!/usr/bin/env python3
"""Plays Fairy-Stockfish against itself and writes every position it
searched with the score it found: training data for the evaluation's
network (`minesweeper_cli train`, README.md).

Each game starts with RANDOM plies drawn from the moves within 60 cp of the
best at a short search (MultiPV 6), then both sides play the best move of a
NODES-node search. Every position after the random plies is written as
`GAME RESULT CP FEN` (the format `label.py` writes and `tune` reads): CP for
White (a mate counts as 4000), RESULT the game's (1-0, 0-1 or 1/2-1/2). A game ends in
mate or stalemate, a win once one side's score has stayed above 1,500 cp for
six plies, or a draw at ply 400 or after 20 plies scored 0.

With PLAYER (a UCI engine command, e.g. "target/release/minesweeper_cli
uci") the moves after the random plies are that engine's, searched for
PLAYER_NODES nodes, and Fairy-Stockfish only scores the positions: the
positions are then the ones that engine's games reach.

Usage: benches/fairy/datagen.py FAIRY_STOCKFISH_BINARY GAMES [NODES] [JOBS] [SEED] [PLAYER [PLAYER_NODES]] > positions
"""
import os
import random
import subprocess
import sys
import threading

from openings import START, Engine, in_parallel

MATE_CP = 4000
RANDOM = 8


def search(e, moves, nodes, multipv=1):
    """[(cp for the side to move, move)] best first; [] when there is no move."""
    e.send(f"setoption name MultiPV value {multipv}")
    e.send(f"position fen {START} moves {' '.join(moves)}".rstrip())
    e.send(f"go nodes {nodes}")
    best, last = {}, None
    for line in e.wait("bestmove"):
        w = line.split()
        if w[:1] == ["bestmove"]:
            last = w[1]
        if w[:1] != ["info"] or "pv" not in w or "score" not in w:
            continue
        kind, val = w[w.index("score") + 1], int(w[w.index("score") + 2])
        cp = val if kind == "cp" else (MATE_CP if val > 0 else -MATE_CP)
        k = int(w[w.index("multipv") + 1]) if "multipv" in w else 1
        best[k] = (cp, w[w.index("pv") + 1])
    if last in (None, "(none)") or not best:
        return []
    return [best[k] for k in sorted(best)]


def board(e, moves):
    """The FEN of the position after `moves` and whether its side is in check."""
    e.send(f"position fen {START} moves {' '.join(moves)}".rstrip())
    e.send("d")
    fen, check = None, False
    for line in e.wait("Checkers:"):
        if line.startswith("Fen: "):
            fen = line[5:]
        if line.startswith("Checkers:"):
            check = len(line.split()) > 1
    return fen, check


class Player:
    """Another UCI engine that chooses the moves."""

    def __init__(self, command, nodes):
        self.p = subprocess.Popen(command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        self.nodes = nodes
        self.send("uci")
        self.wait("uciok")

    send = Engine.send
    wait = Engine.wait

    def move(self, moves):
        self.send(f"position fen {START} moves {' '.join(moves)}".rstrip())
        self.send(f"go nodes {self.nodes}")
        return self.wait("bestmove")[-1].split()[1]


def game(e, nodes, rng, player=None):
    """The positions of one game as (fen, cp for White), and White's result."""
    e.send("ucinewgame")
    if player:
        player.send("ucinewgame")
    moves = []
    for _ in range(RANDOM):
        lines = search(e, moves, 1000, 6)
        if not lines:
            return [], 0.5
        top = lines[0][0]
        moves.append(rng.choice([mv for cp, mv in lines if cp >= top - 60]))
    seen, winning, level, lead = [], 0, 0, True
    while len(moves) < 400:
        white = len(moves) % 2 == 0
        fen, check = board(e, moves)
        lines = search(e, moves, nodes)
        if not lines:
            if not check:
                return seen, 0.5
            return seen, 0.0 if white else 1.0
        cp, mv = lines[0]
        cp_white = cp if white else -cp
        seen.append((fen, cp_white))
        if abs(cp) < 1500:
            winning = 0
        else:
            winning = winning + 1 if winning and (cp_white > 0) == lead else 1
        lead = cp_white > 0
        if winning >= 6:
            return seen, 1.0 if lead else 0.0
        level = level + 1 if cp == 0 else 0
        if level >= 20:
            return seen, 0.5
        if player:
            mv = player.move(moves)
            if mv in ("0000", "(none)"):
                return seen, 0.5
        moves.append(mv)
    return seen, 0.5


def work(path, nodes, games, seed, lock, player):
    e = Engine(path)
    p = Player(*player) if player else None
    rng = random.Random(seed)
    for g in games:
        seen, result = game(e, nodes, rng, p)
        with lock:
            word = {1.0: "1-0", 0.0: "0-1"}.get(result, "1/2-1/2")
            for fen, cp in seen:
                print(f"{g} {word} {cp} {fen}")
            sys.stdout.flush()
    e.send("quit")
    e.p.wait()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, count = sys.argv[1], int(sys.argv[2])
    nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 4000
    jobs = max(1, int(sys.argv[4])) if len(sys.argv) > 4 else os.cpu_count() or 1
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 2026
    player = (sys.argv[6], int(sys.argv[7]) if len(sys.argv) > 7 else 10000) if len(sys.argv) > 6 else None
    lock = threading.Lock()
    in_parallel(work, [(path, nodes, range(j, count, jobs), seed * 1000 + j, lock, player)
                       for j in range(jobs)])


if __name__ == "__main__":
    main()
