# Minesweeper Chess — danske tekster til brugerfladen.
#
# Én besked pr. tekst, spilleren ser. Oversættere: kopiér en.ftl til
# <sprogkode>.ftl, oversæt værdierne (aldrig id'erne til venstre),
# behold alle { $placeholder }, og kør fuldstændighedstesten
# (cargo test --test game i18n). Linjer, der begynder med "## " i de to
# vejledningssider, er overskrifter, og "• " indleder et punkt.

## Selve sproget

# Sprogets navn, skrevet på sproget (vises i Indstillinger).
language-name = Dansk
# Brikbogstaver til træklisten i rækkefølgen konge dronning tårn løber
# springer, adskilt af mellemrum (bønder har intet bogstav).
notation-letters = K D T L S

## Titelskærm og menuer

title = Minesweeper Chess
subtitle = Skak med et minefelt under tågen
play-hot-seat = Spil: to spillere, én skærm
play-computer = Spil mod computeren
play-puzzle = Sweeper Sudoku (logikspil)
coming-soon = kommer snart
level = Niveau
level-beginner = Begynder
level-casual = Øvet
level-strong = Stærk
level-master = Mester
you-play = Du spiller
vs-computer = Mod computeren ({ $level })
thinking = Computeren tænker…
hint = Tip
hint-thinking = Leder efter et godt træk…
search-info = Seneste søgning: dybde { $depth }, { $nodes } stillinger
resume = Genoptag gemt parti
board = Bræt
how-to-play = Sådan spiller du
settings = Indstillinger
quit = Afslut
back = Tilbage
continue = Fortsæt
main-menu = Hovedmenu
paused = Pause
new-game = Nyt parti
undo = Fortryd
resign = Opgiv
offer-draw = Aftal remis
flip = Vend brættet
export = Eksportér parti
import = Importér parti
copy = Kopiér
load = Indlæs
close = Luk

## Skakpanelet

to-move = { $side } i trækket
white = Hvid
black = Sort
check = Skak!
mines =
    { $n ->
        [one] { $n } mine tilbage
       *[other] { $n } miner tilbage
    }
captured = Slåede brikker
destroyed = Ødelagt af miner
moves = Træk
replay-showing = Træk { $n } af { $total }
replay-live = Tilbage til partiet (End)
replay-odds = Dette træk gik ind i tågen på et felt med { $percent } % risiko for en mine, som brættet så ud dengang.
analyse = Analysér
analysis-title = Analyse: motoren på hver stilling, som spillerne så den
analysis-progress = { $n } af { $total } stillinger
analysis-legend = Hvids vinderchancer · ?! ? ?? i trækkene: tabte chancer
type-move = Skriv et træk: e4, Sf3, e2e4, e2*
typed-syntax = “{ $text }” er ikke et træk (prøv e4, Sf3, e2e4 eller e2*)
typed-illegal = “{ $text }” er ikke et lovligt træk her
typed-ambiguous = “{ $text }” passer til flere brikker: tilføj kolonne eller række (Sbd2)
premove = Forudtræk
premove-help = Forbered dit træk i modstanderens tur
sudoku-daily = Dagens bræt · { $date }
daily-stats = Spillet { $played } · vundet { $won } · stime { $streak } · bedste { $best }
daily-stats-broken = Statistikken for dagens bræt kunne ikke læses ({ $why }); den begynder forfra.
daily-share-title = Sweeper Sudoku · dagens bræt { $date }
daily-scores = Dine resultater, i bønder
game-over = Partiet er slut

## Indstillinger

volume = Lydstyrke
mute = Slå lyden fra
switch-on = Til
switch-off = Fra
percent = { $percent } %
theme = Tema for brættet
coordinates = Vis koordinater
animation-speed = Animationshastighed
anim-off = Fra
anim-slow = Langsom
anim-normal = Normal
anim-fast = Hurtig
palette = Farver på minetal
palette-classic = Klassisk Minesweeper
palette-colour-blind = Egnet til farveblinde
language = Sprog
notation = Bogstaver i træklisten
notation-local = { notation-letters } (dansk)
notation-international = K Q R B N (internationalt)
theme-walnut = Valnød
theme-tournament = Turnering
theme-slate = Skifer
theme-ocean = Hav
piece-set-label = Brikker
pieces-cburnett = Cburnett
pieces-fantasy = Fantasy
pieces-spatial = Spatial
pieces-celtic = Celtic
pieces-simple = Simple
pieces-glyphs = Skrifttegn
coordinates-inside = Koordinater inde på brættet
sounds = Lyde
sound-moves = Træk og slag
sound-effects = Eksplosioner, tåge og ur
sound-interface = Menuklik
sfx-move = Træk
sfx-capture = Slag
sfx-blast = Eksplosion
sfx-sweep = Minørhandling
sfx-royal-sweep = Kongelig minør
sfx-fog = Tågen letter
sfx-check = Skak!
sfx-game-start = Partiens start
sfx-game-end = Partiens slut
sfx-low-time = Lidt tid
sfx-illegal = Afvist træk
sfx-click = Klik
sfx-card = Kort spillet
sfx-sensor = Sensor sat
sfx-wrong-digit = Forkert ciffer
sfx-life-lost = Liv tabt
sfx-wipe = Rent bord
sfx-probe = Sondering
sfx-flag = Flag sat

## Meddelelser

preset-errors = Nogle brætter i levels/ indeholder fejl:
preset-changed = Dette bræt er ændret på disken; start et nyt parti for at bruge det.
save-corrupt = Det gemte parti kunne ikke læses ({ $why }); et nyt parti er startet.
import-failed = Partiet kunne ikke importeres: { $why }
text-errors = En oversættelsesfil indeholder fejl (de sidste gyldige tekster bruges fortsat):
sweep-hint = Højreklik, S eller (berøring) hold på feltet foran: ryd det
keys = Taster: Esc menu/fravælg · F vend · U fortryd · H tip · M lyd fra · S ryd · ← → gennemse trækkene · Mellemrum markør · Enter skriv et træk

## Briknavne (med små bogstaver, som inde i en sætning)

piece-king = konge
piece-queen = dronning
piece-rook = tårn
piece-bishop = løber
piece-knight = springer
piece-pawn = bonde

## Hvorfor et skaktræk afvises

ref-game-over = Partiet er slut.
ref-no-piece = Der står ingen brik på { $sq }.
ref-not-your-turn = Det er ikke din tur: { $side } er i trækket.
ref-only-pawns-sweep = Kun bønder kan rydde miner.
ref-no-sapper-rule = Dette bræt har ingen minørhandling.
ref-sweep-in-check = En bonde kan ikke rydde, mens din konge står i skak.
ref-cannot-sweep = Bonden på { $from } kan ikke rydde { $to }.
ref-nothing-to-sweep = Der er ikke flere skjulte miner: der er intet at rydde på { $sq }. Partiet fortsætter som almindelig skak.
ref-must-promote = En bonde, der når { $sq }, skal forfremmes.
ref-wrong-kind = Brikken på { $from } ({ $piece }) kan ikke trække sådan til { $to }.
ref-in-check = Din konge på { $sq } står i skak: ophæv skakken.
ref-cannot-go = Brikken på { $from } ({ $piece }) kan ikke gå til { $to }.

## Hvordan et skakparti slutter

win-checkmate = { $side } vinder ved skakmat
win-blast = { $side } vinder: eksplosionen blottede modstanderens konge
win-resignation = { $side } vinder, fordi modstanderen opgav
win-timeout = { $side } vinder på tid
draw-stalemate = Remis ved pat
draw-repetition = Remis ved trefoldig gentagelse
draw-material = Remis: ingen af siderne kan sætte mat
draw-agreement = Remis efter aftale
draw-timeout = Remis: tiden løb ud, men modstanderen kan ikke sætte mat

## Sweeper Sudoku: menu

sudoku-title = Sweeper Sudoku
sudoku-tagline = En skjult sudoku, miner og en hånd fuld af skakbrikker.
sudoku-resume-board = Fortsæt dette bræt
sudoku-resume-saved = Fortsæt det gemte bræt { $code }
sudoku-boards = Bræt
sudoku-play-new = Spil et nyt bræt
sudoku-board-code = Brætkode:
sudoku-play-code = Spil koden
sudoku-back-to-chess = Tilbage til Minesweeper Chess
sudoku-save-corrupt = Det gemte bræt kunne ikke læses ({ $why }); det er gemt som { $file }, og et nyt bræt begynder på en frisk.
sudoku-no-board = Intet bræt er åbent.

## Hvorfor en brætkode ikke kan læses

code-not-a-code = »{ $code }« er ikke en brætkode (f.eks. { $example }).
code-too-short = »{ $code }« er for kort til at være en brætkode (f.eks. { $example }).
code-unknown-tag = Intet bræt har mærket { $tag } (mærkerne er { $tags }).
code-bad-character = »{ $char }« kan ikke indgå i en brætkode.
code-too-long = »{ $code }« er for lang til at være en brætkode.
code-typo = »{ $code }« indeholder en tastefejl (kontrolbogstavet passer ikke).

## Sweeper Sudoku: panelet

sudoku-choose = Vælg et bræt at spille.
sudoku-rating =
    Sværhedsgrad: { $rating } ({ $found }/{ $mines } { $mines ->
        [one] mine
       *[other] miner
    } ved ren logik)
rating-gentle = Blid
rating-thoughtful = Eftertænksom
rating-tricky = Snedig
rating-daring = Dristig
sudoku-lives =
    { $hearts }  { $n ->
        [one] { $n } liv
       *[other] { $n } liv
    }
sudoku-score =
    { $points ->
        [one] { $points } point
       *[other] { $points } point
    } · { $pawns ->
        [one] { $pawns } bonde
       *[other] { $pawns } bønder
    }
sudoku-mines-done = Miner klaret: { $done } af { $total }
sudoku-deck =
    Bunke: { $deck ->
        [one] { $deck } kort
       *[other] { $deck } kort
    } · hånd: { $hand }
sudoku-sitting-out = Sidder over: { $cards }
sudoku-destroyed = Ødelagt: { $cards }
sudoku-jumping = Springeren på { $cell } har hejst sit flag: vælg en orange ring for at springe.
sudoku-jumping-free = Springeren på { $cell } har hejst sit flag: vælg en orange ring for at springe (gratis).
sudoku-placing = Placér { $card } { $digit }: vælg et lukket felt.
sudoku-pick-dot = Vælg en prik at flytte til (blå: gratis glid).
sudoku-idle = Vælg et kort eller en brik; højreklik sætter flag; hold på et felt for at sondere.
sudoku-no-hint = Tip: intet er sikkert ud fra det, du kan se.
sudoku-hint-button = Tip (H)
sudoku-discard = Kassér det valgte kort (D)
sudoku-stop-jumps = Stop springerens spring
sudoku-block-mines = Miner klaret pr. blok: { $blocks }
sudoku-actions = Handlinger: { $n }
sudoku-restart = Start forfra
sudoku-new-board = Nyt bræt
sudoku-menu = Menu

## Sweeper Sudoku: kort (en brik fra en side, som i »Placér hvid konge 3«)

card-white-king = hvid konge
card-white-queen = hvid dronning
card-white-rook = hvidt tårn
card-white-bishop = hvid løber
card-white-knight = hvid springer
card-black-king = sort konge
card-black-queen = sort dronning
card-black-rook = sort tårn
card-black-bishop = sort løber
card-black-knight = sort springer

## Sweeper Sudoku: tip ({ $cell } er et feltnavn som b3)

hint-mine = Tip: { $cell } er en mine: hold på feltet for at sondere (+10).
hint-safe-digit = Tip: { $cell } har cifferet { $digit } og ingen mine: placér en { $digit }'er dér.
hint-safe = Tip: { $cell } gemmer ingen mine.
hint-digit = Tip: { $cell } har cifferet { $digit } (der kan ligge en mine under det).

## Sweeper Sudoku: hvad der lige skete

toast-blew = En mine eksploderede: et liv er tabt.
toast-not-digit = { $cell } rummer ikke cifferet { $digit }: brikken sidder over.
toast-spare-life = Kongen brugte sit ekstra liv: intet er tabt.

## Sweeper Sudoku: hvorfor en handling afvises

sref-over = Brættet er slut: start et nyt.
sref-flag-closed = Flag sættes på lukkede felter.
sref-piece-there = Der står en brik dér.
sref-probe-closed = Kun et lukket felt kan sonderes.
sref-no-card = Det kort findes ikke i hånden.
sref-place-closed = En brik skal placeres på et lukket felt.
sref-flagged = Feltet har et flag: tag flaget ned først.
sref-off-board = Det er uden for brættet.
sref-no-piece = Der står ingen brik dér.
sref-other-piece = Der står en anden brik dér.
sref-no-stamina = Brikken ({ $piece }) har ingen udholdenhed tilbage.
sref-question = Et spørgsmålstegn kan aldrig åbnes.
sref-cannot-move = Brikken ({ $piece }) kan ikke flytte dertil.
sref-flag-jump = En springer med flag springer i et L til et lukket felt, hvis den har udholdenhed tilbage eller ramte i sit forrige spring.
sref-no-jump = Ingen springer er i gang med at springe.
sref-discard = Vælg kort i hånden for at kassere dem.
sref-merge = Træk et kort i hånden over på et andet for at slå dem sammen.

## Sweeper Sudoku: resultatkortet

sudoku-wipe = Rent bord!
sudoku-lost = Brættet er tabt
sudoku-why-won = Alle miner er klaret.
sudoku-why-lives = Ingen liv tilbage.
sudoku-why-pieces = Ikke flere brikker, og intet tilbage at flytte.
sudoku-pawns =
    { $pawns ->
        [one] { $pawns } bonde
       *[other] { $pawns } bønder
    }
sudoku-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } point
    }
sudoku-play-again = Spil igen
sudoku-look = Se på brættet
fact-mines-defused = Desarmerede miner
fact-mines-blown = Eksploderede miner
fact-cells-opened = Åbnede felter
fact-lives-left = Liv tilbage
fact-actions = Handlinger
fact-board = Bræt
fact-code = Kode
fact-rating = Sværhedsgrad

## Websiden, før spillet er indlæst

web-loading = Indlæser…
web-starting = Starter…
web-assets = Brikker og lyde…
web-old-browser = Denne browser kan ikke køre spillet: det kræver WebAssembly SIMD (Chrome eller Edge 91, Firefox 89, Safari 16.4 eller nyere).

## Sådan spiller du Minesweeper Chess

help-chess-title = Sådan spiller du Minesweeper Chess
help-chess =
    Skak på et 8×10-bræt med et minefelt skjult i række 4–7. Bønder kan rydde miner. Konger er immune.

    ## Brættet
    Minesweeper Chess spilles på et 8×10-bræt: 8 kolonner (a–h) og 10 rækker (1–10). Hvid besætter række 1–2, og Sort besætter række 9–10 i den almindelige skakopstilling. Række 3 og 8 er tomme ved start.
    Bagerste række (række 1 for Hvid, række 10 for Sort) er tårn, springer, løber, dronning, konge, løber, springer, tårn (R·N·B·Q·K·B·N·R i international notation). Bønderne står på række 2 (Hvid) og række 9 (Sort). Hvid trækker først.

    ## Tågezonen
    Række 4–7 er tågezonen. Ved partiets start placeres fire miner tilfældigt blandt disse 32 felter, og zonen dækkes af grå tåge. Minetælleren i panelet viser, hvor mange miner der er tilbage på brættet.
    Når en brik lander på et felt, letter tågen fra det felt og fra dets naboer i tågezonen. Kun én ring: der er ingen kaskadeafsløring. Et afsløret felt viser, hvor mange miner der støder op til det, præcis som i klassisk Minesweeper (1–8, farvekodet), eller intet, hvis der ingen er.
    Når alle fire miner enten er opdaget (deres felt afsløret) eller fjernet fra brættet, letter al resterende tåge permanent, og partiet fortsætter som almindelig skak.

    ## Hvad en mine gør
    • Konge: lander på en mine — kongelig minør: minen fjernes lydløst, og kongen er uskadt.
    • Bonde, minørhandling: rydder feltet fremad — en eventuel mine dér fjernes, bonden bliver stående, og turen går videre. Sikkert, selv hvis der ikke er nogen mine.
    • Bonde, normalt træk: lander på en mine — bonden ødelægges, og minen ryddes.
    • Enhver anden brik: lander på en mine — brikken ødelægges, og minen ryddes.
    • Tårn, løber, dronning: glider hen over en mine — ingen effekt. Miner udløses kun på landingsfeltet, så glidende brikker passerer enhver mine, de ikke stopper på.

    ## Bondens minørhandling
    Vælg en bonde, og en bombe vises på feltet lige foran den. Klik på bomben (eller højreklik på feltet, tryk på S, eller hold på feltet på en berøringsskærm) for at bruge minørhandlingen: bonden bliver stående, og enhver mine på feltet fjernes. Hvis der ikke var nogen mine, har bonden brugt sin tur — men det betyder også, at bønder lovligt kan springe deres træk over, hvilket gør zugzwang betydeligt sværere at opnå.
    Minørhandlingen er ikke tilladt, mens din konge står i skak (den kan ikke ophæve skakken). Når der ikke længere er skjulte miner, kan en bonde kun rydde et felt med en synlig mine: fra da af er det almindelig skak.

    ## Rokade, forfremmelse og særlige regler
    Rokade følger de almindelige skakregler: kongen og tårnet må ikke have flyttet sig, felterne mellem dem skal være tomme, og kongen må ikke stå i skak, passere gennem skak eller lande i skak. Miner i rokadekorridoren behandles som tomme i testen for fri vej, men kongen ville udløse en mine, den lander på (og som konge fjerner den minen).
    Forfremmelse: Hvide bønder forfremmes, når de når række 10 (Sorts bagerste række), sorte bønder på række 1. En bonde forfremmes altid til dronning.
    Ingen en passant. Ingen 50-trækregel: tågen bremser åbningen så meget, at partier ofte strækker sig langt forbi 50 træk, før der opstår reel kontakt.

    ## Skak, skakmat og pat
    De almindelige regler for skak og skakmat gælder. En konge i skak skal ophæve skakken med næste træk; træk, der efterlader din egen konge i skak, er ulovlige. Pat (intet lovligt træk, ikke i skak) afslutter partiet som remis.
    Efterlader en eksplosion din egen konge i skak, taber du med det samme: modstanderen vinder. Trefoldig gentagelse og en stilling, hvor ingen af siderne kan sætte mat, er også remis, og spillerne kan aftale remis.

    ## Styring
    Klik på en brik og derefter på et markeret felt (eller træk brikken derhen). Højreklik, S eller et langt tryk på feltet foran en valgt bonde rydder det. Taster: Esc menu eller fravælg, F vend brættet, U fortryd, H tip, M slå lyden fra.

## Sådan spiller du Sweeper Sudoku

help-sudoku-title = Sådan spiller du Sweeper Sudoku
help-sudoku =
    ## Brættet
    Under tågen ligger en løst sudoku: hvert ciffer forekommer én gang i hver række, kolonne og blok. Nogle få felter er åbne fra start, og de gemmer aldrig en mine.
    Minerne er spredt ud over brættet for sig, som i Minesweeper. En mine kan ligge under et hvilket som helst ciffer.
    Et åbent felt kan vise et lille rundt tal: hvor mange miner der er blandt dets otte naboer. Hver blok viser, hvor mange miner den rummer. Nogle startfelter holder deres antal for sig selv og viser en tom ring.

    ## Flag
    Sæt et flag på et lukket felt, som du tror skjuler en mine: højreklik på feltet, eller dobbelttryk på det på en berøringsskærm. Flaget er din plan: det afgør, hvad en brik gør, når den passerer feltet.

    ## Din hånd
    Din hånd rummer fem brikker, hver med et ciffer på sit kort. Sætter du en af dem på et lukket felt, siger du, at feltet rummer det ciffer.
    • Rigtigt ciffer, ingen mine: feltet åbnes, og brikken bliver stående på det som sensor. Et tårn, en løber eller en dronning smelter sammen med feltet, og brikkens ciffer skifter; en konge eller springer beholder sit ciffer.
    • Forkert ciffer, ingen mine: brikken sidder over resten af brættet. Feltet forbliver lukket, og spillet noterer, at cifferet ikke er dér.
    • En mine eksploderer, uanset hvilket ciffer du satte. Du mister et liv, og brikken ødelægges.
    Efter hver brik, du spiller, fyldes hånden op fra bunken.

    ## Sensorer
    Hver brik på brættet viser et tal, dens sensor. Det opdateres efter hver handling.
    En hvid brik tæller de miner, der er tilbage i dens zone, ligesom et tal i Minesweeper. En sort brik tæller de lukkede felter i dens zone, der skjuler dens eget ciffer, altså det på dens kort. En mine i feltet ændrer ikke på det.
    En konges zone er de otte felter omkring den, en springers de otte felter, der ligger et L-spring væk. Et tårn, en løber eller en dronning kigger langs sine linjer, kun gennem lukkede felter: hver linje stopper før det første åbne felt eller den første brik.

    ## Træk på brættet
    En brik på brættet flytter efter sine skakregler til et lukket felt. Cifferet kontrolleres ikke ved et træk på brættet; det er minerne og dine flag, der afgør udfaldet. Hvert træk på brættet koster én udholdenhed: en springer har tre, alle andre brikker to. At placere fra hånden koster ingenting.
    Et tårn, en løber eller en dronning åbner alle felter på sin vej. En mine under dit flag desarmeres. Et flag uden en mine under sig bliver til et spørgsmålstegn: brikken stopper dér, sidder over, og du mister 10 point. En mine uden flag eksploderer. Et tårn kan også glide gratis hen ad åbne felter: det åbner intet og retter kun sin sensor ind.
    En konge eller springer tager ét skridt eller ét spring uden nogen vej imellem, og et flag beskytter den ikke. En mine under en konge eller springer eksploderer, med eller uden flag.
    Højreklik på en springer, eller hold på den på en berøringsskærm, for at hejse dens flag, så springer den som en minerydder. Lander den på en mine, desarmerer den minen. Lander den på et tomt felt, efterlader den et spørgsmålstegn og sidder over. Så længe den bliver ved med at ramme, bliver den ved med at springe.

    ## Sondering
    Hold et lukket felt nede, indtil lunten er brændt rundt om det. Så sonderer du feltet uden at bruge en brik.
    På en mine desarmeres minen, og feltet åbnes, hvilket giver 10 point. På et tomt felt bliver feltet til et spørgsmålstegn for altid, og du mister 10 point. En sondering er ikke et træk og koster ingen udholdenhed.
    Hver konge på brættet har ét ekstra liv pr. bræt. Sonderer du et tomt felt i de 3×3 felter omkring den, bruger den sit ekstra liv i stedet: feltet forbliver lukket, og intet går tabt.

    ## Kassér og slå sammen
    Kassér så mange brikker, du vil (D, eller træk et kort over på bunken): brikken forlader din hånd, og en ny kommer ind fra bunken. At kassere er ikke et træk og giver ingen point. Bunken er endelig, og det er grænsen.
    Slå sammen: træk en brik i din hånd over på en anden. Cifrene lægges sammen rundt i en cirkel fra 1 til brættets størrelse, og det højeste ciffer tæller som 1. På et 6×6-bræt giver en 3'er lagt på en 3'er 6, og en 6'er lagt på en 3'er giver 4. Den brik, du lagde oven på, kasseres.

    ## Sejr og nederlag
    Desarmér alle miner, så er brættet vundet. Det kaldes Rent bord. Miner, der er eksploderet, tæller som klaret, og du behøver ikke at åbne alle felter.
    Du har 3 liv. Hver mine, der eksploderer, koster ét. Mister du alle tre, eller løber du tør for brikker uden noget tilbage at flytte, er brættet tabt.
    Point kommer fra de cifre, du åbner, med ekstra for miner, der desarmeres i samme træk. Din score opgøres i bønder, ti point pr. bonde, og kommer på dit resultatkort.

    ## Styring
    Mus: klik på et kort og derefter på et felt (eller træk det derhen); klik på en brik og derefter på en prik for at flytte; højreklik for at sætte flag; hold for at sondere. Berøring: tryk, dobbelttryk for at sætte flag, hold for at sondere, hold på en springer for at hejse dens flag. Taster: H tip, D kassér, Esc annullér.

## De indbyggede brætter (levels/*.ron og levels/sudoku/*.ron, efter filnavn).
## Et bræt, som en modder tilføjer, viser navnet fra sin egen fil.

preset-classic = Klassisk
    .description = Reglerne som skrevet: 8×10, fire miner under tåge i række 4–7.
preset-grand_12x12 = Stort 12×12
    .description = 12×12 med ekstra springere og tårne; ti miner i række 4–9.
preset-minefield = Minefelt
    .description = Tolv miner i den klassiske tåge: bønderne må rydde vejen.
preset-skirmish_6x6 = Træfning 6×6
    .description = Lille og skarp: 6×6, to miner i række 3–4, ingen rokade.
preset-wide_fog = Bred tåge
    .description = Tåge i række 3–8 når helt ud til bønderne; seks miner.
sudoku-preset-classic_6x6 = Klassisk 6×6
    .description = Seks miner, et skjult antal og en bunke på tyve kort.
sudoku-preset-easy_4x4 = Let 4×4
    .description = Tre miner i en 4×4-sudoku: lær flag, sonderinger og sensorer.
sudoku-preset-grand_9x9 = Stort 9×9
    .description = Tolv miner under en fuld sudoku; en bunke på seksogtredive kort.

## Online play
play-online = Spil online
online-server = Server
online-time = Betænkningstid
untimed = Uden ur
color-random = Tilfældig
# Profiles, the archive and the leaderboard
profile-title = Spillerprofil
member-since = Medlem siden { $date }
speed-rating =
    { $speed }: { $rating } · { $n ->
        [one] { $n } ratingparti
       *[other] { $n } ratingpartier
    }
no-ratings-yet = Ingen ratingpartier endnu.
rating-history = Ratingudvikling
profile-games = Spillet { $played } · vundet { $won } · remis { $drawn } · tabt { $lost }
recent-games = Seneste partier
all-games = Alle partier
leaderboard = Rangliste
page-loading = Indlæser…
no-such-player = Ingen spiller med det navn.
page-unavailable = Serveren kunne ikke svare: prøv igen senere.
speed-bullet = Bulletskak
speed-blitz = Lynskak
speed-rapid = Hurtigskak
speed-classical = Klassisk
archive-title = Partier af { $name }
no-games-yet = Ingen afsluttede partier endnu.
who-guest = Gæst
who-deleted = Slettet spiller
game-rated = Ratingparti
game-casual = Venskabsparti
replay-game = Gennemse
copy-link = Kopiér link
page-newer = Nyere
page-older = Ældre
page-number = Side { $n }
leader-player = Spiller
leader-rating = Ratingtal
leader-games = Partier
leaderboard-empty =
    Ingen endnu: her vises spillere med en fast rating, som har spillet ratingpartier inden for { $n ->
        [one] den seneste dag
       *[other] de seneste { $n } dage
    }.
create-game = Opret et parti
quick-game = Find en modstander
invite-code = Invitationskode
join-game = Deltag
watch-game = Se med
back-to-game = Tilbage til parti { $code }
online-builtin-only = Online spilles der på de indbyggede brætter.
connecting = Opretter forbindelse…
waiting-opponent = Venter på en modstander…
share-code = Invitationskode: { $code }
share-link = Link: { $link }
opponent-here = Modstanderen har forbindelse
opponent-away = Modstanderen opretter forbindelse igen…
reconnecting = Forbindelsen er afbrudt: opretter forbindelse igen…
watching = Tilskuer
draw-offered-by = { $side } tilbyder remis
accept-draw = Acceptér remis
decline-draw = Afslå
offer-draw-online = Tilbyd remis
draw-offer-sent = Remis tilbudt
rematch = Revanche
rematch-asked = { $side } beder om revanche
leave-online = Forlad
unreachable = Kan ikke få forbindelse til { $server }
err-not-found = Intet parti med den kode.
err-game-full = Begge pladser er taget: du kan se med.
err-not-your-turn = Det er ikke din tur.
err-stale = Trækket kom for sent og blev ikke spillet.
err-illegal = Serveren afviste trækket.
err-game-over = Partiet er slut.
err-bad-request = Det tilbyder serveren ikke.
err-unavailable = Serveren kunne ikke gemme det: prøv igen.
err-rate-limited = For mange forespørgsler: sæt tempoet ned.
err-bad-message = Serveren forstod ikke forespørgslen.
err-not-started = Partiet begynder, når din modstander tager pladsen.
err-limit = Serveren har nået en grænse: afslut eller forlad et parti først, eller prøv igen senere.
err-seat-taken = Denne plads spilles nu fra et andet vindue eller en anden enhed.

## Kreditering: andres arbejde i spillet, med deres licenser

credits = Kreditering
credits-intro = Minesweeper Chess er lavet af sine udviklere. Spillet bygger på andres arbejde, som står her sammen med deres licenser.
credits-pieces = Skakbrikker
credits-fonts = Skrifttyper
credits-sounds = Lyde
credits-sounds-text = Alle lyde er designet og genereret af dette projekt (scripts/render-sounds.py) under samme licens som koden.
credits-network = Computerens stillingsvurdering
credits-network-text = Computerens vurderingsnetværk er trænet på stillinger, som Fairy-Stockfish (GPL-3.0) har vurderet. Fairy-Stockfish er en skakmotor til skakvarianter med åben kildekode, skrevet af Fabian Fichter og Stockfish-udviklerne; spillet indeholder ingen kode fra Fairy-Stockfish.
credits-code = Spillet
credits-code-text = Spillets kode er licenseret under MIT OR Apache-2.0. Brikkerne, skrifttyperne og lydene beholder deres egne licenser (assets/CREDITS.md).
credits-author = Ophav:
credits-licence = Licens:
credits-adapted-by = Tilpasset af:
credits-based-on = Bygger på:
credits-source = Kilde
credits-full-text = Hele licensteksten
credits-changes = Tilpasset: delt op i enkelte brikker og konverteret til PNG.
credits-cc-by-sa = Delt under samme licens (CC BY-SA 3.0).

# Accounts and ratings

acc-sign-in = Log ind
acc-sign-up = Opret en konto
acc-signed-in-as = Logget ind som { $name }
acc-rating-hint = Din rating ved betænkningstiden valgt nedenfor (med ?, så længe den er foreløbig)
acc-my-page = Min side
acc-my-games = Mine partier
acc-leaderboard = Rangliste
acc-account = Konto
acc-rated = Ratet
acc-rated-hint = Log ind for at spille ratede partier
acc-user-name = Brugernavn
acc-password = Adgangskode
acc-name-rules = 3–20 bogstaver, cifre, _ eller -, begynder med et bogstav
acc-password-rules = Mindst 8 tegn
acc-change-password = Skift adgangskoden
acc-old-password = Nuværende adgangskode
acc-new-password = Ny adgangskode
acc-sign-out = Log ud
acc-sign-out-everywhere = Log ud overalt
acc-delete = Slet kontoen
acc-delete-confirm = Ja, slet den for altid
acc-delete-warning = Det kan ikke fortrydes. Dine partier bliver i arkivet under »slettet spiller«.
acc-guest = Gæst
acc-deleted-player = Slettet spiller
acc-rated-game = Ratet parti
acc-casual-game = Uformelt parti
acc-rating-change = { $side }: ratingtal { $rating } ({ $change })
acc-signed-out = Logget ud.
acc-password-changed = Adgangskoden er skiftet. Dine andre enheder er logget ud.
acc-deleted = Kontoen er slettet.
acc-ref-name-length = Et brugernavn har 3 til 20 tegn.
acc-ref-name-characters = Et brugernavn har kun bogstaverne a–z, cifre, _ og -.
acc-ref-name-start = Et brugernavn begynder med et bogstav.
acc-ref-name-separators = Et brugernavn har ikke _ eller - to gange i træk eller til sidst.
acc-ref-name-reserved = Det navn er reserveret: vælg et andet.
acc-ref-name-taken = Det navn er taget: vælg et andet.
acc-ref-password = En adgangskode har { $min } til { $max } tegn.
acc-ref-wrong-sign-in = Forkert brugernavn eller adgangskode.
acc-ref-wait-seconds =
    { $n ->
        [one] For mange forsøg: vent { $n } sekund, og prøv igen.
       *[other] For mange forsøg: vent { $n } sekunder, og prøv igen.
    }
acc-ref-wait-minutes =
    { $n ->
        [one] For mange forsøg: vent { $n } minut, og prøv igen.
       *[other] For mange forsøg: vent { $n } minutter, og prøv igen.
    }
acc-ref-session-ended = Din session er udløbet: log ind igen.
acc-ref-not-signed-in = Log ind først.
acc-ref-not-found = Ingen sådan spiller eller sådant parti.
acc-ref-rated-needs-account = Ratede partier er for spillere, der er logget ind: begge spillere skal have en konto.
acc-ref-page-too-far = Der er ikke flere ældre partier at vise.
acc-ref-unavailable = Serveren kunne ikke nå sine konti: prøv igen.
