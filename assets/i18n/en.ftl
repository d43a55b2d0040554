# Minesweeper Chess — English interface texts.
#
# One message per text the player sees. Translators: copy this file to
# <language code>.ftl, translate the values (never the ids on the left),
# keep every { $placeholder }, and run the completeness test
# (cargo test --test game i18n). Lines that start with "## " in the two
# how-to-play pages are headings, "• " starts a bullet.

## The language itself

# The language's name, written in the language (shown in Settings).
language-name = English
# Piece letters for the move list, in the order king queen rook bishop
# knight, separated by spaces (pawns have no letter).
notation-letters = K Q R B N

## Title screen and menus

title = Minesweeper Chess
subtitle = Chess with a minefield under the fog
play-hot-seat = Play: two players, one screen
play-computer = Play against the computer
play-puzzle = Sweeper Sudoku (puzzle)
coming-soon = coming soon
level = Level
level-beginner = Beginner
level-casual = Casual
level-strong = Strong
level-master = Master
you-play = You play
vs-computer = Against the computer ({ $level })
thinking = The computer is thinking…
hint = Hint
hint-thinking = Looking for a good move…
search-info = Last search: depth { $depth }, { $nodes } positions
resume = Resume saved game
board = Board
how-to-play = How to play
settings = Settings
quit = Quit
back = Back
continue = Continue
main-menu = Main menu
paused = Paused
new-game = New game
undo = Undo
resign = Resign
offer-draw = Agree to a draw
flip = Flip board
export = Export game
import = Import game
copy = Copy
load = Load
close = Close

## The chess panel

to-move = { $side } to move
white = White
black = Black
check = Check!
mines =
    { $n ->
        [one] { $n } mine left
       *[other] { $n } mines left
    }
captured = Captured
destroyed = Destroyed by mines
moves = Moves
replay-showing = Move { $n } of { $total }
replay-live = Back to the game (End)
replay-odds = This move stepped into the fog onto a cell where the chance of a mine was { $percent }%, as the board stood.
analyse = Analyse
analysis-title = Analysis: the engine on each board as the players saw it
analysis-progress = { $n } of { $total } positions
analysis-legend = White’s winning chances · ?! ? ?? in the moves: chances given away
type-move = Type a move: e4, Nf3, e2e4, e2*
typed-syntax = “{ $text }” is not a move (try e4, Nf3, e2e4 or e2*)
typed-illegal = “{ $text }” is not a legal move here
typed-ambiguous = “{ $text }” fits more than one piece: add its file or rank (Nbd2)
premove = Premoves
premove-help = Queue a move while the opponent thinks
sudoku-daily = Board of the day · { $date }
daily-stats = Played { $played } · won { $won } · streak { $streak } · best { $best }
daily-stats-broken = The board-of-the-day statistics could not be read ({ $why }); they start again.
daily-share-title = Sweeper Sudoku · board of the day { $date }
daily-scores = Your scores, in pawns
game-over = Game over

## Settings

volume = Volume
mute = Mute
switch-on = On
switch-off = Off
percent = { $percent }%
theme = Board theme
coordinates = Show coordinates
animation-speed = Animation speed
anim-off = Off
anim-slow = Slow
anim-normal = Normal
anim-fast = Fast
palette = Count colours
palette-classic = Classic Minesweeper
palette-colour-blind = Colour-blind safe
language = Language
notation = Move list letters
notation-local = { notation-letters } (this language)
notation-international = K Q R B N (international)
theme-walnut = Walnut
theme-tournament = Tournament
theme-slate = Slate
theme-ocean = Ocean
piece-set-label = Pieces
pieces-cburnett = Cburnett
pieces-fantasy = Fantasy
pieces-spatial = Spatial
pieces-celtic = Celtic
pieces-simple = Simple
pieces-glyphs = Font glyphs
coordinates-inside = Coordinates inside the board
sounds = Sounds
sound-moves = Moves and captures
sound-effects = Blasts, fog and clock
sound-interface = Menu clicks
sfx-move = Move
sfx-capture = Capture
sfx-blast = Blast
sfx-sweep = Sweep
sfx-royal-sweep = Royal sapper
sfx-fog = Fog lifting
sfx-check = Check
sfx-game-start = Game start
sfx-game-end = Game end
sfx-low-time = Low time
sfx-illegal = Refused move
sfx-click = Click
sfx-card = Card played
sfx-sensor = Sensor
sfx-wrong-digit = Wrong digit
sfx-life-lost = Life lost
sfx-wipe = Wipe
sfx-probe = Probe
sfx-flag = Flag

## Notices

preset-errors = Some boards in levels/ have errors:
preset-changed = This board changed on disk; start a new game to use it.
save-corrupt = The saved game could not be read ({ $why }); a new game was started.
import-failed = Could not import the game: { $why }
text-errors = A translation file has errors (the last good texts stay):
sweep-hint = Right-click, S or (touch) hold the cell ahead: sweep it
keys = Keys: Esc menu/deselect · F flip · U undo · H hint · M mute · S sweep · ← → look back · Space board cursor · Enter type a move

## Piece names (lower case, as inside a sentence)

piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-pawn = pawn

## Why a chess move is refused

ref-game-over = The game is over.
ref-no-piece = There is no piece on { $sq }.
ref-not-your-turn = It is { $side }'s turn.
ref-only-pawns-sweep = Only pawns can sweep.
ref-no-sapper-rule = This board has no sapper action.
ref-sweep-in-check = A pawn cannot sweep while your king is in check.
ref-cannot-sweep = The pawn on { $from } cannot sweep { $to }.
ref-nothing-to-sweep = No mine is hidden any more: there is nothing on { $sq } to sweep. The game goes on as chess.
ref-must-promote = A pawn reaching { $sq } must promote.
ref-wrong-kind = The { $piece } on { $from } cannot make that move to { $to }.
ref-in-check = Your king on { $sq } is in check: get it out of check.
ref-cannot-go = The { $piece } on { $from } cannot go to { $to }.

## How a chess game ends

win-checkmate = { $side } wins by checkmate
win-blast = { $side } wins: the blast exposed the enemy king
win-resignation = { $side } wins by resignation
win-timeout = { $side } wins on time
draw-stalemate = Draw by stalemate
draw-repetition = Draw by threefold repetition
draw-material = Draw: neither side can mate
draw-agreement = Draw by agreement
draw-timeout = Draw: time ran out, but the other side cannot mate

## Sweeper Sudoku: menu

sudoku-title = Sweeper Sudoku
sudoku-tagline = A hidden sudoku, mines, and a hand of chess pieces.
sudoku-resume-board = Resume this board
sudoku-resume-saved = Resume the saved board { $code }
sudoku-boards = Board
sudoku-play-new = Play a new board
sudoku-board-code = Board code:
sudoku-play-code = Play code
sudoku-back-to-chess = Back to Minesweeper Chess
sudoku-save-corrupt = The saved board could not be read ({ $why }); it was kept as { $file } and a new board starts clean.
sudoku-no-board = No board is open.

## Why a board code is not read

code-not-a-code = “{ $code }” is not a board code (like { $example }).
code-too-short = “{ $code }” is too short for a board code (like { $example }).
code-unknown-tag = No board has the tag { $tag } (the tags are { $tags }).
code-bad-character = “{ $char }” cannot appear in a board code.
code-too-long = “{ $code }” is too long for a board code.
code-typo = “{ $code }” has a typing mistake (its check letter does not match).

## Sweeper Sudoku: the panel

sudoku-choose = Choose a board to play.
sudoku-rating =
    Rating: { $rating } ({ $found }/{ $mines } { $mines ->
        [one] mine
       *[other] mines
    } by deduction alone)
rating-gentle = Gentle
rating-thoughtful = Thoughtful
rating-tricky = Tricky
rating-daring = Daring
sudoku-lives =
    { $hearts }  { $n ->
        [one] { $n } life
       *[other] { $n } lives
    }
sudoku-score =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · { $pawns ->
        [one] { $pawns } pawn
       *[other] { $pawns } pawns
    }
sudoku-mines-done = Mines done: { $done } of { $total }
sudoku-deck =
    Deck: { $deck ->
        [one] { $deck } card
       *[other] { $deck } cards
    } · hand: { $hand }
sudoku-sitting-out = Sitting out: { $cards }
sudoku-destroyed = Destroyed: { $cards }
sudoku-jumping = The knight on { $cell } has its flag up: pick an orange ring to jump.
sudoku-jumping-free = The knight on { $cell } has its flag up: pick an orange ring to jump (free).
sudoku-placing = Place the { $card } { $digit }: pick a closed cell.
sudoku-pick-dot = Pick a dot to move (blue: a free glide).
sudoku-idle = Pick a card or a piece; right-click flags; hold a cell to probe.
sudoku-no-hint = Hint: nothing is certain from what you see.
sudoku-hint-button = Hint (H)
sudoku-discard = Discard the picked card (D)
sudoku-stop-jumps = Stop the knight's jumps
sudoku-block-mines = Block mines done: { $blocks }
sudoku-actions = Actions: { $n }
sudoku-restart = Restart
sudoku-new-board = New board
sudoku-menu = Menu

## Sweeper Sudoku: cards (a piece of a side, as in “Place the white king 3”)

card-white-king = white king
card-white-queen = white queen
card-white-rook = white rook
card-white-bishop = white bishop
card-white-knight = white knight
card-black-king = black king
card-black-queen = black queen
card-black-rook = black rook
card-black-bishop = black bishop
card-black-knight = black knight

## Sweeper Sudoku: hints ({ $cell } is a cell name like b3)

hint-mine = Hint: { $cell } is a mine: hold it to probe (+10).
hint-safe-digit = Hint: { $cell } is a { $digit } with no mine: place a { $digit } there.
hint-safe = Hint: { $cell } holds no mine.
hint-digit = Hint: { $cell } is a { $digit } (a mine may be under it).

## Sweeper Sudoku: what just happened

toast-blew = A mine blew up: a life lost.
toast-not-digit = { $cell } does not hold a { $digit }: the piece sits out.
toast-spare-life = The king spent his spare life: nothing lost.

## Sweeper Sudoku: why an action is refused

sref-over = The board is over: start a new one.
sref-flag-closed = Flags go on closed cells.
sref-piece-there = A piece stands there.
sref-probe-closed = Only a closed cell can be probed.
sref-no-card = There is no such card in the hand.
sref-place-closed = A piece goes on a closed cell.
sref-flagged = That cell is flagged: take the flag down first.
sref-off-board = That is off the board.
sref-no-piece = There is no piece there.
sref-other-piece = Another piece stands there.
sref-no-stamina = This { $piece } has no stamina left.
sref-question = A question mark never opens.
sref-cannot-move = A { $piece } cannot move there.
sref-flag-jump = A knight flag-jumps an L onto a closed cell, with stamina or a hit before.
sref-no-jump = No knight is jumping.
sref-discard = Pick cards in the hand to discard.
sref-merge = Drag one hand card onto another to merge.

## Sweeper Sudoku: the result card

sudoku-wipe = Wipe!
sudoku-lost = Board lost
sudoku-why-won = Every mine is done with.
sudoku-why-lives = No lives left.
sudoku-why-pieces = Out of pieces, with nothing left to move.
sudoku-pawns =
    { $pawns ->
        [one] { $pawns } pawn
       *[other] { $pawns } pawns
    }
sudoku-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
sudoku-play-again = Play again
sudoku-look = Look at the board
fact-mines-defused = Mines defused
fact-mines-blown = Mines blown
fact-cells-opened = Cells opened
fact-lives-left = Lives left
fact-actions = Actions
fact-board = Board
fact-code = Code
fact-rating = Rating

## The web page, before the game has loaded

web-loading = Loading…
web-starting = Starting…
web-assets = Pieces and sounds…
web-old-browser = This browser cannot run the game: it needs WebAssembly SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or newer).

## How to play Minesweeper Chess

help-chess-title = How to play Minesweeper Chess
help-chess =
    Chess on an 8×10 board with a minefield hidden in ranks 4–7. Pawns can sweep the cell ahead for mines. Kings are immune.

    ## The board
    Minesweeper Chess is played on an 8×10 board: 8 files (a–h) and 10 ranks (1–10). White takes ranks 1–2 and Black ranks 9–10, in the usual chess order. Ranks 3 and 8 are empty at the start.
    The back rank (rank 1 for White, rank 10 for Black) is R N B Q K B N R: rook, knight, bishop, queen, king, bishop, knight, rook. The pawns stand on rank 2 (White) and rank 9 (Black). White moves first.

    ## The fog zone
    Ranks 4–7 are the fog zone. At the start four mines are placed at random among these 32 cells and the zone is covered in grey fog. The mine counter in the panel shows how many mines are still on the board.
    When a piece lands on a cell, the fog lifts from that cell and from its neighbours in the fog zone. One ring only: there is no cascade. A revealed cell shows how many mines touch it, exactly as in classic Minesweeper (1–8, in colour), or nothing when there are none.
    When all four mines have been found (their cell revealed) or removed, the rest of the fog lifts for good and the game goes on as ordinary chess.

    ## What a mine does
    • King: lands on a mine — the royal sapper: the mine is removed silently and the king is unharmed.
    • Pawn, sapper action: sweeps the cell ahead — any mine there is removed, the pawn stays where it is and the turn passes. Safe even when there is no mine.
    • Pawn, ordinary move: lands on a mine — the pawn is destroyed, and the mine with it.
    • Any other piece: lands on a mine — the piece is destroyed, and the mine with it.
    • Rook, bishop, queen: slide across a mine — nothing happens. Mines go off only on the cell a piece lands on, so sliding pieces pass over any mine they do not stop on.

    ## The pawn's sapper action
    Select a pawn and a bomb appears on the cell directly ahead. Click the bomb (or right-click the cell, press S, or hold the cell on a touch screen) to sweep: the pawn stays where it is and any mine on that cell is removed. If there was no mine, the pawn has spent its turn — which also means pawns can legally pass, so zugzwang is much harder to force.
    The sapper action is not allowed while your king is in check (it cannot get the king out of check). Once no mine is hidden any more, a pawn can sweep only a cell that holds a visible mine: from then on it is chess.

    ## Castling, promotion and special rules
    Castling follows the usual chess rules: the king and the rook must not have moved, the cells between them must be empty, and the king must not be in check, cross a cell in check or land in check. Mines in the castling path count as empty for the free-path test, but the king would set off one it lands on (as a king, he removes it).
    Promotion: White pawns promote on reaching rank 10 (Black's back rank), Black pawns on rank 1. A pawn always promotes to a queen.
    No en passant. No fifty-move rule: the fog slows the opening down so much that games often go well past 50 moves before real contact.

    ## Check, checkmate and stalemate
    The usual rules of check and checkmate apply. A king in check must get out of it on the next move; moves that leave your own king in check are illegal. Stalemate (no legal move, not in check) ends the game in a draw.
    A blast that leaves your own king in check loses at once: the other side wins. Threefold repetition and a position where neither side can mate are draws too, and the players can agree to a draw.

    ## Controls
    Click a piece, then a highlighted cell (or drag it there). Right-click, S or a long press on the cell ahead of a selected pawn sweeps it. Keys: Esc menu or deselect, F flip the board, U undo, H hint, M mute.

## How to play Sweeper Sudoku

help-sudoku-title = How to play Sweeper Sudoku
help-sudoku =
    ## The board
    Under the fog lies a solved sudoku: every digit appears once in each row, column and block. A few cells start open, and they never hold a mine.
    Mines are scattered over the board separately, as in Minesweeper. A mine can sit under any digit.
    An open cell can show a small round number: how many mines are among its eight neighbours. Each block shows how many mines it holds. Some starting cells keep their count to themselves and show an empty ring.

    ## Flags
    Raise a flag on a closed cell you think hides a mine: right-click the cell, or double-tap it on a touch screen. The flag is your plan: it decides what a piece does when it passes that cell.

    ## Your hand
    Your hand holds five pieces, each with a digit on its card. Put one on a closed cell and you are saying the cell holds that digit.
    • Right digit, no mine: the cell opens and the piece stays on it as a sensor. A rook, bishop or queen merges with the cell and its digit changes; a king or knight keeps its digit.
    • Wrong digit, no mine: the piece sits out for the rest of the board. The cell stays shut, and the game notes that the digit is not there.
    • A mine blows up whatever the digit. You lose a life and the piece is destroyed.
    After every piece you play, the hand refills from the deck.

    ## Sensors
    Every piece on the board shows a number, its sensor. It updates after every action.
    A white piece counts the mines left in its zone, like a Minesweeper number. A black piece counts the closed cells in its zone that hide its own digit, the one on its card. A mine in the cell does not change that.
    A king's zone is the eight cells around it, a knight's the eight cells an L-jump away. A rook, bishop or queen looks along its lines, through closed cells only: each line stops before the first open cell or piece.

    ## Moving on the board
    A piece on the board moves by its chess rules onto a closed cell. The digit is not checked on a board move; the mines and your flags decide. Each board move costs one stamina: a knight has three, every other piece two. Placing from the hand costs none.
    A rook, bishop or queen opens every cell on its path. A mine under your flag is defused. A flag with no mine under it turns into a question mark: the piece stops there, sits out, and you lose 10 points. A mine with no flag blows up. A rook can also glide along open cells for free: it opens nothing and only lines up its sensor.
    A king or knight makes one step or one jump, with no path in between, and a flag does not protect it. A mine under a king or knight blows up, flag or not.
    Right-click a knight, or hold it on a touch screen, to raise its flag, and it jumps like a minesweeper. Onto a mine, it defuses it. Onto an empty cell, it leaves a question mark and sits out. While it keeps hitting, it keeps jumping.

    ## Probes
    Hold down on a closed cell until the fuse burns round it. That probes the cell without a piece.
    On a mine, the mine is defused and the cell opens, worth 10 points. On an empty cell, the cell turns into a question mark for good and you lose 10 points. A probe is not a move and costs no stamina.
    Each king on the board has one spare life per board. If you probe an empty cell in the 3×3 around him, he spends it instead: the cell stays closed and nothing is lost.

    ## Discard and merge
    Discard as many pieces as you like (D, or drag a card onto the deck): the piece leaves your hand and a new one comes in from the deck. A discard is not a move and scores nothing. The deck is finite, and that is the limit.
    Merge: drag one piece in your hand onto another. The digits add up round the circle from 1 to the board size, and the top digit counts as 1. On a 6×6 board a 3 fed to a 3 makes 6, and a 6 fed to a 3 makes 4. The piece you fed is discarded.

    ## Winning and losing
    Defuse every mine and the board is won. That is a Wipe. Mines that blew up count as done, and you do not have to open every cell.
    You have 3 lives. Every mine that blows up takes one. Lose all three, or run out of pieces with nothing left to move, and the board is lost.
    Points come from the digits you open, with more for mines defused on the same move. Your score counts them in pawns, ten points to a pawn, and goes on your result card.

    ## Controls
    Mouse: click a card, then a cell (or drag it there); click a piece, then a dot to move; right-click to flag; hold to probe. Touch: tap, double-tap to flag, hold to probe, hold a knight to raise its flag. Keys: H hint, D discard, Esc cancel.

## The built-in boards (levels/*.ron and levels/sudoku/*.ron, by file name).
## A board a modder adds shows the name written in its own file.

preset-classic = Classic
    .description = The rules as written: 8×10, four mines under fog on ranks 4–7.
preset-grand_12x12 = Grand 12×12
    .description = 12×12 with extra knights and rooks; ten mines on ranks 4–9.
preset-minefield = Minefield
    .description = Twelve mines in the classic fog: pawns must sweep the way.
preset-skirmish_6x6 = Skirmish 6×6
    .description = Small and sharp: 6×6, two mines on ranks 3–4, no castling.
preset-wide_fog = Wide Fog
    .description = Fog on ranks 3–8 reaches the pawns; six mines.
sudoku-preset-classic_6x6 = Classic 6×6
    .description = Six mines, a hidden count and a deck of twenty.
sudoku-preset-easy_4x4 = Easy 4×4
    .description = Three mines in a 4×4 sudoku: learn flags, probes and sensors.
sudoku-preset-grand_9x9 = Grand 9×9
    .description = Twelve mines under a full sudoku; a deck of thirty-six.

## Online play
play-online = Play online
online-server = Server
online-time = Time control
untimed = Untimed
color-random = Random
# Profiles, the archive and the leaderboard
profile-title = Player profile
member-since = Member since { $date }
speed-rating =
    { $speed }: { $rating } · { $n ->
        [one] { $n } rated game
       *[other] { $n } rated games
    }
no-ratings-yet = No rated games yet.
rating-history = Rating history
profile-games = Played { $played } · won { $won } · drawn { $drawn } · lost { $lost }
recent-games = Recent games
all-games = All games
leaderboard = Leaderboard
page-loading = Loading…
no-such-player = No player by that name.
page-unavailable = The server could not answer: try again later.
speed-bullet = Bullet
speed-blitz = Blitz
speed-rapid = Rapid
speed-classical = Classical
archive-title = Games of { $name }
no-games-yet = No finished games yet.
who-guest = Guest
who-deleted = Deleted player
game-rated = Rated
game-casual = Casual
replay-game = Replay
copy-link = Copy link
page-newer = Newer
page-older = Older
page-number = Page { $n }
leader-player = Player
leader-rating = Rating
leader-games = Games
leaderboard-empty =
    Nobody yet: rated players with an established rating who played in the last { $n ->
        [one] { $n } day
       *[other] { $n } days
    } appear here.
create-game = Create a game
quick-game = Find an opponent
invite-code = Invite code
join-game = Join
watch-game = Watch
back-to-game = Back to game { $code }
online-builtin-only = Online games are played on the built-in boards.
connecting = Connecting…
waiting-opponent = Waiting for an opponent…
share-code = Invite code: { $code }
share-link = Link: { $link }
opponent-here = Opponent connected
opponent-away = Opponent reconnecting…
reconnecting = Connection lost: reconnecting…
watching = Watching
draw-offered-by = { $side } offers a draw
accept-draw = Accept the draw
decline-draw = Decline
offer-draw-online = Offer a draw
draw-offer-sent = Draw offered
rematch = Rematch
rematch-asked = { $side } asks for a rematch
leave-online = Leave
unreachable = Cannot reach { $server }
err-not-found = No game with that code.
err-game-full = Both seats are taken: you may watch.
err-not-your-turn = It is not your move.
err-stale = That move came too late and was not played.
err-illegal = The server refused that move.
err-game-over = The game is over.
err-bad-request = The server does not offer that.
err-unavailable = The server could not store that: try again.
err-rate-limited = Too many requests: slow down.
err-bad-message = The server did not understand the request.
err-not-started = The game starts when your opponent takes the seat.
err-limit = The server is at a limit: finish or leave a game first, or try again later.
err-seat-taken = This seat is now played from another window or device.

## Credits: the work of others in the game, with its licences

credits = Credits
credits-intro = Minesweeper Chess is made by its developers. It uses the work of others, listed here with their licences.
credits-pieces = Chess pieces
credits-fonts = Fonts
credits-sounds = Sounds
credits-sounds-text = Every sound is designed and rendered by this project (scripts/render-sounds.py), under the same licence as the code.
credits-network = The computer's evaluation
credits-network-text = The computer's evaluation network was trained on positions scored by Fairy-Stockfish (GPL-3.0), an open-source chess variant engine by Fabian Fichter and the Stockfish developers; no code of Fairy-Stockfish is in the game.
credits-code = The game
credits-code-text = The game's code is licensed MIT OR Apache-2.0. The pieces, fonts and sounds keep their own licences (assets/CREDITS.md).
credits-author = Author:
credits-licence = Licence:
credits-adapted-by = Adapted by:
credits-based-on = Based on:
credits-source = Source
credits-full-text = Full licence text
credits-changes = Adapted: cut into single pieces and rendered to PNG.
credits-cc-by-sa = Shared under the same licence (CC BY-SA 3.0).

# Accounts and ratings

acc-sign-in = Sign in
acc-sign-up = Create an account
acc-signed-in-as = Signed in as { $name }
acc-rating-hint = Your rating at the time control chosen below (with ? while it is provisional)
acc-my-page = My page
acc-my-games = My games
acc-leaderboard = Leaderboard
acc-account = Account
acc-rated = Rated
acc-rated-hint = Sign in to play rated games
acc-user-name = User name
acc-password = Password
acc-name-rules = 3–20 letters, digits, _ or -, starting with a letter
acc-password-rules = At least 8 characters
acc-change-password = Change the password
acc-old-password = Current password
acc-new-password = New password
acc-sign-out = Sign out
acc-sign-out-everywhere = Sign out everywhere
acc-delete = Delete the account
acc-delete-confirm = Yes, delete it for ever
acc-delete-warning = This cannot be undone. Your games stay in the archive under “deleted player”.
acc-guest = Guest
acc-deleted-player = Deleted player
acc-rated-game = Rated game
acc-casual-game = Casual game
acc-rating-change = { $side }: rating { $rating } ({ $change })
acc-signed-out = Signed out.
acc-password-changed = Password changed. Your other devices are signed out.
acc-deleted = The account is deleted.
acc-ref-name-length = A user name has 3 to 20 characters.
acc-ref-name-characters = A user name holds only letters a–z, digits, _ and -.
acc-ref-name-start = A user name starts with a letter.
acc-ref-name-separators = A user name has no _ or - twice in a row or at its end.
acc-ref-name-reserved = That name is reserved: choose another.
acc-ref-name-taken = That name is taken: choose another.
acc-ref-password = A password has { $min } to { $max } characters.
acc-ref-wrong-sign-in = Wrong user name or password.
acc-ref-wait-seconds =
    { $n ->
        [one] Too many tries: wait { $n } second and try again.
       *[other] Too many tries: wait { $n } seconds and try again.
    }
acc-ref-wait-minutes =
    { $n ->
        [one] Too many tries: wait { $n } minute and try again.
       *[other] Too many tries: wait { $n } minutes and try again.
    }
acc-ref-session-ended = Your session has ended: sign in again.
acc-ref-not-signed-in = Sign in first.
acc-ref-not-found = No such player or game.
acc-ref-rated-needs-account = Rated games are for signed-in players: both players need an account.
acc-ref-page-too-far = There are no older games to show.
acc-ref-unavailable = The server could not reach its accounts: try again.
