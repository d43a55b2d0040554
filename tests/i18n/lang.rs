//! Choosing the language (locale names, the `--lang` and `--show` options)
//! and replacing a language's file while the game runs (a broken one keeps
//! the last good texts and says where it broke).

use minesweeper_chess::base::i18n::{Lang, T, Texts};

#[test]
fn locale_names_pick_our_languages() {
    for (locale, lang) in [
        ("uk_UA.UTF-8", Some(Lang::Uk)),
        ("fr-CA", Some(Lang::Fr)),
        ("FR", Some(Lang::Fr)),
        ("da", Some(Lang::Da)),
        ("ms-MY", Some(Lang::Ms)),
        ("en_GB", Some(Lang::En)),
        ("de_DE", None),
        ("C", None),
        ("", None),
    ] {
        assert_eq!(Lang::from_locale(locale), lang, "{locale}");
    }
}

#[test]
fn a_broken_translation_keeps_the_last_good_texts_and_says_where() {
    let mut tx = Texts::builtin();
    tx.set_lang(Lang::Fr);
    let before = tx.t(T::NewGame);
    let broken = "new-game = Nouvelle partie\nquit = Quitter }\nback = Retour\n";
    let err = tx.replace(Lang::Fr, broken).expect_err("a syntax error");
    assert!(
        err.to_string().starts_with("assets/i18n/fr.ftl:2:"),
        "{err}"
    );
    // An unclosed placeholder is named on its own line, not at the end.
    let err = tx
        .replace(
            Lang::Fr,
            "new-game = Partie\nquit = { $oops\nback = Retour\n",
        )
        .expect_err("a syntax error");
    assert!(
        err.to_string().starts_with("assets/i18n/fr.ftl:2:"),
        "{err}"
    );
    assert_eq!(tx.t(T::NewGame), before);
    assert_eq!(tx.errors.len(), 1, "one error per file: the latest");
    // Fixed: the new text shows, the error goes; a key the file lacks
    // reads in English rather than as a hole.
    tx.replace(Lang::Fr, "new-game = Encore une partie\n")
        .expect("a good file");
    assert_eq!(tx.t(T::NewGame), "Encore une partie");
    assert_eq!(tx.t(T::Quit), "Quit");
    assert!(tx.errors.is_empty());
}

#[test]
fn lang_and_show_options_are_checked() {
    use minesweeper_chess::base::options::{GameOptions, Page};
    let parse =
        |a: &[&str]| GameOptions::parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(
        parse(&["--lang", "uk-UA"]).map(|o| o.lang),
        Ok(Some(Lang::Uk))
    );
    let err = parse(&["--lang", &"x".repeat(10_000)])
        .expect_err("unknown language")
        .to_string();
    assert!(
        err.contains("the languages are en, uk, fr, da, ms") && err.len() < 120,
        "{err}"
    );
    assert_eq!(
        parse(&["--show", "rules"]).map(|o| o.show),
        Ok(Some(Page::Rules))
    );
    assert_eq!(
        parse(&["--show", "online"]).map(|o| o.show),
        Ok(Some(Page::Online))
    );
    assert_eq!(
        parse(&["--show", "credits"]).map(|o| o.show),
        Ok(Some(Page::Credits))
    );
    assert!(parse(&["--show", "thanks"]).is_err());
}
