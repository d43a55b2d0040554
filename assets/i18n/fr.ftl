# Minesweeper Chess — textes de l’interface en français.
#
# Un message par texte que voit le joueur. Traducteurs : copiez en.ftl vers
# <code de langue>.ftl, traduisez les valeurs (jamais les identifiants à gauche),
# gardez chaque { $placeholder } et lancez le test de complétude
# (cargo test --test game i18n). Dans les deux pages « Comment jouer », les lignes
# qui commencent par "## " sont des titres, "• " commence une puce.

## La langue elle-même

# Le nom de la langue, écrit dans cette langue (affiché dans les Paramètres).
language-name = Français
# Lettres des pièces pour la liste des coups, dans l’ordre roi dame tour fou
# cavalier, séparées par des espaces (les pions n’ont pas de lettre).
notation-letters = R D T F C

## Écran titre et menus

title = Minesweeper Chess
subtitle = Des échecs sur un champ de mines noyé dans le brouillard
play-hot-seat = Jouer : deux joueurs, un écran
play-computer = Jouer contre l’ordinateur
play-puzzle = Sweeper Sudoku (casse-tête)
coming-soon = bientôt disponible
level = Niveau
level-beginner = Débutant
level-casual = Amateur
level-strong = Confirmé
level-master = Maître
you-play = Votre camp
vs-computer = Contre l’ordinateur ({ $level })
thinking = L’ordinateur réfléchit…
hint = Indice
hint-thinking = Recherche d’un bon coup…
search-info = Dernière recherche : profondeur { $depth }, { $nodes } positions
resume = Reprendre la partie sauvegardée
board = Plateau
how-to-play = Comment jouer
settings = Paramètres
quit = Quitter
back = Retour
continue = Continuer
main-menu = Menu principal
paused = Pause
new-game = Nouvelle partie
undo = Annuler le coup
resign = Abandonner
offer-draw = Convenir d’une nulle
flip = Retourner le plateau
export = Exporter la partie
import = Importer une partie
copy = Copier
load = Charger
close = Fermer

## Le panneau des échecs

to-move = Trait aux { $side }
white = Blancs
black = Noirs
check = Échec !
mines =
    { $n ->
        [one] { $n } mine restante
       *[other] { $n } mines restantes
    }
captured = Pièces prises
destroyed = Détruites par les mines
moves = Coups
replay-showing = Coup { $n } sur { $total }
replay-live = Retour à la partie (Fin)
replay-odds = Ce coup est entré dans le brouillard sur une case qui avait { $percent } % de risque de cacher une mine, vu la position d’alors.
analyse = Analyser
analysis-title = Analyse : le moteur sur chaque position telle que les joueurs la voyaient
analysis-progress = { $n } positions sur { $total }
analysis-legend = Chances de gain des Blancs · ?! ? ?? dans les coups : chances perdues
type-move = Tapez un coup : e4, Cf3, e2e4, e2*
typed-syntax = « { $text } » n’est pas un coup (essayez e4, Cf3, e2e4 ou e2*)
typed-illegal = « { $text } » n’est pas un coup légal ici
typed-ambiguous = « { $text } » convient à plusieurs pièces : ajoutez sa colonne ou sa rangée (Cbd2)
premove = Précoups
premove-help = Préparer un coup pendant le tour adverse
sudoku-daily = Grille du jour · { $date }
daily-stats = Jouées { $played } · gagnées { $won } · série { $streak } · record { $best }
daily-stats-broken = Les statistiques de la grille du jour sont illisibles ({ $why }) ; elles repartent de zéro.
daily-share-title = Sweeper Sudoku · grille du jour { $date }
daily-scores = Vos scores, en pions
game-over = Partie terminée

## Paramètres

volume = Volume
mute = Sourdine
switch-on = Activé
switch-off = Désactivé
percent = { $percent } %
theme = Thème du plateau
coordinates = Afficher les coordonnées
animation-speed = Vitesse des animations
anim-off = Désactivée
anim-slow = Lente
anim-normal = Normale
anim-fast = Rapide
palette = Couleurs des nombres
palette-classic = Démineur classique
palette-colour-blind = Adaptée aux daltoniens
language = Langue
notation = Lettres de la notation
notation-local = { notation-letters } (français)
notation-international = K Q R B N (internationale)
theme-walnut = Noyer
theme-tournament = Tournoi
theme-slate = Ardoise
theme-ocean = Océan
piece-set-label = Pièces
pieces-cburnett = Cburnett
pieces-fantasy = Fantasy
pieces-spatial = Spatial
pieces-celtic = Celtic
pieces-simple = Simple
pieces-glyphs = Glyphes de la police
coordinates-inside = Coordonnées dans les cases
sounds = Sons
sound-moves = Coups et prises
sound-effects = Explosions, brouillard et pendule
sound-interface = Clics des menus
sfx-move = Coup
sfx-capture = Prise
sfx-blast = Explosion
sfx-sweep = Action sapeur
sfx-royal-sweep = Sapeur royal
sfx-fog = Le brouillard se lève
sfx-check = Échec
sfx-game-start = Début de partie
sfx-game-end = Fin de partie
sfx-low-time = Peu de temps
sfx-illegal = Coup refusé
sfx-click = Clic
sfx-card = Carte jouée
sfx-sensor = Capteur
sfx-wrong-digit = Mauvais chiffre
sfx-life-lost = Vie perdue
sfx-wipe = Table rase
sfx-probe = Sonde
sfx-flag = Drapeau

## Avis

preset-errors = Certains plateaux du dossier levels/ contiennent des erreurs :
preset-changed = Ce plateau a été modifié sur le disque ; lancez une nouvelle partie pour l’utiliser.
save-corrupt = La partie sauvegardée n’a pas pu être lue ({ $why }) ; une nouvelle partie a commencé.
import-failed = Impossible d’importer la partie : { $why }
text-errors = Un fichier de traduction contient des erreurs (les derniers textes valides sont conservés) :
sweep-hint = Clic droit, S ou appui long (tactile) sur la case devant le pion : la déminer
keys = Touches : Échap menu/désélection · F retourner · U annuler · H indice · M sourdine · S déminer · ← → revoir les coups · Espace curseur · Entrée taper un coup

## Noms des pièces (en minuscules, comme dans une phrase)

piece-king = roi
piece-queen = dame
piece-rook = tour
piece-bishop = fou
piece-knight = cavalier
piece-pawn = pion

## Pourquoi un coup d’échecs est refusé

ref-game-over = La partie est terminée.
ref-no-piece = Il n’y a aucune pièce en { $sq }.
ref-not-your-turn = C’est aux { $side } de jouer.
ref-only-pawns-sweep = Seuls les pions peuvent déminer.
ref-no-sapper-rule = Ce plateau ne prévoit pas d’action sapeur.
ref-sweep-in-check = Un pion ne peut pas déminer tant que votre roi est en échec.
ref-cannot-sweep = Le pion en { $from } ne peut pas déminer { $to }.
ref-nothing-to-sweep = Plus aucune mine n’est cachée : il n’y a rien à déminer en { $sq }. La partie continue comme aux échecs standard.
ref-must-promote = Un pion qui atteint { $sq } doit être promu.
ref-wrong-kind = La pièce en { $from } ({ $piece }) ne peut pas jouer ce coup vers { $to }.
ref-in-check = Votre roi en { $sq } est en échec : parez l’échec.
ref-cannot-go = La pièce en { $from } ({ $piece }) ne peut pas aller en { $to }.

## Comment se termine une partie d’échecs

win-checkmate = Les { $side } gagnent par échec et mat
win-blast = Les { $side } gagnent : l’explosion a laissé le roi adverse en échec
win-resignation = Les { $side } gagnent par abandon
win-timeout = Les { $side } gagnent au temps
draw-stalemate = Nulle par pat
draw-repetition = Nulle par triple répétition
draw-material = Nulle : aucun camp ne peut mater
draw-agreement = Nulle par accord mutuel
draw-timeout = Nulle : le temps est écoulé, mais l’adversaire ne peut pas mater

## Sweeper Sudoku : menu

sudoku-title = Sweeper Sudoku
sudoku-tagline = Un sudoku caché, des mines et une main de pièces d’échecs.
sudoku-resume-board = Reprendre cette grille
sudoku-resume-saved = Reprendre la sauvegarde { $code }
sudoku-boards = Grille
sudoku-play-new = Jouer une nouvelle grille
sudoku-board-code = Code de grille :
sudoku-play-code = Jouer ce code
sudoku-back-to-chess = Retour à Minesweeper Chess
sudoku-save-corrupt = La grille sauvegardée n’a pas pu être lue ({ $why }) ; elle a été conservée sous le nom { $file } et une nouvelle grille repart de zéro.
sudoku-no-board = Aucune grille n’est ouverte.

## Pourquoi un code de grille n’est pas lu

code-not-a-code = « { $code } » n’est pas un code de grille (par exemple { $example }).
code-too-short = « { $code } » est trop court pour un code de grille (par exemple { $example }).
code-unknown-tag = Aucune grille ne porte l’étiquette { $tag } (les étiquettes sont : { $tags }).
code-bad-character = « { $char } » ne peut pas figurer dans un code de grille.
code-too-long = « { $code } » est trop long pour un code de grille.
code-typo = « { $code } » contient une faute de frappe (sa lettre de contrôle ne correspond pas).

## Sweeper Sudoku : le panneau

sudoku-choose = Choisissez une grille.
sudoku-rating =
    Difficulté : { $rating } ({ $found }/{ $mines } { $mines ->
        [one] mine
       *[other] mines
    } par simple déduction)
rating-gentle = Paisible
rating-thoughtful = Méthodique
rating-tricky = Coriace
rating-daring = Téméraire
sudoku-lives =
    { $hearts }  { $n ->
        [one] { $n } vie
       *[other] { $n } vies
    }
sudoku-score =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · { $pawns ->
        [one] { $pawns } pion
       *[other] { $pawns } pions
    }
sudoku-mines-done = Mines traitées : { $done } sur { $total }
sudoku-deck =
    Pioche : { $deck ->
        [one] { $deck } carte
       *[other] { $deck } cartes
    } · main : { $hand }
sudoku-sitting-out = Hors jeu : { $cards }
sudoku-destroyed = Détruites : { $cards }
sudoku-jumping = Le cavalier en { $cell } a levé son drapeau : choisissez un anneau orange pour sauter.
sudoku-jumping-free = Le cavalier en { $cell } a levé son drapeau : choisissez un anneau orange pour sauter (saut gratuit).
sudoku-placing = Carte { $card } { $digit } : choisissez une case fermée.
sudoku-pick-dot = Choisissez un point où aller (bleu : glissade gratuite).
sudoku-idle = Choisissez une carte ou une pièce ; clic droit : drapeau ; appui long sur une case : sonder.
sudoku-no-hint = Indice : rien n’est certain d’après ce que vous voyez.
sudoku-hint-button = Indice (H)
sudoku-discard = Défausser la carte choisie (D)
sudoku-stop-jumps = Arrêter les sauts du cavalier
sudoku-block-mines = Mines traitées par bloc : { $blocks }
sudoku-actions = Actions : { $n }
sudoku-restart = Recommencer
sudoku-new-board = Nouvelle grille
sudoku-menu = Menu

## Sweeper Sudoku : les cartes (une pièce d’un camp, comme dans « Carte roi blanc 3 »)

card-white-king = roi blanc
card-white-queen = dame blanche
card-white-rook = tour blanche
card-white-bishop = fou blanc
card-white-knight = cavalier blanc
card-black-king = roi noir
card-black-queen = dame noire
card-black-rook = tour noire
card-black-bishop = fou noir
card-black-knight = cavalier noir

## Sweeper Sudoku : indices ({ $cell } est un nom de case comme b3)

hint-mine = Indice : { $cell } cache une mine : maintenez l’appui dessus pour la sonder (+10).
hint-safe-digit = Indice : { $cell } est un { $digit } sans mine : posez-y un { $digit }.
hint-safe = Indice : { $cell } ne cache aucune mine.
hint-digit = Indice : { $cell } est un { $digit } (une mine peut se cacher dessous).

## Sweeper Sudoku : ce qui vient de se passer

toast-blew = Une mine a explosé : une vie perdue.
toast-not-digit = { $cell } ne contient pas de { $digit } : la pièce est mise hors jeu.
toast-spare-life = Le roi a utilisé sa vie de réserve : rien n’est perdu.

## Sweeper Sudoku : pourquoi une action est refusée

sref-over = La grille est terminée : commencez-en une nouvelle.
sref-flag-closed = Les drapeaux se posent sur des cases fermées.
sref-piece-there = Une pièce occupe déjà cette case.
sref-probe-closed = Seule une case fermée peut être sondée.
sref-no-card = Cette carte n’est pas dans la main.
sref-place-closed = Une pièce se pose sur une case fermée.
sref-flagged = Cette case porte un drapeau : retirez-le d’abord.
sref-off-board = C’est en dehors de la grille.
sref-no-piece = Il n’y a pas de pièce ici.
sref-other-piece = Une autre pièce occupe cette case.
sref-no-stamina = Cette pièce ({ $piece }) n’a plus d’endurance.
sref-question = Un point d’interrogation ne s’ouvre jamais.
sref-cannot-move = Cette pièce ({ $piece }) ne peut pas aller là.
sref-flag-jump = Le saut-drapeau d’un cavalier est un L vers une case fermée, s’il lui reste de l’endurance ou s’il vient de toucher une mine.
sref-no-jump = Aucun cavalier n’est en train de sauter.
sref-discard = Choisissez dans la main les cartes à défausser.
sref-merge = Faites glisser une carte de la main sur une autre pour les fusionner.

## Sweeper Sudoku : la carte de résultat

sudoku-wipe = Table rase !
sudoku-lost = Grille perdue
sudoku-why-won = Toutes les mines ont été traitées.
sudoku-why-lives = Plus aucune vie.
sudoku-why-pieces = Plus de pièces, et plus rien à déplacer.
sudoku-pawns =
    { $pawns ->
        [one] { $pawns } pion
       *[other] { $pawns } pions
    }
sudoku-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
sudoku-play-again = Rejouer
sudoku-look = Voir la grille
fact-mines-defused = Mines désamorcées
fact-mines-blown = Mines explosées
fact-cells-opened = Cases ouvertes
fact-lives-left = Vies restantes
fact-actions = Actions
fact-board = Grille
fact-code = Code
fact-rating = Difficulté

## La page web, avant le chargement du jeu

web-loading = Chargement…
web-starting = Démarrage…
web-assets = Pièces et sons…
web-old-browser = Ce navigateur ne peut pas lancer le jeu : il lui faut WebAssembly SIMD (Chrome ou Edge 91, Firefox 89, Safari 16.4 ou plus récent).

## Comment jouer à Minesweeper Chess

help-chess-title = Comment jouer à Minesweeper Chess
help-chess =
    Des échecs sur un plateau 8×10 avec un champ de mines caché dans les rangées 4–7. Les pions peuvent déminer la case devant eux. Les rois sont immunisés.

    ## Le plateau
    Minesweeper Chess se joue sur un plateau 8×10 : 8 colonnes (a–h) et 10 rangées (1–10). Les Blancs occupent les rangées 1–2 et les Noirs les rangées 9–10, dans la disposition standard des échecs. Les rangées 3 et 8 sont vides au départ.
    La rangée arrière (rangée 1 pour les Blancs, rangée 10 pour les Noirs) est T·C·F·D·R·F·C·T : tour, cavalier, fou, dame, roi, fou, cavalier, tour. Les pions sont sur la rangée 2 (Blancs) et la rangée 9 (Noirs). Les Blancs commencent.

    ## La zone de brouillard
    Les rangées 4–7 constituent la zone de brouillard. Au début de la partie, quatre mines sont placées aléatoirement dans ces 32 cases et la zone est couverte d’un brouillard gris. Le compteur de mines dans le panneau indique combien de mines restent sur le plateau.
    Lorsqu’une pièce atterrit sur une case, le brouillard se lève sur cette case et sur ses voisines immédiates situées dans la zone de brouillard. Un seul anneau : il n’y a pas de révélation en cascade. Une case révélée affiche le nombre de mines adjacentes, exactement comme dans le Démineur classique (1–8, codé par couleur), ou rien si elle n’en touche aucune.
    Lorsque les quatre mines ont été découvertes (leur case révélée) ou retirées du plateau, tout le brouillard restant se lève définitivement et la partie continue comme aux échecs standard.

    ## Interactions avec les mines
    • Roi : atterrit sur une mine — sapeur royal : la mine est retirée silencieusement, le roi est indemne.
    • Pion, action sapeur : démine la case devant lui — la mine qui s’y trouve éventuellement est retirée, le pion reste en place et le tour passe. Sans danger même s’il n’y a pas de mine.
    • Pion, mouvement normal : atterrit sur une mine — le pion est détruit, et la mine avec lui.
    • Toute autre pièce : atterrit sur une mine — la pièce est détruite, et la mine avec elle.
    • Tour, fou, dame : traversent une mine — aucun effet. Les mines ne sont déclenchées qu’à la case d’atterrissage : les pièces coulissantes passent par-dessus toute mine sur laquelle elles ne s’arrêtent pas.

    ## Action sapeur du pion
    Sélectionnez un pion et une bombe apparaît sur la case directement devant lui. Cliquez sur la bombe (ou faites un clic droit sur la case, appuyez sur S, ou maintenez le doigt sur la case sur un écran tactile) pour utiliser l’action sapeur : le pion reste en place et toute mine sur cette case est retirée. S’il n’y a pas de mine, le pion a gaspillé son tour — mais cela signifie aussi que les pions peuvent légalement passer leur coup, ce qui rend le zugzwang nettement plus difficile à imposer.
    L’action sapeur n’est pas disponible lorsque votre roi est en échec (elle ne peut pas résoudre l’échec). Dès qu’aucune mine n’est plus cachée, un pion ne peut plus déminer qu’une case portant une mine visible : à partir de là, ce sont des échecs standard.

    ## Roque, promotion et règles spéciales
    Le roque suit les règles standard des échecs : le roi et la tour ne doivent pas avoir bougé, les cases entre eux doivent être vides, et le roi ne doit pas être en échec, passer par une case en échec ni atterrir en échec. Les mines dans le couloir du roque sont traitées comme vides pour le test de chemin libre, mais le roi déclencherait celle sur laquelle il atterrit (en tant que roi, il la retire).
    Promotion : les pions blancs sont promus en atteignant la rangée 10 (la rangée arrière des Noirs), les pions noirs à la rangée 1. La promotion se fait toujours en dame.
    Pas de prise en passant. Pas de règle des 50 coups : la zone de brouillard ralentit tellement le développement initial que les parties dépassent couramment les 50 coups avant un contact significatif.

    ## Échec, échec et mat et pat
    Les règles standard d’échec et d’échec et mat s’appliquent. Un roi en échec doit en sortir au coup suivant ; les coups qui laissent votre propre roi en échec sont illégaux. Le pat (aucun coup légal, sans être en échec) rend la partie nulle.
    Une explosion qui laisse votre propre roi en échec vous fait perdre sur-le-champ : l’adversaire gagne. La triple répétition et une position où aucun camp ne peut mater mènent aussi à la nulle, et les joueurs peuvent convenir d’une nulle.

    ## Commandes
    Cliquez sur une pièce, puis sur une case en surbrillance (ou faites-la glisser jusque-là). Un clic droit, S ou un appui long sur la case devant un pion sélectionné la démine. Touches : Échap menu ou désélection, F retourner le plateau, U annuler, H indice, M sourdine.

## Comment jouer à Sweeper Sudoku

help-sudoku-title = Comment jouer à Sweeper Sudoku
help-sudoku =
    ## La grille
    Sous le brouillard se cache un sudoku résolu : chaque chiffre apparaît une fois dans chaque ligne, chaque colonne et chaque bloc. Quelques cases sont ouvertes au départ, et elles ne contiennent jamais de mine.
    Les mines sont dispersées sur la grille indépendamment, comme au Démineur. Une mine peut se cacher sous n’importe quel chiffre.
    Une case ouverte peut afficher un petit nombre cerclé : le nombre de mines parmi ses huit voisines. Chaque bloc indique combien de mines il contient. Certaines cases de départ gardent leur nombre pour elles et affichent un anneau vide.

    ## Drapeaux
    Plantez un drapeau sur une case fermée qui, selon vous, cache une mine : faites un clic droit sur la case, ou touchez-la deux fois sur un écran tactile. Le drapeau, c’est votre plan : il décide de ce que fait une pièce quand elle passe sur cette case.

    ## Votre main
    Votre main contient cinq pièces, chacune avec un chiffre sur sa carte. En posant une pièce sur une case fermée, vous affirmez que cette case contient ce chiffre.
    • Bon chiffre, pas de mine : la case s’ouvre et la pièce y reste comme capteur. Une tour, un fou ou une dame fusionne avec la case et son chiffre change ; un roi ou un cavalier garde le sien.
    • Mauvais chiffre, pas de mine : la pièce est mise hors jeu pour le reste de la grille. La case reste fermée, et le jeu note que ce chiffre n’y est pas.
    • Une mine explose quel que soit le chiffre. Vous perdez une vie et la pièce est détruite.
    Après chaque pièce jouée, la main se complète depuis la pioche.

    ## Capteurs
    Chaque pièce sur la grille affiche un nombre : son capteur. Il se met à jour après chaque action.
    Une pièce blanche compte les mines restantes dans sa zone, comme un nombre du Démineur. Une pièce noire compte les cases fermées de sa zone qui cachent son propre chiffre, celui de sa carte. Une mine dans la case n’y change rien.
    La zone d’un roi, ce sont les huit cases qui l’entourent ; celle d’un cavalier, les huit cases à un saut en L. Une tour, un fou ou une dame regarde le long de ses lignes, à travers les cases fermées uniquement : chaque ligne s’arrête avant la première case ouverte ou la première pièce.

    ## Déplacements sur la grille
    Une pièce sur la grille se déplace selon ses règles d’échecs vers une case fermée. Le chiffre n’est pas vérifié lors d’un déplacement sur la grille ; ce sont les mines et vos drapeaux qui décident. Chaque déplacement coûte un point d’endurance : un cavalier en a trois, toutes les autres pièces deux. Poser une pièce depuis la main ne coûte rien.
    Une tour, un fou ou une dame ouvre chaque case de son chemin. Une mine sous votre drapeau est désamorcée. Un drapeau sans mine dessous devient un point d’interrogation : la pièce s’y arrête, est mise hors jeu, et vous perdez 10 points. Une mine sans drapeau explose. Une tour peut aussi glisser gratuitement sur des cases ouvertes : elle n’ouvre rien et ne fait que repositionner son capteur.
    Un roi ou un cavalier fait un seul pas ou un seul saut, sans chemin intermédiaire, et un drapeau ne le protège pas. Une mine sous un roi ou un cavalier explose, drapeau ou non.
    Faites un clic droit sur un cavalier, ou maintenez le doigt dessus sur un écran tactile, pour lever son drapeau : il saute alors comme un démineur. Sur une mine, il la désamorce. Sur une case vide, il laisse un point d’interrogation et est mis hors jeu. Tant qu’il fait mouche, il continue de sauter.

    ## Sondes
    Maintenez l’appui sur une case fermée jusqu’à ce que la mèche en ait fait le tour. Vous sondez ainsi la case sans y poser de pièce.
    Sur une mine, la mine est désamorcée et la case s’ouvre, ce qui rapporte 10 points. Sur une case vide, la case devient définitivement un point d’interrogation et vous perdez 10 points. Une sonde n’est pas un déplacement et ne coûte pas d’endurance.
    Chaque roi sur la grille dispose d’une vie de réserve par grille. Si vous sondez une case vide dans le carré 3×3 qui l’entoure, c’est lui qui la dépense : la case reste fermée et rien n’est perdu.

    ## Défausse et fusion
    Défaussez autant de pièces que vous le souhaitez (D, ou faites glisser une carte sur la pioche) : la pièce quitte votre main et une nouvelle arrive de la pioche. Une défausse n’est pas un déplacement et ne rapporte rien. La pioche n’est pas infinie : c’est là la seule limite.
    Fusion : faites glisser une pièce de votre main sur une autre. Les chiffres s’additionnent en tournant en boucle de 1 à la taille de la grille, le chiffre le plus haut comptant pour 1. Sur une grille 6×6, un 3 versé sur un 3 donne 6, et un 6 versé sur un 3 donne 4. La pièce versée est défaussée.

    ## Victoire et défaite
    Désamorcez toutes les mines et la grille est gagnée : c’est une « Table rase ». Les mines qui ont explosé comptent comme traitées, et vous n’êtes pas obligé d’ouvrir toutes les cases.
    Vous avez 3 vies. Chaque mine qui explose en coûte une. Perdez-les toutes les trois, ou épuisez vos pièces sans plus rien pouvoir déplacer, et la grille est perdue.
    Les points viennent des chiffres que vous ouvrez, avec un bonus pour les mines désamorcées lors du même coup. Votre score les compte en pions, dix points par pion, et figure sur votre carte de résultat.

    ## Commandes
    Souris : cliquez sur une carte, puis sur une case (ou faites-la glisser) ; cliquez sur une pièce, puis sur un point pour la déplacer ; clic droit pour un drapeau ; appui maintenu pour sonder. Tactile : touchez, touchez deux fois pour un drapeau, maintenez pour sonder, maintenez un cavalier pour lever son drapeau. Touches : H indice, D défausser, Échap annuler.

## Les plateaux fournis (levels/*.ron et levels/sudoku/*.ron, par nom de fichier).
## Un plateau ajouté par un moddeur affiche le nom écrit dans son fichier.

preset-classic = Classique
    .description = Les règles telles qu’elles sont écrites : 8×10, quatre mines sous le brouillard des rangées 4–7.
preset-grand_12x12 = Grand 12×12
    .description = 12×12 avec des cavaliers et des tours en plus ; dix mines sur les rangées 4–9.
preset-minefield = Champ de mines
    .description = Douze mines dans le brouillard classique : les pions doivent déminer le passage.
preset-skirmish_6x6 = Escarmouche 6×6
    .description = Petit et vif : 6×6, deux mines sur les rangées 3–4, pas de roque.
preset-wide_fog = Brouillard étendu
    .description = Le brouillard des rangées 3–8 atteint les pions ; six mines.
sudoku-preset-classic_6x6 = Classique 6×6
    .description = Six mines, un nombre caché et une pioche de vingt cartes.
sudoku-preset-easy_4x4 = Facile 4×4
    .description = Trois mines dans un sudoku 4×4 : apprenez drapeaux, sondes et capteurs.
sudoku-preset-grand_9x9 = Grande 9×9
    .description = Douze mines sous un sudoku complet ; une pioche de trente-six cartes.

## Online play
play-online = Jouer en ligne
online-server = Serveur
online-time = Cadence
untimed = Sans pendule
color-random = Au hasard
# Profiles, the archive and the leaderboard
profile-title = Profil du joueur
member-since = Membre depuis le { $date }
speed-rating =
    { $speed } : { $rating } · { $n ->
        [one] { $n } partie classée
       *[other] { $n } parties classées
    }
no-ratings-yet = Aucune partie classée pour l’instant.
rating-history = Évolution du classement
profile-games = Jouées { $played } · gagnées { $won } · nulles { $drawn } · perdues { $lost }
recent-games = Parties récentes
all-games = Toutes les parties
leaderboard = Meilleurs joueurs
page-loading = Chargement…
no-such-player = Aucun joueur de ce nom.
page-unavailable = Le serveur n’a pas pu répondre : réessayez plus tard.
speed-bullet = Bullet
speed-blitz = Blitz
speed-rapid = Rapide
speed-classical = Classique
archive-title = Parties de { $name }
no-games-yet = Aucune partie terminée pour l’instant.
who-guest = Invité
who-deleted = Joueur supprimé
game-rated = Classée
game-casual = Amicale
replay-game = Revoir
copy-link = Copier le lien
page-newer = Plus récentes
page-older = Plus anciennes
page-number = Page { $n }
leader-player = Joueur
leader-rating = Classement
leader-games = Parties
leaderboard-empty =
    Personne pour l’instant : ici figurent les joueurs au classement établi qui ont joué une partie classée { $n ->
        [one] le dernier jour
       *[other] ces { $n } derniers jours
    }.
create-game = Créer une partie
quick-game = Trouver un adversaire
invite-code = Code d’invitation
join-game = Rejoindre
watch-game = Regarder
back-to-game = Revenir à la partie { $code }
online-builtin-only = En ligne, on joue sur les plateaux fournis.
connecting = Connexion…
waiting-opponent = En attente d’un adversaire…
share-code = Code d’invitation : { $code }
share-link = Lien : { $link }
opponent-here = Adversaire connecté
opponent-away = L’adversaire se reconnecte…
reconnecting = Connexion perdue : reconnexion…
watching = Spectateur
draw-offered-by = Les { $side } proposent la nulle
accept-draw = Accepter la nulle
decline-draw = Refuser
offer-draw-online = Proposer la nulle
draw-offer-sent = Nulle proposée
rematch = Revanche
rematch-asked = Les { $side } demandent une revanche
leave-online = Quitter
unreachable = Impossible de joindre { $server }
err-not-found = Aucune partie avec ce code.
err-game-full = Les deux places sont prises : vous pouvez regarder.
err-not-your-turn = Ce n’est pas à vous de jouer.
err-stale = Ce coup est arrivé trop tard et n’a pas été joué.
err-illegal = Le serveur a refusé ce coup.
err-game-over = La partie est terminée.
err-bad-request = Le serveur ne propose pas cela.
err-unavailable = Le serveur n’a pas pu l’enregistrer : réessayez.
err-rate-limited = Trop de requêtes : ralentissez.
err-bad-message = Le serveur n’a pas compris la requête.
err-not-started = La partie commence quand votre adversaire prend place.
err-limit = Le serveur atteint une limite : terminez ou quittez d’abord une partie, ou réessayez plus tard.
err-seat-taken = Cette place est désormais jouée depuis une autre fenêtre ou un autre appareil.

## Crédits : le travail d’autres personnes dans le jeu, avec ses licences

credits = Crédits
credits-intro = Minesweeper Chess est réalisé par ses développeurs. Le jeu s’appuie sur le travail d’autres personnes, présenté ici avec ses licences.
credits-pieces = Pièces d’échecs
credits-fonts = Polices
credits-sounds = Sons
credits-sounds-text = Tous les sons sont conçus et générés par ce projet (scripts/render-sounds.py), sous la même licence que le code.
credits-network = L’évaluation de l’ordinateur
credits-network-text = Le réseau d’évaluation de l’ordinateur a été entraîné sur des positions notées par Fairy-Stockfish (GPL-3.0), un moteur libre de variantes d’échecs créé par Fabian Fichter et les développeurs de Stockfish ; le jeu ne contient aucun code de Fairy-Stockfish.
credits-code = Le jeu
credits-code-text = Le code du jeu est distribué sous licence MIT OR Apache-2.0. Les pièces, les polices et les sons gardent leurs propres licences (assets/CREDITS.md).
credits-author = Auteur :
credits-licence = Licence :
credits-adapted-by = Adapté par :
credits-based-on = D’après :
credits-source = Source
credits-full-text = Texte complet de la licence
credits-changes = Adaptation : découpé en pièces séparées et converti en PNG.
credits-cc-by-sa = Partagé sous la même licence (CC BY-SA 3.0).

# Accounts and ratings

acc-sign-in = Se connecter
acc-sign-up = Créer un compte
acc-signed-in-as = Connecté en tant que { $name }
acc-rating-hint = Votre classement à la cadence choisie ci-dessous (avec un point d’interrogation tant qu’il est provisoire)
acc-my-page = Ma page
acc-my-games = Mes parties
acc-leaderboard = Classement
acc-account = Compte
acc-rated = Classée
acc-rated-hint = Connectez-vous pour jouer des parties classées
acc-user-name = Nom d’utilisateur
acc-password = Mot de passe
acc-name-rules = 3 à 20 lettres, chiffres, _ ou -, en commençant par une lettre
acc-password-rules = Au moins 8 caractères
acc-change-password = Changer le mot de passe
acc-old-password = Mot de passe actuel
acc-new-password = Nouveau mot de passe
acc-sign-out = Se déconnecter
acc-sign-out-everywhere = Se déconnecter partout
acc-delete = Supprimer le compte
acc-delete-confirm = Oui, le supprimer définitivement
acc-delete-warning = C’est irréversible. Vos parties restent dans les archives sous « joueur supprimé ».
acc-guest = Invité
acc-deleted-player = Joueur supprimé
acc-rated-game = Partie classée
acc-casual-game = Partie amicale
acc-rating-change = { $side } : classement { $rating } ({ $change })
acc-signed-out = Déconnecté.
acc-password-changed = Mot de passe changé. Vos autres appareils sont déconnectés.
acc-deleted = Le compte est supprimé.
acc-ref-name-length = Un nom d’utilisateur a de 3 à 20 caractères.
acc-ref-name-characters = Un nom d’utilisateur ne contient que des lettres a–z, des chiffres, _ et -.
acc-ref-name-start = Un nom d’utilisateur commence par une lettre.
acc-ref-name-separators = Un nom d’utilisateur n’a ni _ ni - deux fois de suite, ni à la fin.
acc-ref-name-reserved = Ce nom est réservé : choisissez-en un autre.
acc-ref-name-taken = Ce nom est déjà pris : choisissez-en un autre.
acc-ref-password = Un mot de passe a de { $min } à { $max } caractères.
acc-ref-wrong-sign-in = Nom d’utilisateur ou mot de passe incorrect.
acc-ref-wait-seconds =
    { $n ->
        [one] Trop d’essais : attendez { $n } seconde et réessayez.
       *[other] Trop d’essais : attendez { $n } secondes et réessayez.
    }
acc-ref-wait-minutes =
    { $n ->
        [one] Trop d’essais : attendez { $n } minute et réessayez.
       *[other] Trop d’essais : attendez { $n } minutes et réessayez.
    }
acc-ref-session-ended = Votre session a expiré : reconnectez-vous.
acc-ref-not-signed-in = Connectez-vous d’abord.
acc-ref-not-found = Ce joueur ou cette partie n’existe pas.
acc-ref-rated-needs-account = Les parties classées sont réservées aux joueurs connectés : il faut un compte aux deux joueurs.
acc-ref-page-too-far = Il n’y a pas de parties plus anciennes à afficher.
acc-ref-unavailable = Le serveur n’a pas pu joindre ses comptes : réessayez.
