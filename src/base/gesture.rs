//! One pointer for the mouse and the touch screen: presses, drags, taps,
//! double-taps and long-presses, recognised from raw events so that board
//! input reads the same thing from either.
//!
//! The recogniser is plain code fed with timestamped events; [`read_pointer`]
//! feeds it Bevy's mouse and touch messages. Each board maps the frame's
//! screen point through its own camera.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Time a still finger (or button) must stay down to make a long-press.
const LONG_PRESS_SECS: f64 = 0.5;
/// Most time between two taps of a double-tap.
pub const DOUBLE_TAP_SECS: f64 = 0.35;
/// How far (logical pixels) a press may wander and still be a tap.
const TAP_SLOP: f32 = 12.0;

/// What the pointer did during one frame, in window coordinates (logical
/// pixels, origin top-left) and, once the camera has mapped it, world
/// coordinates.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PointerFrame {
    /// Where the pointer is (a finger: where it is or was last).
    pub screen: Option<Vec2>,
    /// The same point on the board, in world units.
    pub world: Option<Vec2>,
    /// The primary button or a finger is down.
    pub down: bool,
    /// It went down this frame.
    pub pressed: bool,
    /// It went up this frame (a finger lifted, or a touch was cancelled).
    pub released: bool,
    /// The press was cancelled by the system (a drag should snap back).
    pub cancelled: bool,
    /// A press and release without moving: a click or a tap.
    pub tap: bool,
    /// The second tap of a double-tap (or a double-click).
    pub double: bool,
    /// The press has been held still for [`LONG_PRESS_SECS`] (fires once,
    /// while still down).
    pub long_press: bool,
    /// The right button (the mouse's own secondary action).
    pub secondary: bool,
    /// The pointer is a finger: act on release rather than on press where a
    /// long-press could mean something else.
    pub touch: bool,
    /// Moved beyond [`TAP_SLOP`] since the press.
    pub dragging: bool,
}

/// A raw pointer event for the recogniser.
#[derive(Debug, Clone, Copy, PartialEq)]
enum RawPointer {
    /// Primary button or finger down at a point.
    Down(Vec2),
    /// Moved to a point (pressed or not).
    Move(Vec2),
    /// Primary button or finger up at a point.
    Up(Vec2),
    /// The system took the touch away (a gesture of the browser or OS).
    Cancel,
    /// The right mouse button went down.
    Secondary(Vec2),
}

/// Recognises taps, double-taps, long-presses and drags from raw events.
#[derive(Resource, Debug, Default, Clone)]
struct Gestures {
    press: Option<Press>,
    last_tap: Option<(Vec2, f64)>,
    position: Option<Vec2>,
    /// Which finger is followed; others are ignored (no multi-touch moves).
    pub finger: Option<u64>,
}

#[derive(Debug, Clone, Copy)]
struct Press {
    at: Vec2,
    since: f64,
    moved: bool,
    long: bool,
}

impl Gestures {
    /// Starts a frame: the edges of the last one are cleared.
    fn begin(&self, touch: bool) -> PointerFrame {
        PointerFrame {
            screen: self.position,
            down: self.press.is_some(),
            touch,
            dragging: self.press.is_some_and(|p| p.moved),
            ..default()
        }
    }

    /// Feeds one event at time `now` (seconds).
    fn feed(&mut self, frame: &mut PointerFrame, ev: RawPointer, now: f64) {
        match ev {
            RawPointer::Down(p) => {
                self.position = Some(p);
                self.press = Some(Press {
                    at: p,
                    since: now,
                    moved: false,
                    long: false,
                });
                frame.pressed = true;
                frame.down = true;
            }
            RawPointer::Move(p) => {
                self.position = Some(p);
                if let Some(press) = &mut self.press
                    && press.at.distance(p) > TAP_SLOP
                {
                    press.moved = true;
                }
            }
            RawPointer::Up(p) => {
                self.position = Some(p);
                if let Some(press) = self.press.take() {
                    frame.released = true;
                    frame.down = false;
                    if !press.moved && !press.long && press.at.distance(p) <= TAP_SLOP {
                        frame.tap = true;
                        match self.last_tap {
                            Some((q, t))
                                if now - t <= DOUBLE_TAP_SECS
                                    && q.distance(p) <= 2.0 * TAP_SLOP =>
                            {
                                frame.double = true;
                                self.last_tap = None;
                            }
                            _ => self.last_tap = Some((p, now)),
                        }
                    } else {
                        self.last_tap = None;
                    }
                }
            }
            RawPointer::Cancel => {
                if self.press.take().is_some() {
                    frame.released = true;
                    frame.cancelled = true;
                    frame.down = false;
                }
                self.last_tap = None;
            }
            RawPointer::Secondary(p) => {
                self.position = Some(p);
                frame.secondary = true;
            }
        }
        frame.screen = self.position;
        frame.dragging = self.press.is_some_and(|p| p.moved);
    }

    /// Ends a frame at time `now`: a press held still long enough becomes a
    /// long-press.
    pub(crate) fn finish(&mut self, frame: &mut PointerFrame, now: f64) {
        if let Some(press) = &mut self.press
            && !press.moved
            && !press.long
            && now - press.since >= LONG_PRESS_SECS
        {
            press.long = true;
            frame.long_press = true;
        }
    }
}

/// The pointer for every board: [`read_pointer`] fills [`PointerFrame`]
/// from the mouse and the first finger, in [`PointerSet`].
pub(crate) struct PointerPlugin;

/// Where the pointer is read: before any board looks at it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PointerSet;

impl Plugin for PointerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Gestures>()
            .init_resource::<PointerFrame>()
            .add_systems(Update, read_pointer.in_set(PointerSet));
    }
}

/// Feeds the mouse and the first finger on the touch screen to the
/// gesture recogniser. Each board maps the frame's screen point through its
/// own camera. Without a window (headless tests) the frame is left as it
/// is, so tests can write it.
fn read_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    mut moved: MessageReader<CursorMoved>,
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    window: Query<&Window, With<PrimaryWindow>>,
    time: Res<Time<Real>>,
    mut gestures: ResMut<Gestures>,
    mut frame: ResMut<PointerFrame>,
) {
    use bevy::input::touch::TouchPhase;
    let Ok(win) = window.single() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let touch_events: Vec<_> = touches.read().copied().collect();
    let touching = !touch_events.is_empty() || gestures.finger.is_some();
    let mut f = gestures.begin(touching || frame.touch && moved.is_empty());
    for t in touch_events {
        let follow = gestures.finger.is_none_or(|id| id == t.id);
        if !follow {
            continue;
        }
        let ev = match t.phase {
            TouchPhase::Started => {
                gestures.finger = Some(t.id);
                RawPointer::Down(t.position)
            }
            TouchPhase::Moved => RawPointer::Move(t.position),
            TouchPhase::Ended => {
                gestures.finger = None;
                RawPointer::Up(t.position)
            }
            TouchPhase::Canceled => {
                gestures.finger = None;
                RawPointer::Cancel
            }
        };
        f.touch = true;
        gestures.feed(&mut f, ev, now);
    }
    if gestures.finger.is_none() {
        let cursor = win.cursor_position();
        if moved.read().count() > 0
            && let Some(p) = cursor
        {
            f.touch = false;
            gestures.feed(&mut f, RawPointer::Move(p), now);
        }
        if let Some(p) = cursor {
            if buttons.just_pressed(MouseButton::Left) {
                f.touch = false;
                gestures.feed(&mut f, RawPointer::Down(p), now);
            }
            if buttons.just_released(MouseButton::Left) {
                gestures.feed(&mut f, RawPointer::Up(p), now);
            }
            if buttons.just_pressed(MouseButton::Right) {
                f.touch = false;
                gestures.feed(&mut f, RawPointer::Secondary(p), now);
            }
        } else if buttons.just_released(MouseButton::Left) {
            // Let go outside the window: the drag snaps back.
            gestures.feed(&mut f, RawPointer::Cancel, now);
        }
    }
    gestures.finish(&mut f, now);
    *frame = f;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(events: &[(f64, RawPointer)], end: f64) -> Vec<PointerFrame> {
        // One frame per event, then one at `end`.
        let mut g = Gestures::default();
        let mut out = Vec::new();
        for &(t, ev) in events {
            let mut f = g.begin(true);
            g.feed(&mut f, ev, t);
            g.finish(&mut f, t);
            out.push(f);
        }
        let mut f = g.begin(true);
        g.finish(&mut f, end);
        out.push(f);
        out
    }

    const A: Vec2 = Vec2::new(100.0, 100.0);

    #[test]
    fn a_quick_touch_is_a_tap_and_two_are_a_double_tap() {
        let f = run(&[(0.0, RawPointer::Down(A)), (0.1, RawPointer::Up(A))], 0.2);
        assert!(f[0].pressed && f[0].down && !f[0].tap);
        assert!(f[1].released && f[1].tap && !f[1].double && !f[1].down);
        let f = run(
            &[
                (0.0, RawPointer::Down(A)),
                (0.1, RawPointer::Up(A)),
                (0.25, RawPointer::Down(A + 3.0)),
                (0.3, RawPointer::Up(A + 3.0)),
            ],
            0.4,
        );
        assert!(f[3].tap && f[3].double);
        // Too slow for a double-tap: two taps.
        let f = run(
            &[
                (0.0, RawPointer::Down(A)),
                (0.1, RawPointer::Up(A)),
                (0.6, RawPointer::Down(A)),
                (0.7, RawPointer::Up(A)),
            ],
            0.8,
        );
        assert!(f[3].tap && !f[3].double);
    }

    #[test]
    fn holding_still_is_a_long_press_once_and_not_a_tap() {
        let f = run(
            &[
                (0.0, RawPointer::Down(A)),
                (0.3, RawPointer::Move(A + 2.0)),
                (0.55, RawPointer::Move(A + 4.0)),
                (0.8, RawPointer::Move(A + 5.0)),
                (1.0, RawPointer::Up(A)),
            ],
            1.1,
        );
        assert!(!f[1].long_press);
        assert!(f[2].long_press && f[2].down);
        assert!(!f[3].long_press, "fires once");
        assert!(f[4].released && !f[4].tap);
    }

    #[test]
    fn moving_makes_a_drag_not_a_tap_or_long_press() {
        let f = run(
            &[
                (0.0, RawPointer::Down(A)),
                (0.1, RawPointer::Move(A + Vec2::new(40.0, 0.0))),
                (0.9, RawPointer::Up(A + Vec2::new(80.0, 0.0))),
            ],
            1.0,
        );
        assert!(f[1].dragging && f[1].down);
        assert!(f.iter().all(|f| !f.long_press && !f.tap));
        assert_eq!(f[2].screen, Some(A + Vec2::new(80.0, 0.0)));
    }

    #[test]
    fn a_cancelled_touch_releases_without_a_tap() {
        let f = run(
            &[(0.0, RawPointer::Down(A)), (0.1, RawPointer::Cancel)],
            0.2,
        );
        assert!(f[1].released && f[1].cancelled && !f[1].tap);
    }

    #[test]
    fn press_and_release_in_one_frame_is_still_a_tap() {
        let mut g = Gestures::default();
        let mut f = g.begin(true);
        g.feed(&mut f, RawPointer::Down(A), 0.0);
        g.feed(&mut f, RawPointer::Up(A), 0.0);
        assert!(f.pressed && f.released && f.tap && !f.down);
    }
}
