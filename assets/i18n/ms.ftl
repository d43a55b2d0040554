# Minesweeper Chess — teks antara muka dalam Bahasa Melayu.
#
# Satu mesej bagi setiap teks yang dilihat pemain. Penterjemah: salin fail
# en.ftl kepada <kod bahasa>.ftl, terjemahkan nilainya (jangan sekali-kali
# id di sebelah kiri), kekalkan setiap { $placeholder }, dan jalankan ujian
# kelengkapan (cargo test --test game i18n). Baris yang bermula dengan "## "
# dalam dua halaman cara bermain ialah tajuk, "• " memulakan butiran.

## Bahasa itu sendiri

# Nama bahasa, ditulis dalam bahasa itu (dipaparkan dalam Tetapan).
language-name = Bahasa Melayu
# Huruf buah untuk senarai gerakan, mengikut urutan king queen rook bishop
# knight, dipisahkan dengan jarak (pawn tiada huruf).
notation-letters = K Q R B N

## Skrin tajuk dan menu

title = Catur Minesweeper
subtitle = Catur dengan medan periuk api di bawah kabus
play-hot-seat = Main: dua pemain, satu skrin
play-computer = Main menentang komputer
play-puzzle = Sweeper Sudoku (teka-teki)
coming-soon = akan datang
level = Tahap
level-beginner = Pemula
level-casual = Santai
level-strong = Kuat
level-master = Pakar
you-play = Anda bermain
vs-computer = Menentang komputer ({ $level })
thinking = Komputer sedang berfikir…
hint = Petunjuk
hint-thinking = Mencari gerakan yang baik…
search-info = Carian terakhir: kedalaman { $depth }, { $nodes } kedudukan
resume = Sambung permainan tersimpan
board = Papan
how-to-play = Cara bermain
settings = Tetapan
quit = Keluar
back = Kembali
continue = Teruskan
main-menu = Menu utama
paused = Dijeda
new-game = Permainan baharu
undo = Buat asal
resign = Menyerah kalah
offer-draw = Setuju seri
flip = Terbalikkan papan
export = Eksport permainan
import = Import permainan
copy = Salin
load = Muat permainan
close = Tutup

## Panel catur

to-move = Giliran { $side }
white = Putih
black = Hitam
check = Skak!
mines = Baki { $n } periuk api
captured = Ditawan
destroyed = Dimusnahkan periuk api
moves = Gerakan
replay-showing = Gerakan { $n } daripada { $total }
replay-live = Kembali ke permainan (End)
replay-odds = Gerakan ini masuk ke dalam kabus ke petak yang berpeluang { $percent }% mempunyai periuk api, mengikut papan ketika itu.
analyse = Analisis
analysis-title = Analisis: enjin menilai setiap kedudukan seperti yang dilihat oleh pemain
analysis-progress = { $n } daripada { $total } kedudukan
analysis-legend = Peluang menang Putih · ?! ? ?? dalam gerakan: peluang yang hilang
type-move = Taip gerakan: e4, Nf3, e2e4, e2*
typed-syntax = “{ $text }” bukan gerakan (cuba e4, Nf3, e2e4 atau e2*)
typed-illegal = “{ $text }” bukan gerakan yang sah di sini
typed-ambiguous = “{ $text }” sesuai untuk lebih daripada satu buah: tambah lajur atau baris (Nbd2)
premove = Pra-gerakan
premove-help = Sediakan gerakan semasa lawan berfikir
sudoku-daily = Papan hari ini · { $date }
daily-stats = Dimain { $played } · menang { $won } · berturut-turut { $streak } · terbaik { $best }
daily-stats-broken = Statistik papan hari ini tidak dapat dibaca ({ $why }); ia bermula semula.
daily-share-title = Sweeper Sudoku · papan hari ini { $date }
daily-scores = Skor anda, dalam pawn
game-over = Permainan tamat

## Tetapan

volume = Kelantangan
mute = Senyap
switch-on = Hidup
switch-off = Mati
percent = { $percent }%
theme = Tema papan
coordinates = Tunjukkan koordinat
animation-speed = Kelajuan animasi
anim-off = Mati
anim-slow = Perlahan
anim-normal = Biasa
anim-fast = Pantas
palette = Warna angka
palette-classic = Minesweeper klasik
palette-colour-blind = Mesra buta warna
language = Bahasa
notation = Huruf senarai gerakan
notation-local = { notation-letters } (bahasa ini)
notation-international = K Q R B N (antarabangsa)
theme-walnut = Kayu walnut
theme-tournament = Kejohanan
theme-slate = Batu loh
theme-ocean = Lautan
piece-set-label = Buah catur
pieces-cburnett = Cburnett
pieces-fantasy = Fantasy
pieces-spatial = Spatial
pieces-celtic = Celtic
pieces-simple = Simple
pieces-glyphs = Glif fon
coordinates-inside = Koordinat di dalam papan
sounds = Bunyi
sound-moves = Gerakan dan tawanan
sound-effects = Letupan, kabus dan jam
sound-interface = Klik menu
sfx-move = Gerakan
sfx-capture = Tawan
sfx-blast = Letupan
sfx-sweep = Tindakan penjinak
sfx-royal-sweep = Penjinak Diraja
sfx-fog = Kabus terangkat
sfx-check = Skak!
sfx-game-start = Permainan bermula
sfx-game-end = Permainan tamat
sfx-low-time = Masa hampir habis
sfx-illegal = Gerakan ditolak
sfx-click = Klik
sfx-card = Kad dimainkan
sfx-sensor = Penderia
sfx-wrong-digit = Digit salah
sfx-life-lost = Nyawa hilang
sfx-wipe = Sapu bersih
sfx-probe = Uji petak
sfx-flag = Bendera

## Notis

preset-errors = Beberapa papan dalam levels/ mempunyai ralat:
preset-changed = Papan ini telah berubah pada cakera; mulakan permainan baharu untuk menggunakannya.
save-corrupt = Permainan tersimpan tidak dapat dibaca ({ $why }); permainan baharu telah dimulakan.
import-failed = Permainan tidak dapat diimport: { $why }
text-errors = Fail terjemahan mempunyai ralat (teks terakhir yang betul dikekalkan):
sweep-hint = Klik kanan, S atau (skrin sentuh) tahan petak di hadapan: jinakkan petak itu
keys = Kekunci: Esc menu/nyahpilih · F terbalikkan · U buat asal · H petunjuk · M senyap · S jinakkan · ← → ulang tayang gerakan · Ruang kursor papan · Enter taip gerakan

## Nama buah (huruf kecil, seperti di dalam ayat)

piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-pawn = pawn

## Sebab gerakan catur ditolak

ref-game-over = Permainan sudah tamat.
ref-no-piece = Tiada buah di { $sq }.
ref-not-your-turn = Sekarang giliran { $side }.
ref-only-pawns-sweep = Hanya pawn boleh menjinakkan periuk api.
ref-no-sapper-rule = Papan ini tiada tindakan penjinak.
ref-sweep-in-check = Pawn tidak boleh menjinakkan periuk api semasa king anda dalam skak.
ref-cannot-sweep = Pawn di { $from } tidak boleh menjinakkan petak { $to }.
ref-nothing-to-sweep = Tiada lagi periuk api tersembunyi: tiada apa-apa di { $sq } untuk dijinakkan. Permainan diteruskan sebagai catur.
ref-must-promote = Pawn yang sampai ke { $sq } mesti dinaikkan pangkat.
ref-wrong-kind = Buah { $piece } di { $from } tidak boleh membuat gerakan itu ke { $to }.
ref-in-check = King anda di { $sq } dalam skak: keluarkannya daripada skak.
ref-cannot-go = Buah { $piece } di { $from } tidak boleh pergi ke { $to }.

## Bagaimana permainan catur tamat

win-checkmate = { $side } menang dengan skak mat
win-blast = { $side } menang: letupan mendedahkan king lawan
win-resignation = { $side } menang kerana lawan menyerah kalah
win-timeout = { $side } menang kerana masa lawan habis
draw-stalemate = Seri kerana buntu
draw-repetition = Seri kerana ulangan tiga kali
draw-material = Seri: tiada pihak yang dapat membuat skak mat
draw-agreement = Seri secara persetujuan
draw-timeout = Seri: masa habis, tetapi lawan tidak dapat membuat skak mat

## Sweeper Sudoku: menu

sudoku-title = Sweeper Sudoku
sudoku-tagline = Sudoku tersembunyi, periuk api dan buah catur di tangan.
sudoku-resume-board = Sambung papan ini
sudoku-resume-saved = Sambung papan tersimpan { $code }
sudoku-boards = Papan
sudoku-play-new = Main papan baharu
sudoku-board-code = Kod papan:
sudoku-play-code = Main dengan kod
sudoku-back-to-chess = Kembali ke Catur Minesweeper
sudoku-save-corrupt = Papan tersimpan tidak dapat dibaca ({ $why }); ia disimpan sebagai { $file } dan papan baharu dimulakan dari awal.
sudoku-no-board = Tiada papan yang dibuka.

## Sebab kod papan tidak dapat dibaca

code-not-a-code = “{ $code }” bukan kod papan (contohnya { $example }).
code-too-short = “{ $code }” terlalu pendek untuk kod papan (contohnya { $example }).
code-unknown-tag = Tiada papan dengan tag { $tag } (tag yang ada: { $tags }).
code-bad-character = “{ $char }” tidak boleh ada dalam kod papan.
code-too-long = “{ $code }” terlalu panjang untuk kod papan.
code-typo = “{ $code }” ada kesilapan taip (huruf semakannya tidak sepadan).

## Sweeper Sudoku: panel

sudoku-choose = Pilih papan untuk dimainkan.
sudoku-rating = Penarafan: { $rating } ({ $found }/{ $mines } periuk api melalui deduksi semata-mata)
rating-gentle = Ringan
rating-thoughtful = Teliti
rating-tricky = Rumit
rating-daring = Nekad
sudoku-lives = { $hearts }  { $n } nyawa
sudoku-score = { $points } mata · { $pawns } pawn
sudoku-mines-done = Periuk api selesai: { $done } daripada { $total }
sudoku-deck = Dek: { $deck } kad · tangan: { $hand }
sudoku-sitting-out = Diketepikan: { $cards }
sudoku-destroyed = Musnah: { $cards }
sudoku-jumping = Knight di { $cell } sedang mengangkat benderanya: pilih gelang jingga untuk melompat.
sudoku-jumping-free = Knight di { $cell } sedang mengangkat benderanya: pilih gelang jingga untuk melompat (percuma).
sudoku-placing = Letakkan { $card } { $digit }: pilih petak tertutup.
sudoku-pick-dot = Pilih titik untuk bergerak (biru: gelongsor percuma).
sudoku-idle = Pilih kad atau buah; klik kanan untuk memasang bendera; tahan petak untuk mengujinya.
sudoku-no-hint = Petunjuk: tiada apa-apa yang pasti daripada apa yang kelihatan.
sudoku-hint-button = Petunjuk (H)
sudoku-discard = Buang kad yang dipilih (D)
sudoku-stop-jumps = Hentikan lompatan knight
sudoku-block-mines = Periuk api blok selesai: { $blocks }
sudoku-actions = Tindakan: { $n }
sudoku-restart = Mula semula
sudoku-new-board = Papan baharu
sudoku-menu = Menu

## Sweeper Sudoku: kad (buah sesuatu pihak, seperti dalam “Letakkan king putih 3”)

card-white-king = king putih
card-white-queen = queen putih
card-white-rook = rook putih
card-white-bishop = bishop putih
card-white-knight = knight putih
card-black-king = king hitam
card-black-queen = queen hitam
card-black-rook = rook hitam
card-black-bishop = bishop hitam
card-black-knight = knight hitam

## Sweeper Sudoku: petunjuk ({ $cell } ialah nama petak seperti b3)

hint-mine = Petunjuk: ada periuk api di { $cell }: tahan petak itu untuk mengujinya (+10).
hint-safe-digit = Petunjuk: { $cell } ialah { $digit } tanpa periuk api: letakkan { $digit } di situ.
hint-safe = Petunjuk: { $cell } tiada periuk api.
hint-digit = Petunjuk: { $cell } ialah { $digit } (mungkin ada periuk api di bawahnya).

## Sweeper Sudoku: apa yang baru berlaku

toast-blew = Periuk api meletup: satu nyawa hilang.
toast-not-digit = { $cell } bukan { $digit }: buah itu diketepikan.
toast-spare-life = King menggunakan nyawa simpanannya: tiada apa-apa yang hilang.

## Sweeper Sudoku: sebab tindakan ditolak

sref-over = Papan ini sudah tamat: mulakan papan baharu.
sref-flag-closed = Bendera hanya boleh dipasang pada petak tertutup.
sref-piece-there = Ada buah di situ.
sref-probe-closed = Hanya petak tertutup boleh diuji.
sref-no-card = Tiada kad sedemikian di tangan.
sref-place-closed = Buah hanya boleh diletakkan pada petak tertutup.
sref-flagged = Petak itu berbendera: turunkan bendera itu dahulu.
sref-off-board = Itu di luar papan.
sref-no-piece = Tiada buah di situ.
sref-other-piece = Ada buah lain di situ.
sref-no-stamina = Buah { $piece } ini sudah kehabisan stamina.
sref-question = Tanda soal tidak akan terbuka.
sref-cannot-move = Buah { $piece } tidak boleh bergerak ke situ.
sref-flag-jump = Lompatan bendera knight ialah lompatan L ke petak tertutup, jika ada stamina atau lompatan sebelumnya mengena.
sref-no-jump = Tiada knight yang sedang melompat.
sref-discard = Pilih kad di tangan untuk dibuang.
sref-merge = Seret satu kad di tangan ke atas kad lain untuk menggabungkannya.

## Sweeper Sudoku: kad keputusan

sudoku-wipe = Sapu Bersih!
sudoku-lost = Kalah di papan ini
sudoku-why-won = Setiap periuk api telah diselesaikan.
sudoku-why-lives = Tiada nyawa lagi.
sudoku-why-pieces = Kehabisan buah, tiada apa-apa lagi yang boleh digerakkan.
sudoku-pawns = { $pawns } pawn
sudoku-points = { $points } mata
sudoku-play-again = Main lagi
sudoku-look = Lihat papan
fact-mines-defused = Periuk api dijinakkan
fact-mines-blown = Periuk api meletup
fact-cells-opened = Petak dibuka
fact-lives-left = Baki nyawa
fact-actions = Tindakan
fact-board = Papan
fact-code = Kod
fact-rating = Penarafan

## Halaman web, sebelum permainan dimuatkan

web-loading = Memuatkan…
web-starting = Bermula…
web-assets = Buah catur dan bunyi…
web-old-browser = Pelayar ini tidak dapat menjalankan permainan: ia memerlukan WebAssembly SIMD (Chrome atau Edge 91, Firefox 89, Safari 16.4 atau lebih baharu).

## Cara bermain Catur Minesweeper

help-chess-title = Cara bermain Catur Minesweeper
help-chess =
    Catur di atas papan 8×10 dengan medan periuk api tersembunyi di baris 4–7. Pawn boleh menjinakkan periuk api. King kebal.

    ## Papan
    Catur Minesweeper dimainkan di atas papan 8×10: 8 lajur (a–h) dan 10 baris (1–10). Putih menduduki baris 1–2 dan Hitam menduduki baris 9–10, dalam susunan catur standard. Baris 3 dan 8 kosong pada permulaan.
    Baris belakang (baris 1 untuk Putih, baris 10 untuk Hitam) ialah R·N·B·Q·K·B·N·R: rook, knight, bishop, queen, king, bishop, knight, rook. Pawn berada di baris 2 (Putih) dan baris 9 (Hitam). Putih bergerak dahulu.

    ## Zon kabus
    Baris 4–7 ialah zon kabus. Pada permulaan permainan, empat periuk api diletakkan secara rawak dalam 32 petak tersebut dan zon itu diliputi kabus kelabu. Kaunter periuk api dalam panel menunjukkan berapa banyak periuk api yang masih ada di atas papan.
    Apabila mana-mana buah mendarat di sesuatu petak, kabus terangkat daripada petak itu dan daripada petak jirannya yang berada dalam zon kabus. Satu gelang sahaja: tiada pendedahan melata. Petak yang didedahkan menunjukkan bilangan periuk api yang bersentuhan dengannya, tepat seperti Minesweeper klasik (1–8, berkod warna), atau tiada apa-apa jika tiada periuk api.
    Apabila kesemua empat periuk api telah sama ada ditemui (petaknya didedahkan) atau dialih keluar, semua kabus yang tinggal terangkat secara kekal dan permainan diteruskan sebagai catur standard.

    ## Interaksi periuk api
    • King: mendarat di periuk api — Penjinak Diraja: periuk api dialih keluar secara senyap dan king tidak tercedera.
    • Pawn, tindakan penjinak: menjinakkan petak di hadapannya — mana-mana periuk api di situ dialih keluar, pawn kekal di tempatnya dan giliran beralih. Selamat walaupun tiada periuk api di situ.
    • Pawn, gerakan biasa: mendarat di periuk api — pawn musnah dan periuk api itu turut dihapuskan.
    • Mana-mana buah lain: mendarat di periuk api — buah itu musnah dan periuk api itu turut dihapuskan.
    • Rook, bishop, queen: melepasi periuk api — tiada kesan. Periuk api hanya dicetuskan di petak pendaratan, jadi buah gelongsor boleh melepasi mana-mana periuk api yang tidak menjadi tempat ia berhenti.

    ## Tindakan penjinak pawn
    Pilih satu pawn dan ikon bom akan muncul di petak terus di hadapannya. Klik bom itu (atau klik kanan petak itu, tekan S, atau tahan petak itu pada skrin sentuh) untuk menjinakkan petak itu: pawn kekal di tempatnya dan mana-mana periuk api di petak itu dialih keluar. Jika tiada periuk api, pawn telah membazirkan gilirannya — tetapi ini juga bermakna pawn boleh melepasi giliran secara sah, menjadikan zugzwang jauh lebih sukar dipaksa.
    Tindakan penjinak tidak dibenarkan semasa king anda dalam skak (ia tidak dapat menyelesaikan skak). Apabila tiada lagi periuk api tersembunyi, pawn hanya boleh menjinakkan petak yang mengandungi periuk api yang kelihatan: mulai saat itu, permainan ialah catur biasa.

    ## Castling, promosi dan peraturan khas
    Castling mengikut peraturan catur standard: king dan rook mestilah belum pernah bergerak, petak di antara mereka mesti kosong, dan king tidak boleh berada dalam skak, melepasi skak atau mendarat dalam skak. Periuk api dalam koridor castling dianggap kosong untuk ujian laluan bersih, tetapi king akan mencetuskan periuk api di petak tempat ia mendarat (sebagai Penjinak Diraja, ia mengalih keluar periuk api itu).
    Promosi: pawn Putih dinaikkan pangkat apabila mencapai baris 10 (baris belakang Hitam), manakala pawn Hitam dinaikkan pangkat di baris 1. Pawn sentiasa dinaikkan pangkat kepada queen.
    Tiada en passant. Tiada peraturan 50 gerakan: kabus sangat memperlahankan pembukaan sehingga permainan lazimnya berlanjutan jauh melepasi 50 gerakan sebelum sentuhan bermakna.

    ## Skak, skak mat dan buntu
    Peraturan skak dan skak mat catur standard terpakai. King dalam skak mesti keluar daripada skak pada gerakan seterusnya; gerakan yang meninggalkan king sendiri dalam skak adalah haram. Buntu (tiada gerakan sah, tidak dalam skak) menamatkan permainan sebagai seri.
    Letupan yang menyebabkan king sendiri berada dalam skak mengakibatkan kekalahan serta-merta: pihak lawan menang. Ulangan tiga kali dan kedudukan yang tiada pihak dapat membuat skak mat juga seri, dan pemain boleh bersetuju untuk seri.

    ## Kawalan
    Klik satu buah, kemudian petak yang diserlahkan (atau seret buah itu ke situ). Klik kanan, tekan S atau tahan petak di hadapan pawn yang dipilih untuk menjinakkannya. Kekunci: Esc menu atau nyahpilih, F terbalikkan papan, U buat asal, H petunjuk, M senyap.

## Cara bermain Sweeper Sudoku

help-sudoku-title = Cara bermain Sweeper Sudoku
help-sudoku =
    ## Papan
    Di bawah kabus terdapat sudoku yang sudah diselesaikan: setiap digit muncul sekali dalam setiap baris, lajur dan blok. Beberapa petak sudah terbuka pada permulaan, dan petak itu tidak pernah mengandungi periuk api.
    Periuk api ditabur di atas papan secara berasingan, seperti dalam Minesweeper. Periuk api boleh berada di bawah mana-mana digit.
    Petak terbuka boleh menunjukkan nombor kecil dalam bulatan: bilangan periuk api di antara lapan petak jirannya. Setiap blok menunjukkan bilangan periuk api di dalamnya. Sesetengah petak permulaan merahsiakan kiraannya dan hanya menunjukkan gelang kosong.

    ## Bendera
    Pasang bendera pada petak tertutup yang anda sangka menyembunyikan periuk api: klik kanan petak itu, atau ketik dua kali pada skrin sentuh. Bendera ialah rancangan anda: ia menentukan apa yang dilakukan oleh buah apabila melalui petak itu.

    ## Tangan anda
    Tangan anda memegang lima buah, setiap satu dengan digit pada kadnya. Letakkan satu buah pada petak tertutup dan anda menyatakan bahawa petak itu mengandungi digit tersebut.
    • Digit betul, tiada periuk api: petak itu terbuka dan buah itu kekal di atasnya sebagai penderia. Rook, bishop atau queen bergabung dengan petak itu dan digitnya berubah; king atau knight mengekalkan digitnya.
    • Digit salah, tiada periuk api: buah itu diketepikan sehingga papan tamat. Petak itu kekal tertutup, dan permainan mencatat bahawa digit itu tiada di situ.
    • Periuk api tetap meletup tanpa mengira digit. Anda kehilangan satu nyawa dan buah itu musnah.
    Selepas setiap buah yang anda mainkan, tangan anda diisi semula daripada dek.

    ## Penderia
    Setiap buah di atas papan menunjukkan satu nombor, iaitu penderianya. Nombor itu dikemas kini selepas setiap tindakan.
    Buah putih mengira periuk api yang tinggal dalam zonnya, seperti nombor Minesweeper. Buah hitam mengira petak tertutup dalam zonnya yang menyembunyikan digitnya sendiri, iaitu digit pada kadnya. Periuk api di dalam petak tidak mengubah kiraan itu.
    Zon king ialah lapan petak di sekelilingnya, manakala zon knight ialah lapan petak yang sejauh satu lompatan L. Rook, bishop atau queen melihat di sepanjang garisannya, melalui petak tertutup sahaja: setiap garisan berhenti sebelum petak terbuka atau buah yang pertama.

    ## Bergerak di atas papan
    Buah di atas papan bergerak mengikut peraturan caturnya ke petak tertutup. Digit tidak disemak semasa gerakan di atas papan; periuk api dan bendera anda yang menentukan. Setiap gerakan di atas papan menggunakan satu stamina: knight ada tiga, buah lain dua. Meletakkan buah dari tangan tidak menggunakan stamina.
    Rook, bishop atau queen membuka setiap petak di laluannya. Periuk api di bawah bendera anda dijinakkan. Bendera tanpa periuk api di bawahnya bertukar menjadi tanda soal: buah itu berhenti di situ, diketepikan, dan anda kehilangan 10 mata. Periuk api tanpa bendera akan meletup. Rook juga boleh menggelongsor di sepanjang petak terbuka secara percuma: ia tidak membuka apa-apa dan hanya menyelaraskan penderianya.
    King hanya bergerak satu petak dan knight hanya membuat satu lompatan, tanpa laluan di antaranya, dan bendera tidak melindunginya. Periuk api di bawah king atau knight akan meletup, sama ada berbendera atau tidak.
    Klik kanan knight, atau tahan knight itu pada skrin sentuh, untuk mengangkat benderanya, lalu ia melompat sebagai penjinak periuk api. Jika mendarat di periuk api, ia menjinakkannya. Jika mendarat di petak kosong, ia meninggalkan tanda soal dan diketepikan. Selagi lompatannya terus mengena, ia terus melompat.

    ## Menguji petak
    Tekan dan tahan petak tertutup sehingga sumbu terbakar mengelilinginya. Dengan itu anda menguji petak tersebut tanpa menggunakan buah.
    Jika ada periuk api, periuk api itu dijinakkan dan petak itu terbuka, bernilai 10 mata. Jika petak itu kosong, ia bertukar menjadi tanda soal buat selama-lamanya dan anda kehilangan 10 mata. Menguji petak bukan gerakan dan tidak menggunakan stamina.
    Setiap king di atas papan mempunyai satu nyawa simpanan bagi setiap papan. Jika anda menguji petak kosong dalam kawasan 3×3 di sekelilingnya, king itu menggunakan nyawa simpanannya: petak kekal tertutup dan tiada apa-apa yang hilang.

    ## Buang dan gabung
    Buang seberapa banyak buah yang anda mahu (D, atau seret kad ke dek): buah itu keluar dari tangan anda dan buah baharu masuk dari dek. Membuang bukan gerakan dan tidak memberi mata. Dek adalah terhad, dan itulah hadnya.
    Gabung: seret satu buah di tangan anda ke atas buah yang lain. Digit-digitnya dijumlahkan secara berpusing dari 1 hingga saiz papan, dan digit tertinggi dikira sebagai 1. Pada papan 6×6, 3 yang disuapkan kepada 3 menjadi 6, dan 6 yang disuapkan kepada 3 menjadi 4. Buah yang anda suapkan itu dibuang.

    ## Menang dan kalah
    Jinakkan setiap periuk api dan anda memenangi papan itu. Itulah Sapu Bersih. Periuk api yang telah meletup dikira selesai, dan anda tidak perlu membuka setiap petak.
    Anda ada 3 nyawa. Setiap periuk api yang meletup mengambil satu nyawa. Jika ketiga-tiga nyawa hilang, atau buah anda habis tanpa apa-apa lagi yang boleh digerakkan, anda kalah di papan itu.
    Mata diperoleh daripada digit yang anda buka, dengan lebih banyak mata untuk periuk api yang dijinakkan dalam gerakan yang sama. Skor anda dikira dalam pawn, sepuluh mata bagi satu pawn, dan dicatat pada kad keputusan anda.

    ## Kawalan
    Tetikus: klik kad, kemudian petak (atau seret kad ke situ); klik buah, kemudian titik untuk bergerak; klik kanan untuk memasang bendera; tahan untuk menguji. Sentuh: ketik, ketik dua kali untuk memasang bendera, tahan untuk menguji, tahan knight untuk mengangkat benderanya. Kekunci: H petunjuk, D buang, Esc batal.

## Papan terbina (levels/*.ron dan levels/sudoku/*.ron, mengikut nama fail).
## Papan yang ditambah oleh modder memaparkan nama dalam failnya sendiri.

preset-classic = Klasik
    .description = Peraturan asal: 8×10, empat periuk api di bawah kabus pada baris 4–7.
preset-grand_12x12 = Besar 12×12
    .description = 12×12 dengan knight dan rook tambahan; sepuluh periuk api pada baris 4–9.
preset-minefield = Medan Periuk Api
    .description = Dua belas periuk api dalam kabus klasik: pawn mesti menjinakkan periuk api di laluannya.
preset-skirmish_6x6 = Pertempuran Kecil 6×6
    .description = Kecil dan tajam: 6×6, dua periuk api pada baris 3–4, tiada castling.
preset-wide_fog = Kabus Luas
    .description = Kabus pada baris 3–8 sampai ke pawn; enam periuk api.
sudoku-preset-classic_6x6 = Klasik 6×6
    .description = Enam periuk api, kiraan tersembunyi dan dek dua puluh kad.
sudoku-preset-easy_4x4 = Mudah 4×4
    .description = Tiga periuk api dalam sudoku 4×4: belajar memasang bendera, menguji petak dan membaca penderia.
sudoku-preset-grand_9x9 = Besar 9×9
    .description = Dua belas periuk api di bawah sudoku penuh; dek tiga puluh enam kad.

## Online play
play-online = Main dalam talian
online-server = Pelayan
online-time = Kawalan masa
untimed = Tanpa jam
color-random = Rawak
# Profiles, the archive and the leaderboard
profile-title = Profil pemain
member-since = Ahli sejak { $date }
speed-rating = { $speed }: { $rating } · { $n } permainan bertaraf
no-ratings-yet = Belum ada permainan bertaraf.
rating-history = Sejarah penarafan
profile-games = Dimain { $played } · menang { $won } · seri { $drawn } · kalah { $lost }
recent-games = Permainan terkini
all-games = Semua permainan
leaderboard = Papan pendahulu
page-loading = Memuatkan…
no-such-player = Tiada pemain dengan nama itu.
page-unavailable = Pelayan tidak dapat menjawab: cuba lagi nanti.
speed-bullet = Peluru
speed-blitz = Kilat
speed-rapid = Pantas
speed-classical = Klasik
archive-title = Permainan { $name }
no-games-yet = Belum ada permainan yang tamat.
who-guest = Tetamu
who-deleted = Pemain yang dipadam
game-rated = Bertaraf
game-casual = Santai
replay-game = Ulang tayang
copy-link = Salin pautan
page-newer = Lebih baharu
page-older = Lebih lama
page-number = Halaman { $n }
leader-player = Pemain
leader-rating = Penarafan
leader-games = Permainan
leaderboard-empty = Belum ada sesiapa: pemain bertaraf dengan penarafan yang mantap dan pernah bermain dalam { $n } hari yang lalu disenaraikan di sini.
create-game = Cipta permainan
quick-game = Cari lawan
invite-code = Kod jemputan
join-game = Sertai
watch-game = Tonton
back-to-game = Kembali ke permainan { $code }
online-builtin-only = Permainan dalam talian menggunakan papan terbina sahaja.
connecting = Menyambung…
waiting-opponent = Menunggu lawan…
share-code = Kod jemputan: { $code }
share-link = Pautan: { $link }
opponent-here = Lawan bersambung
opponent-away = Lawan menyambung semula…
reconnecting = Sambungan terputus: menyambung semula…
watching = Menonton
draw-offered-by = { $side } menawarkan seri
accept-draw = Terima seri
decline-draw = Tolak
offer-draw-online = Tawarkan seri
draw-offer-sent = Seri ditawarkan
rematch = Perlawanan semula
rematch-asked = { $side } meminta perlawanan semula
leave-online = Keluar
unreachable = Tidak dapat menghubungi { $server }
err-not-found = Tiada permainan dengan kod itu.
err-game-full = Kedua-dua tempat telah diambil: anda boleh menonton.
err-not-your-turn = Bukan giliran anda.
err-stale = Gerakan itu terlambat dan tidak dimainkan.
err-illegal = Pelayan menolak gerakan itu.
err-game-over = Permainan telah tamat.
err-bad-request = Pelayan tidak menawarkan itu.
err-unavailable = Pelayan tidak dapat menyimpannya: cuba lagi.
err-rate-limited = Terlalu banyak permintaan: sila perlahan sedikit.
err-bad-message = Pelayan tidak memahami permintaan itu.
err-not-started = Permainan bermula apabila lawan anda mengambil tempat.
err-limit = Pelayan telah mencapai had: tamatkan atau tinggalkan permainan dahulu, atau cuba lagi kemudian.
err-seat-taken = Tempat ini kini dimainkan dari tetingkap atau peranti lain.

## Penghargaan: hasil kerja pihak lain dalam permainan, bersama lesennya

credits = Penghargaan
credits-intro = Catur Minesweeper dihasilkan oleh para pembangunnya. Permainan ini menggunakan hasil kerja pihak lain, yang disenaraikan di sini bersama lesennya.
credits-pieces = Buah catur
credits-fonts = Fon
credits-sounds = Bunyi
credits-sounds-text = Setiap bunyi direka dan dijana oleh projek ini (scripts/render-sounds.py), di bawah lesen yang sama dengan kodnya.
credits-network = Penilaian komputer
credits-network-text = Rangkaian penilaian komputer dilatih dengan kedudukan yang dinilai oleh Fairy-Stockfish (GPL-3.0), enjin sumber terbuka untuk varian catur oleh Fabian Fichter dan para pembangun Stockfish; tiada kod Fairy-Stockfish dalam permainan ini.
credits-code = Permainan
credits-code-text = Kod permainan ini dilesenkan di bawah MIT OR Apache-2.0. Buah catur, fon dan bunyi mengekalkan lesen masing-masing (assets/CREDITS.md).
credits-author = Pencipta:
credits-licence = Lesen:
credits-adapted-by = Diadaptasi oleh:
credits-based-on = Berdasarkan:
credits-source = Sumber
credits-full-text = Teks penuh lesen
credits-changes = Diubah suai: dipotong menjadi buah yang berasingan dan dijadikan PNG.
credits-cc-by-sa = Dikongsi di bawah lesen yang sama (CC BY-SA 3.0).

# Accounts and ratings

acc-sign-in = Log masuk
acc-sign-up = Cipta akaun
acc-signed-in-as = Log masuk sebagai { $name }
acc-rating-hint = Penarafan anda bagi kawalan masa yang dipilih di bawah (dengan ? selagi ia sementara)
acc-my-page = Halaman saya
acc-my-games = Permainan saya
acc-leaderboard = Papan pendahulu
acc-account = Akaun
acc-rated = Bertaraf
acc-rated-hint = Log masuk untuk bermain permainan bertaraf
acc-user-name = Nama pengguna
acc-password = Kata laluan
acc-name-rules = 3–20 huruf, digit, _ atau -, bermula dengan huruf
acc-password-rules = Sekurang-kurangnya 8 aksara
acc-change-password = Tukar kata laluan
acc-old-password = Kata laluan semasa
acc-new-password = Kata laluan baharu
acc-sign-out = Log keluar
acc-sign-out-everywhere = Log keluar di semua peranti
acc-delete = Padam akaun
acc-delete-confirm = Ya, padam selama-lamanya
acc-delete-warning = Tindakan ini tidak boleh dibatalkan. Permainan anda kekal dalam arkib sebagai “pemain dipadam”.
acc-guest = Tetamu
acc-deleted-player = Pemain dipadam
acc-rated-game = Permainan bertaraf
acc-casual-game = Permainan santai
acc-rating-change = { $side }: penarafan { $rating } ({ $change })
acc-signed-out = Anda telah log keluar.
acc-password-changed = Kata laluan telah ditukar. Peranti anda yang lain telah dilog keluar.
acc-deleted = Akaun telah dipadam.
acc-ref-name-length = Nama pengguna mempunyai 3 hingga 20 aksara.
acc-ref-name-characters = Nama pengguna hanya boleh mengandungi huruf a–z, digit, _ dan -.
acc-ref-name-start = Nama pengguna bermula dengan huruf.
acc-ref-name-separators = Nama pengguna tidak boleh mempunyai _ atau - dua kali berturut-turut atau di hujungnya.
acc-ref-name-reserved = Nama itu dikhaskan: pilih nama lain.
acc-ref-name-taken = Nama itu telah diambil: pilih nama lain.
acc-ref-password = Kata laluan mempunyai { $min } hingga { $max } aksara.
acc-ref-wrong-sign-in = Nama pengguna atau kata laluan salah.
acc-ref-wait-seconds = Terlalu banyak cubaan: tunggu { $n } saat dan cuba lagi.
acc-ref-wait-minutes = Terlalu banyak cubaan: tunggu { $n } minit dan cuba lagi.
acc-ref-session-ended = Sesi anda telah tamat: log masuk semula.
acc-ref-not-signed-in = Log masuk dahulu.
acc-ref-not-found = Tiada pemain atau permainan sedemikian.
acc-ref-rated-needs-account = Permainan bertaraf hanya untuk pemain yang log masuk: kedua-dua pemain perlukan akaun.
acc-ref-page-too-far = Tiada lagi permainan lama untuk dipaparkan.
acc-ref-unavailable = Pelayan tidak dapat mencapai akaunnya: cuba lagi.
