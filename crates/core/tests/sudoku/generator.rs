//! Sweeper Sudoku: the generator (grids, boards, share codes) and merging cards.

use super::*;

#[test]
fn random_grids_are_solved_sudokus_of_every_size() {
    for size in [4u8, 6, 9] {
        for seed in 0..10_000u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let g = Grid::random(size, &mut rng).expect("sizes 4, 6 and 9 always fill");
            assert!(
                is_sudoku(size as usize, &g.cells),
                "size {size} seed {seed}: {:?}",
                g.cells
            );
        }
    }
    let mut rng = SmallRng::seed_from_u64(1);
    assert!(Grid::random(5, &mut rng).is_none(), "5 is no sudoku size");
}

#[test]
fn the_same_preset_and_seed_give_the_same_board() {
    for p in all_presets() {
        for seed in [0, 1, 7, 123_456, u64::MAX] {
            assert_eq!(generate(&p, seed), generate(&p, seed), "{}", p.file.name);
        }
        let distinct: std::collections::HashSet<Vec<u8>> =
            (0..20).map(|s| generate(&p, s).grid.cells).collect();
        assert!(distinct.len() >= 18, "seeds give different sudokus");
    }
}

#[test]
fn generated_boards_follow_their_preset() {
    for p in all_presets() {
        let f = &p.file;
        let n = f.size as usize;
        for seed in 0..300u64 {
            let b = generate(&p, seed);
            let what = format!("{} seed {seed}", f.name);
            assert_eq!(b.size(), n, "{what}");
            assert!(is_sudoku(n, &b.grid.cells), "{what}");
            let count = |v: &[bool]| v.iter().filter(|&&x| x).count();
            assert_eq!(count(&b.mines), f.mines as usize, "{what}: mines");
            assert_eq!(count(&b.open), f.givens as usize, "{what}: givens");
            assert_eq!(
                count(&b.hidden_count),
                f.hidden_counts as usize,
                "{what}: hidden counts"
            );
            for i in 0..n * n {
                assert!(!(b.open[i] && b.mines[i]), "{what}: a mine under a given");
                assert!(
                    !b.hidden_count[i] || b.open[i],
                    "{what}: a hidden count on a closed cell"
                );
            }
            // Givens are spread over the blocks: none starts blind.
            let mut per_block = vec![0usize; n];
            for i in (0..n * n).filter(|&i| b.open[i]) {
                per_block[Grid::block_of(f.size, i)] += 1;
            }
            let lo = f.givens as usize / n;
            assert!(
                per_block.iter().all(|&g| g == lo || g == lo + 1),
                "{what}: givens per block {per_block:?}"
            );
            // The deck: the preset's pieces, each with a digit on the board.
            assert_eq!(b.deck.len(), p.deck_size(), "{what}");
            let mut want: HashMap<(PieceKind, Side), usize> = HashMap::new();
            for e in &f.deck {
                *want.entry((e.piece, e.color)).or_default() += e.count as usize;
            }
            let mut got: HashMap<(PieceKind, Side), usize> = HashMap::new();
            for c in &b.deck {
                assert!((1..=f.size).contains(&c.digit), "{what}: card {c}");
                *got.entry((c.kind, c.side)).or_default() += 1;
            }
            assert_eq!(got, want, "{what}: deck");
            // A new game deals the hand from the front of the deck.
            let g = PuzzleGame::new(p.clone(), b.clone());
            assert_eq!(g.hand, b.deck[..f.hand as usize], "{what}");
            assert_eq!(g.deck.len(), b.deck.len() - f.hand as usize);
            assert_eq!((g.lives, g.score, g.status), (f.lives, 0, Status::Playing));
            // Open cells show their count, but for the hidden ones.
            let v = PublicView::of(&g);
            for i in 0..n * n {
                let want = (b.open[i] && !b.hidden_count[i]).then(|| b.count(i));
                let shown = match v.cells[i] {
                    Seen::Open { count, digit, .. } => {
                        assert_eq!(digit, b.grid.cells[i]);
                        count
                    }
                    _ => None,
                };
                assert_eq!(shown, want, "{what}: cell {i}");
                if b.open[i] {
                    let real = neighbours(n, i).filter(|&j| b.mines[j]).count() as u8;
                    assert_eq!(b.count(i), real);
                }
            }
            // The block totals a player sees are the real ones.
            for (blk, &m) in g.block_mines().iter().enumerate() {
                let real = (0..n * n)
                    .filter(|&i| b.mines[i] && Grid::block_of(f.size, i) == blk)
                    .count();
                assert_eq!(m as usize, real, "{what}: block {blk}");
            }
        }
    }
}

#[test]
fn share_codes_round_trip_and_catch_every_single_typo() {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut rng = SmallRng::seed_from_u64(3);
    let mut seeds: Vec<u64> = vec![0, 1, 31, 32, 1023, 1024, u64::MAX];
    seeds.extend((0..200).map(|_| rng.random::<u64>() & 0x3FFF_FFFF));
    for tag in ["E4", "C6", "G9"] {
        for &seed in &seeds {
            let code = share_code(tag, seed);
            assert!(code.starts_with(&format!("{tag}-")), "{code}");
            assert_eq!(parse_code(&code), Ok((tag.to_string(), seed)), "{code}");
            assert_eq!(
                parse_code(&format!("  {}\n", code.to_lowercase())),
                Ok((tag.to_string(), seed)),
                "lowercase and spaces around are fine"
            );
            // O, I and L read as 0, 1 and 1 anywhere after the tag.
            let (head, body) = code.split_at(tag.len() + 1);
            for (from, to) in [('0', 'O'), ('0', 'o'), ('1', 'I'), ('1', 'l'), ('1', 'L')] {
                let typed = format!("{head}{}", body.replace(from, &to.to_string()));
                assert_eq!(
                    parse_code(&typed),
                    Ok((tag.to_string(), seed)),
                    "{typed} is {code}"
                );
            }
            // Any one character typed wrong is caught, check letter included.
            for (pos, orig) in body.char_indices() {
                for other in ALPHABET.chars().filter(|&c| c != orig) {
                    let mut typo = body.to_string();
                    typo.replace_range(pos..pos + 1, &other.to_string());
                    let typo = format!("{head}{typo}");
                    assert!(
                        parse_code(&typo).is_err(),
                        "{typo} (a typo of {code}) was accepted as {:?}",
                        parse_code(&typo)
                    );
                }
            }
        }
    }
    for bad in ["", "E4", "E4-", "-3K9QW", "E4-3", "E4-3U9QW", "E4-3K9Q W"] {
        assert!(parse_code(bad).is_err(), "{bad:?} is no code");
    }
}

// ------------------------------------------------------------------ merge

/// Steps round the circle 1..=n: start on `into` (the top digit standing
/// for 1) and walk `fed` steps on (again the top digit counting as 1).
fn walk(n: u8, into: u8, fed: u8) -> u8 {
    let one = |d: u8| if d == n { 1 } else { d };
    let mut at = one(into);
    for _ in 0..one(fed) {
        at = if at == n { 1 } else { at + 1 };
    }
    at
}

#[test]
fn merging_adds_digits_round_the_circle() {
    // Written out by hand: row = the card kept, column = the card fed.
    let t4: [[u8; 4]; 4] = [[2, 3, 4, 2], [3, 4, 1, 3], [4, 1, 2, 4], [2, 3, 4, 2]];
    let t6: [[u8; 6]; 6] = [
        [2, 3, 4, 5, 6, 2],
        [3, 4, 5, 6, 1, 3],
        [4, 5, 6, 1, 2, 4],
        [5, 6, 1, 2, 3, 5],
        [6, 1, 2, 3, 4, 6],
        [2, 3, 4, 5, 6, 2],
    ];
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            assert_eq!(
                merge_digits(4, a, b),
                t4[a as usize - 1][b as usize - 1],
                "4×4: {b} fed to {a}"
            );
        }
    }
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            assert_eq!(
                merge_digits(6, a, b),
                t6[a as usize - 1][b as usize - 1],
                "6×6: {b} fed to {a}"
            );
        }
    }
    assert_eq!(merge_digits(6, 3, 3), 6, "the rule text: 3 + 3 → 6");
    assert_eq!(merge_digits(6, 3, 6), 4, "the rule text: 6 fed to 3 → 4");
    for n in [4u8, 6, 9] {
        for a in 1..=n {
            for b in 1..=n {
                let m = merge_digits(n, a, b);
                assert!((1..=n).contains(&m));
                assert_eq!(m, walk(n, a, b), "{n}×{n}: {b} fed to {a}");
                assert_eq!(m, merge_digits(n, b, a), "merging is symmetric");
            }
        }
        // The top digit counts as 1.
        for a in 1..=n {
            assert_eq!(merge_digits(n, a, n), merge_digits(n, a, 1));
        }
    }
    assert_eq!(merge_digits(9, 5, 4), 9);
    assert_eq!(merge_digits(9, 5, 5), 1);
    assert_eq!(merge_digits(9, 9, 9), 2);
}

#[test]
fn merging_in_the_hand_keeps_one_card_and_deals_a_new_one() {
    let mut g = game6(&[c6(5, 5)], &[], "K3 R3 N6 b3 K5 Q1 Q2");
    let ev = ok(&mut g, Action::Merge { into: 0, fed: 1 });
    assert_eq!(points(&ev), 0);
    assert_eq!(
        g.hand,
        cards("K6 Q1 N6 b3 K5"),
        "3 + 3 → 6; Q1 dealt in R3's slot"
    );
    ok(&mut g, Action::Merge { into: 3, fed: 2 });
    assert_eq!(g.hand, cards("K6 Q1 Q2 b4 K5"), "6 fed to 3 → 4");
    assert!(g.deck.is_empty());
    assert!(g.bench.is_empty() && g.destroyed.is_empty() && g.pieces.is_empty());
    assert_eq!(g.score, 0);
    refused(&mut g, Action::Merge { into: 1, fed: 1 });
    refused(&mut g, Action::Merge { into: 0, fed: 5 });
    // With the deck empty the hand shrinks.
    ok(&mut g, Action::Merge { into: 0, fed: 4 });
    assert_eq!(
        g.hand,
        cards("K6 Q1 Q2 b4"),
        "5 fed to 6 (counting as 1) → 6"
    );
}
