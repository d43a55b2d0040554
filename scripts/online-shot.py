"""Sets up an online game for screenshots (docs/online.md): two players on
a running server play the first moves, then the Black seat is left for the
game under test to resume (its token is printed, or written where the
game keeps its seat with --settings DIR/online-seat.txt), while White stays connected.

    python3 scripts/online-shot.py ADDR MOVES... [--settings FILE] [--hold SECONDS]
    python3 scripts/online-shot.py ADDR --leave    (create only: prints the code and White's token)
Needs the websocket-client package (pip)."""
import json
import sys
import time

from websocket import create_connection


def recv(ws, kind, ply=None):
    while True:
        m = json.loads(ws.recv())
        if m["t"] == "error":
            sys.exit(f"refused: {m}")
        if m["t"] == kind and (ply is None or m["view"]["ply"] == ply):
            return m


def main():
    args = sys.argv[1:]
    settings = hold = None
    if "--settings" in args:
        i = args.index("--settings")
        settings = args[i + 1]
        del args[i : i + 2]
    leave = "--leave" in args
    if leave:
        args.remove("--leave")
    if "--hold" in args:
        i = args.index("--hold")
        hold = float(args[i + 1])
        del args[i : i + 2]
    addr, moves = args[0], args[1:]
    white = create_connection(f"ws://{addr}/ws")
    white.send(json.dumps({"t": "create", "preset": "classic.ron", "time": "5+3", "color": "white"}))
    seat = recv(white, "seated")
    if leave:
        # Only create: White's seat (its token) is for someone else; the
        # other seat stays free to join.
        print(seat["code"], seat["token"], flush=True)
        white.close()
        return
    black = create_connection(f"ws://{addr}/ws")
    black.send(json.dumps({"t": "join", "code": seat["code"]}))
    token = recv(black, "seated")["token"]
    recv(white, "game")
    for i, mv in enumerate(moves):
        ws = white if i % 2 == 0 else black
        ws.send(json.dumps({"t": "move", "ply": i + 1, "mv": mv}))
        recv(ws, "moved", i + 1)
        time.sleep(0.3)
    black.close()
    print(seat["code"], token, flush=True)
    if settings:
        with open(settings, "w") as f:
            f.write(f"{addr}\n{token}\n")
    end = time.time() + (hold or 60)
    while time.time() < end:
        # White stays connected (the server closes a silent connection).
        white.send(json.dumps({"t": "ping"}))
        time.sleep(5)


main()
