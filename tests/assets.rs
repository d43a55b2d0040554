//! The art and sound the game ships: every piece of every set and every
//! effect's file read as the game reads them; a broken file is named.

use std::path::{Path, PathBuf};

use minesweeper_chess::base::art::check_piece_files;
use minesweeper_chess::base::audio::effect::{Effect, check_sound_files, read_wav};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

#[test]
fn every_piece_set_has_all_twelve_pieces() {
    assert_eq!(check_piece_files(&assets()), Vec::<String>::new());
}

#[test]
fn every_effect_has_a_readable_file_without_clipping() {
    assert_eq!(check_sound_files(&assets()), Vec::<String>::new());
    let mut loudest = (0.0f32, None);
    for e in Effect::ALL {
        let path = assets().join("sounds").join(e.file());
        let wav = read_wav(&std::fs::read(&path).expect("read")).expect("wav");
        let secs = wav.samples.len() as f32 / wav.rate as f32;
        assert!(secs > 0.02 && secs < 2.0, "{e:?} lasts {secs} s");
        let peak = wav.samples.iter().fold(0f32, |m, v| m.max(v.abs()));
        // -1 dBFS at most: no clipping once resampled or mixed.
        assert!(peak > 0.05 && peak < 0.892, "{e:?} peaks at {peak}");
        let ends = wav.samples.last().copied().unwrap_or(0.0).abs();
        assert!(ends < 0.01, "{e:?} ends with a click ({ends})");
        let energy: f32 = wav.samples.iter().map(|v| v * v).sum();
        if energy > loudest.0 {
            loudest = (energy, Some(e));
        }
    }
    assert_eq!(
        loudest.1,
        Some(Effect::Blast),
        "the blast carries the most energy"
    );
}

/// Copies the assets a check reads into a temporary folder.
fn copy_of_assets(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("msc-assets-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["pieces", "sounds"] {
        copy_dir(&assets().join(sub), &dir.join(sub));
    }
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copy");
        }
    }
}

#[test]
fn a_broken_piece_or_sound_is_named() {
    let dir = copy_of_assets("broken");
    std::fs::write(dir.join("pieces/fantasy/bN.png"), b"not a png").expect("write");
    std::fs::remove_file(dir.join("pieces/celtic/wQ.png")).expect("remove");
    let mut wav = std::fs::read(dir.join("sounds/blast.wav")).expect("read");
    wav[22] = 2; // stereo
    std::fs::write(dir.join("sounds/blast.wav"), wav).expect("write");
    let pieces = check_piece_files(&dir);
    assert_eq!(pieces.len(), 2, "{pieces:?}");
    assert!(
        pieces[0].contains("fantasy") && pieces[0].contains("bN.png"),
        "{pieces:?}"
    );
    assert!(
        pieces
            .iter()
            .any(|p| p.contains("celtic") && p.contains("wQ.png"))
    );
    let sounds = check_sound_files(&dir);
    assert_eq!(sounds.len(), 1, "{sounds:?}");
    assert!(
        sounds[0].contains("blast.wav") && sounds[0].contains("2 channel"),
        "{sounds:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
