"""Fills a running server with players and rated games for the accounts
screenshots (docs/online.md): six players sign up and play a seeded round
robin of rated blitz games (two moves, then the weaker side by a seeded
draw resigns or a draw is agreed), so that ratings, their history, the
archive and the leaderboard have something to show. The first player's
session token is written where the game keeps it (--session
DIR/online-session.txt), so the game starts signed in as Ada.

    python3 scripts/accounts-shot.py ADDR [--session FILE] [--rounds N]
The server must allow the six sign-ups and the pace (--sign-ups-per-hour
100 --rate 1000). Prints Ada's session token.
Needs the websocket-client package (pip)."""
import json
import random
import sys

from websocket import create_connection

PLAYERS = ["Ada", "Boris", "Chen", "Dana", "Emil", "Faye"]
# How likely each wins a game: a spread of ratings.
STRENGTH = {"Ada": 0.68, "Boris": 0.55, "Chen": 0.5, "Dana": 0.45, "Emil": 0.38, "Faye": 0.6}


def until(ws, *kinds):
    while True:
        m = json.loads(ws.recv())
        if m["t"] in ("error", "account_refused"):
            sys.exit(f"refused: {m}")
        if m["t"] in kinds:
            return m


def signed_up(addr, name):
    ws = create_connection(f"ws://{addr}/ws")
    ws.send(json.dumps({"t": "sign_up", "name": name, "password": f"{name} has a password"}))
    return ws, until(ws, "signed_in")["session"]


def game(addr, white, black, rng):
    w, b = white[0], black[0]
    w.send(json.dumps({"t": "create", "preset": "classic.ron", "time": "5+3", "color": "white", "rated": True}))
    code = until(w, "seated")["code"]
    b.send(json.dumps({"t": "join", "code": code}))
    until(b, "seated")
    for ws in (w, b):
        until(ws, "game")
    w.send(json.dumps({"t": "move", "ply": 1, "mv": "e2e3"}))
    for ws in (w, b):
        until(ws, "moved")
    b.send(json.dumps({"t": "move", "ply": 2, "mv": "a9a8"}))
    for ws in (b, w):
        until(ws, "moved")
    ws_w, name_w = white[0], white[2]
    ws_b, name_b = black[0], black[2]
    p = STRENGTH[name_w] / (STRENGTH[name_w] + STRENGTH[name_b])
    roll = rng.random()
    if abs(roll - p) < 0.06:
        ws_w.send(json.dumps({"t": "offer_draw"}))
        until(ws_b, "draw_offered")
        ws_b.send(json.dumps({"t": "offer_draw"}))
    elif roll < p:
        ws_b.send(json.dumps({"t": "resign"}))
    else:
        ws_w.send(json.dumps({"t": "resign"}))
    for ws in (ws_w, ws_b):
        until(ws, "rated")


def main():
    args = sys.argv[1:]
    session_file = None
    rounds = 4
    if "--session" in args:
        i = args.index("--session")
        session_file = args[i + 1]
        del args[i : i + 2]
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i : i + 2]
    addr = args[0]
    rng = random.Random(7)
    players = {}
    for name in PLAYERS:
        ws, session = signed_up(addr, name)
        players[name] = (ws, session, name)
    for r in range(rounds):
        for i, a in enumerate(PLAYERS):
            for c in PLAYERS[i + 1 :]:
                white, black = (a, c) if (r + i) % 2 == 0 else (c, a)
                game(addr, players[white], players[black], rng)
    if session_file:
        with open(session_file, "w") as f:
            f.write(players["Ada"][1])
    print(players["Ada"][1], flush=True)
    # The connections stay open until the script ends: closing them
    # signs nobody out (the session is kept by the server).


if __name__ == "__main__":
    main()
