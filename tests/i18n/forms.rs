//! The forms each language gives a text: plural forms of counts, the
//! decimal sign, the move list's piece letters.

use minesweeper_chess::base::i18n::{Lang, T, Texts, decimal};

#[test]
fn counts_take_each_language_plural_forms() {
    let tx = Texts::builtin();
    let mines = |lang, n: u32| tx.in_lang(lang, T::Mines, &[("n", n.into())]);
    // Ukrainian: one (1, 21), few (2–4, 22), many (0, 5–20, 11–14).
    assert!(
        mines(Lang::Uk, 1).contains("1 міна"),
        "{}",
        mines(Lang::Uk, 1)
    );
    assert!(mines(Lang::Uk, 21).contains("21 міна"));
    assert!(mines(Lang::Uk, 2).contains("2 міни"));
    assert!(mines(Lang::Uk, 4).contains("4 міни"));
    assert!(mines(Lang::Uk, 5).contains("5 мін"));
    assert!(mines(Lang::Uk, 11).contains("11 мін"));
    assert!(mines(Lang::Uk, 0).contains("0 мін"));
    // English one for 1 only; French one for 0 and 1; Danish one for 1.
    assert_eq!(mines(Lang::En, 1), "1 mine left");
    assert_eq!(mines(Lang::En, 0), "0 mines left");
    assert_ne!(mines(Lang::Fr, 0), mines(Lang::Fr, 2).replace('2', "0"));
    assert_eq!(mines(Lang::Fr, 1), mines(Lang::Fr, 0).replace('0', "1"));
    assert_ne!(mines(Lang::Da, 1).replace('1', "2"), mines(Lang::Da, 2));
    // Malay has one form.
    assert_eq!(mines(Lang::Ms, 1).replace('1', "2"), mines(Lang::Ms, 2));

    let deck = |lang, n: usize| {
        tx.in_lang(
            lang,
            T::SudokuDeck,
            &[("deck", n.into()), ("hand", 5.into())],
        )
    };
    assert!(
        deck(Lang::Uk, 1).contains("1 карта"),
        "{}",
        deck(Lang::Uk, 1)
    );
    assert!(deck(Lang::Uk, 3).contains("3 карти"));
    assert!(deck(Lang::Uk, 12).contains("12 карт"));
    assert!(deck(Lang::En, 1).contains("1 card ") && deck(Lang::En, 2).contains("2 cards"));

    let lives = |lang, n: u8| {
        tx.in_lang(
            lang,
            T::SudokuLives,
            &[("hearts", "♥".into()), ("n", n.into())],
        )
    };
    assert!(lives(Lang::Uk, 1).contains("1 життя"));
    assert!(lives(Lang::Uk, 5).contains("5 життів"));
    assert!(lives(Lang::En, 1).contains("1 life") && lives(Lang::En, 3).contains("3 lives"));

    let points = |lang, n: i32| tx.in_lang(lang, T::SudokuPoints, &[("points", n.into())]);
    assert!(points(Lang::Uk, 1).contains("1 очко"));
    assert!(points(Lang::Uk, 2).contains("2 очки"));
    assert!(points(Lang::Uk, 25).contains("25 очок"));
    assert_eq!(points(Lang::En, 1), "1 point");
    assert_eq!(points(Lang::En, 40), "40 points");

    // Pawns are shown with one decimal, in the language's decimal sign.
    let pawns = |lang, p: f64| tx.in_lang(lang, T::SudokuPawns, &[("pawns", decimal(p))]);
    assert_eq!(pawns(Lang::En, 2.5), "2.5 pawns");
    assert_eq!(pawns(Lang::En, 3.0), "3.0 pawns");
    assert!(
        pawns(Lang::Fr, 2.5).starts_with("2,5"),
        "{}",
        pawns(Lang::Fr, 2.5)
    );
    assert!(pawns(Lang::Uk, 1.5).starts_with("1,5"));
    assert!(pawns(Lang::Ms, 1.5).starts_with("1.5"));
}

#[test]
fn the_move_list_letters_come_from_the_language() {
    let mut tx = Texts::builtin();
    tx.set_lang(Lang::Uk);
    assert_eq!(tx.letters(), ["Кр", "Ф", "Т", "С", "К"]);
    tx.set_lang(Lang::Fr);
    assert_eq!(tx.letters(), ["R", "D", "T", "F", "C"]);
    tx.set_lang(Lang::Da);
    assert_eq!(tx.letters(), ["K", "D", "T", "L", "S"]);
    tx.set_lang(Lang::En);
    assert_eq!(tx.letters(), ["K", "Q", "R", "B", "N"]);
}
