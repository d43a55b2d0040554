//! The sound effects: one WAV file each in `assets/sounds/`, rendered by
//! `scripts/render-sounds.py` (a modder may replace any of them; the
//! desktop reloads a changed file while the game runs).

/// The sound effects of both games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A piece set down.
    Move,
    /// A piece taken.
    Capture,
    /// A mine going off.
    Blast,
    /// A pawn's sapper sweep.
    Sweep,
    /// A king quietly removing a mine.
    RoyalSweep,
    /// Fog lifting.
    Fog,
    /// Check.
    Check,
    /// A game begins.
    GameStart,
    /// The game ended.
    GameEnd,
    /// Online: the player's clock is under ten seconds.
    LowTime,
    /// A refused move.
    Illegal,
    /// A menu button.
    Click,
    /// Sweeper Sudoku: a card played onto the board.
    Card,
    /// Sweeper Sudoku: a sensor placed.
    Sensor,
    /// Sweeper Sudoku: a digit that does not belong there.
    WrongDigit,
    /// Sweeper Sudoku: a life lost.
    LifeLost,
    /// Sweeper Sudoku: every mine defused, the board won.
    Wipe,
    /// Sweeper Sudoku: a cell probed.
    Probe,
    /// Sweeper Sudoku: a flag planted.
    Flag,
}

/// Which switch in Settings silences an effect.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SoundKind {
    /// Moves, captures, cards and flags.
    Moves,
    /// Blasts, sweeps, fog, check, the clock, the game's start and end.
    Effects,
    /// Menu clicks and refusals.
    Interface,
}

impl Effect {
    /// Every effect.
    pub const ALL: [Effect; 19] = [
        Effect::Move,
        Effect::Capture,
        Effect::Blast,
        Effect::Sweep,
        Effect::RoyalSweep,
        Effect::Fog,
        Effect::Check,
        Effect::GameStart,
        Effect::GameEnd,
        Effect::LowTime,
        Effect::Illegal,
        Effect::Click,
        Effect::Card,
        Effect::Sensor,
        Effect::WrongDigit,
        Effect::LifeLost,
        Effect::Wipe,
        Effect::Probe,
        Effect::Flag,
    ];

    /// The effect's file name in `assets/sounds/`.
    pub fn file(self) -> &'static str {
        match self {
            Effect::Move => "move.wav",
            Effect::Capture => "capture.wav",
            Effect::Blast => "blast.wav",
            Effect::Sweep => "sweep.wav",
            Effect::RoyalSweep => "royal-sweep.wav",
            Effect::Fog => "fog.wav",
            Effect::Check => "check.wav",
            Effect::GameStart => "game-start.wav",
            Effect::GameEnd => "game-end.wav",
            Effect::LowTime => "low-time.wav",
            Effect::Illegal => "illegal.wav",
            Effect::Click => "click.wav",
            Effect::Card => "card.wav",
            Effect::Sensor => "sensor.wav",
            Effect::WrongDigit => "wrong-digit.wav",
            Effect::LifeLost => "life-lost.wav",
            Effect::Wipe => "wipe.wav",
            Effect::Probe => "probe.wav",
            Effect::Flag => "flag.wav",
        }
    }

    /// The Settings switch that silences it.
    pub fn kind(self) -> SoundKind {
        match self {
            Effect::Move | Effect::Capture | Effect::Card | Effect::Flag => SoundKind::Moves,
            Effect::Click | Effect::Illegal => SoundKind::Interface,
            _ => SoundKind::Effects,
        }
    }
}

/// A WAV file's samples, as the game's files are written: 16-bit PCM,
/// mono, 44.1 or 48 kHz.
#[derive(Debug, Clone)]
pub struct Wav {
    /// Samples a second.
    pub rate: u32,
    /// The samples in -1..1.
    pub samples: Vec<f32>,
}

/// Reads a WAV file of the kind the game ships, or says what is wrong.
///
/// # Errors
/// [`WavError`]: the first thing that is not as the game's files are.
pub fn read_wav(bytes: &[u8]) -> Result<Wav, WavError> {
    let u16_at = |i: usize| {
        bytes
            .get(i..i + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
    };
    let u32_at = |i: usize| {
        bytes
            .get(i..i + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if bytes.get(0..4) != Some(b"RIFF") || bytes.get(8..12) != Some(b"WAVE") {
        return Err(WavError::NotWave);
    }
    let (mut at, mut format, mut data) = (12usize, None, None);
    while let (Some(id), Some(len)) = (bytes.get(at..at + 4), u32_at(at + 4)) {
        let body = at + 8;
        let end = body
            .checked_add(len as usize)
            .ok_or(WavError::ChunkTooLong)?;
        if end > bytes.len() {
            return Err(WavError::ChunkPastEnd(
                String::from_utf8_lossy(id).into_owned(),
            ));
        }
        match id {
            b"fmt " => {
                format = Some((
                    u16_at(body),
                    u16_at(body + 2),
                    u32_at(body + 4),
                    u16_at(body + 14),
                ))
            }
            b"data" => data = Some(&bytes[body..end]),
            _ => {}
        }
        at = end + (len as usize & 1);
    }
    let Some((Some(pcm), Some(channels), Some(rate), Some(bits))) = format else {
        return Err(WavError::NoFormat);
    };
    if pcm != 1 || channels != 1 || bits != 16 {
        return Err(WavError::Format {
            pcm,
            channels,
            bits,
        });
    }
    if rate != 44_100 && rate != 48_000 {
        return Err(WavError::Rate(rate));
    }
    let data = data.ok_or(WavError::NoData)?;
    if data.len() < 2 {
        return Err(WavError::NoSamples);
    }
    let samples = data
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]) as f32 / 32768.0)
        .collect();
    Ok(Wav { rate, samples })
}

/// Why a WAV file is not one the game plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WavError {
    /// No `RIFF`/`WAVE` header.
    NotWave,
    /// A chunk whose length overflows.
    ChunkTooLong,
    /// A chunk (by its id) longer than the file.
    ChunkPastEnd(String),
    /// No `fmt ` chunk, or a short one.
    NoFormat,
    /// Not 16-bit PCM mono.
    Format {
        /// The format code (1 is PCM).
        pcm: u16,
        /// Channels.
        channels: u16,
        /// Bits a sample.
        bits: u16,
    },
    /// A sample rate other than 44.1 or 48 kHz.
    Rate(u32),
    /// No `data` chunk.
    NoData,
    /// A `data` chunk without a whole sample.
    NoSamples,
}

impl std::fmt::Display for WavError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WavError::NotWave => f.write_str("not a RIFF/WAVE file"),
            WavError::ChunkTooLong => f.write_str("chunk too long"),
            WavError::ChunkPastEnd(id) => write!(f, "chunk {id:?} runs past the end"),
            WavError::NoFormat => f.write_str("no fmt chunk"),
            WavError::Format {
                pcm,
                channels,
                bits,
            } => write!(
                f,
                "{channels} channel(s) of {bits}-bit (format {pcm}); 16-bit PCM mono wanted"
            ),
            WavError::Rate(rate) => write!(f, "{rate} Hz; 44100 or 48000 wanted"),
            WavError::NoData => f.write_str("no data chunk"),
            WavError::NoSamples => f.write_str("no samples"),
        }
    }
}

impl std::error::Error for WavError {}

/// Checks every effect's file in `root` (the `assets/` folder) reads as
/// the game plays it; each problem names its file.
pub fn check_sound_files(root: &std::path::Path) -> Vec<String> {
    Effect::ALL
        .iter()
        .filter_map(|e| {
            let path = root.join("sounds").join(e.file());
            let problem = match std::fs::read(&path) {
                Ok(bytes) => read_wav(&bytes).err().map(|e| e.to_string()),
                Err(e) => Some(e.to_string()),
            };
            problem.map(|p| format!("{}: {p}", path.display()))
        })
        .collect()
}
