#!/usr/bin/env python3
"""Labels positions with Fairy-Stockfish's static (classical) evaluation:
training data for the evaluation's network (`minesweeper_cli train
--unsettled`, README.md) that teaches it Fairy-Stockfish's judgement of a
position without a search's tactics in it.

Reads `GAME RESULT CP FEN` lines (datagen.py's) on stdin and writes, for
each, the position with Fairy-Stockfish's static evaluation in place of CP
(centipawns for White) and SUCCESSORS positions after one or two random
legal moves from it, labelled the same way: a search evaluates mostly
positions after moves nobody would play, and a network that never saw one
judges them badly. Positions in check (which have no static evaluation)
are left out.

Usage: benches/fairy/evalgen.py FAIRY_STOCKFISH_BINARY [SUCCESSORS] [JOBS] [SEED] < lines > labelled
"""
import random
import sys
import threading

from openings import Engine, in_parallel


def static_eval(e, fen, moves=""):
    """(FEN after `moves`, static evaluation for White in centipawns), or
    None in check or without a FEN."""
    e.send(f"position fen {fen}" + (f" moves {moves}" if moves else ""))
    e.send("d")
    after = None
    for line in e.wait("Checkers:"):
        if line.startswith("Fen: "):
            after = line[5:]
        if line.startswith("Checkers:") and len(line.split()) > 1:
            return None
    e.send("eval")
    for line in e.wait("Final evaluation"):
        pass
    words = line.split()
    try:
        cp = round(float(words[2]) * 100)
    except (IndexError, ValueError):
        return None
    return (after, cp) if after else None


def legal_moves(e, fen):
    e.send(f"position fen {fen}")
    e.send("go perft 1")
    return [line.split(":")[0] for line in e.wait("Nodes searched") if line.count(":") == 1
            and not line.startswith("Nodes")]


def work(path, lines, successors, seed, lock):
    e = Engine(path)
    rng = random.Random(seed)
    for line in lines:
        words = line.split()
        if len(words) < 5:
            continue
        game, result, fen = words[0], words[1], " ".join(words[3:])
        out = []
        root = static_eval(e, fen)
        if root:
            out.append(root)
        for _ in range(successors):
            at, played = fen, []
            for _ in range(rng.choice((1, 1, 2))):
                moves = legal_moves(e, at)
                if not moves:
                    break
                played.append(rng.choice(moves))
                e.send(f"position fen {fen} moves {' '.join(played)}")
                e.send("d")
                at = next(x[5:] for x in e.wait("Checkers:") if x.startswith("Fen: "))
            if played:
                s = static_eval(e, fen, " ".join(played))
                if s:
                    out.append(s)
        with lock:
            for f, cp in out:
                print(f"{game} {result} {cp} {f}")
            sys.stdout.flush()
    e.send("quit")
    e.p.wait()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    successors = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    jobs = max(1, int(sys.argv[3])) if len(sys.argv) > 3 else 2
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 2026
    lines = sys.stdin.read().splitlines()
    lock = threading.Lock()
    in_parallel(work, [(path, lines[j::jobs], successors, seed + j, lock) for j in range(jobs)])


if __name__ == "__main__":
    main()
