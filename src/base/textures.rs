//! Textures drawn in code at startup: fog, mines, the sapper's bomb, move
//! dots, capture rings, glows and particles. No image files to license.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use wgpu_types::{Extent3d, TextureDimension, TextureFormat};

/// Handles of the generated textures.
#[derive(Resource, Clone, Debug)]
pub(crate) struct Textures {
    /// Cloudy fog, several variants (Sweeper Sudoku's separate tiles).
    pub fog: Vec<Handle<Image>>,
    /// One field of cloud that tiles: the chess board's fogged cells each
    /// show their own square of it, so neighbours meet without a seam.
    pub fog_field: Handle<Image>,
    /// A rounded square, white: the badge a count sits on.
    pub badge: Handle<Image>,
    /// A discovered mine.
    pub mine: Handle<Image>,
    /// The sapper action's bomb icon.
    pub bomb: Handle<Image>,
    /// A move target.
    pub dot: Handle<Image>,
    /// A capture target.
    pub ring: Handle<Image>,
    /// A soft round glow (check, flashes, sparks).
    pub glow: Handle<Image>,
    /// A small square-ish spark for debris.
    pub spark: Handle<Image>,
}

/// A small RGBA canvas with premultiplied-free "over" blending.
pub(crate) struct Canvas {
    /// Width and height in pixels.
    pub size: u32,
    px: Vec<[f32; 4]>,
}

impl Canvas {
    /// A transparent canvas.
    pub fn new(size: u32) -> Canvas {
        Canvas {
            size,
            px: vec![[0.0; 4]; (size * size) as usize],
        }
    }

    /// Blends `rgba` over pixel (x, y), with coverage `a` in 0..1.
    fn blend(&mut self, x: u32, y: u32, rgba: [f32; 4], a: f32) {
        let i = (y * self.size + x) as usize;
        let src_a = (rgba[3] * a).clamp(0.0, 1.0);
        let dst = self.px[i];
        let out_a = src_a + dst[3] * (1.0 - src_a);
        if out_a <= 0.0 {
            return;
        }
        let mut out = [0.0; 4];
        for c in 0..3 {
            out[c] = (rgba[c] * src_a + dst[c] * dst[3] * (1.0 - src_a)) / out_a;
        }
        out[3] = out_a;
        self.px[i] = out;
    }

    /// Fills a shape given by a signed distance function (negative inside),
    /// in coordinates where the canvas spans -1..1, antialiased.
    pub(crate) fn fill(&mut self, rgba: [f32; 4], sdf: impl Fn(f32, f32) -> f32) {
        let px = 2.0 / self.size as f32;
        for y in 0..self.size {
            for x in 0..self.size {
                let u = (x as f32 + 0.5) * px - 1.0;
                let v = 1.0 - (y as f32 + 0.5) * px;
                let d = sdf(u, v);
                let a = (0.5 - d / px).clamp(0.0, 1.0);
                if a > 0.0 {
                    self.blend(x, y, rgba, a);
                }
            }
        }
    }

    /// Paints every pixel with a colour from `f(u, v)` (alpha included).
    fn paint(&mut self, f: impl Fn(f32, f32) -> [f32; 4]) {
        let px = 2.0 / self.size as f32;
        for y in 0..self.size {
            for x in 0..self.size {
                let u = (x as f32 + 0.5) * px - 1.0;
                let v = 1.0 - (y as f32 + 0.5) * px;
                let c = f(u, v);
                self.blend(x, y, [c[0], c[1], c[2], 1.0], c[3]);
            }
        }
    }

    /// The pixels as sRGB bytes.
    pub fn bytes(&self) -> Vec<u8> {
        self.px
            .iter()
            .flat_map(|p| p.map(|c| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8))
            .collect()
    }

    /// Alpha of pixel (x, y), for tests.
    #[cfg(test)]
    pub(crate) fn alpha(&self, x: u32, y: u32) -> f32 {
        self.px[(y * self.size + x) as usize][3]
    }

    /// The canvas as a Bevy image.
    pub(crate) fn image(&self) -> Image {
        Image::new(
            Extent3d {
                width: self.size,
                height: self.size,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            self.bytes(),
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        )
    }
}

fn circle(cx: f32, cy: f32, r: f32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| ((u - cx).powi(2) + (v - cy).powi(2)).sqrt() - r
}

fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(374_761_393)
        ^ (y as u32).wrapping_mul(668_265_263)
        ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    ((h ^ (h >> 16)) & 0xffff) as f32 / 65535.0
}

/// Smooth value noise, tiling with period `period`.
fn value_noise(x: f32, y: f32, period: i32, seed: u32) -> f32 {
    let (x0, y0) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let w = |i: i32| i.rem_euclid(period);
    let a = hash(w(x0), w(y0), seed);
    let b = hash(w(x0 + 1), w(y0), seed);
    let c = hash(w(x0), w(y0 + 1), seed);
    let d = hash(w(x0 + 1), w(y0 + 1), seed);
    let (sx, sy) = (s(fx), s(fy));
    (a + (b - a) * sx) * (1.0 - sy) + (c + (d - c) * sx) * sy
}

/// Fractal noise over a canvas (`u`, `v` in -1..1), four base periods
/// across and tiling, from `octaves` octaves: 0 to about 1.
fn clouds(u: f32, v: f32, octaves: u32, seed: u32) -> f32 {
    let (x, y) = ((u + 1.0) * 2.0, (v + 1.0) * 2.0);
    let mut n = 0.0;
    let mut amp = 0.5;
    let mut freq = 1.0;
    for octave in 0..octaves {
        n += amp * value_noise(x * freq, y * freq, (4.0 * freq) as i32, seed + octave);
        amp *= 0.5;
        freq *= 2.0;
    }
    n
}

/// A cloudy fog tile: fractal noise, opaque in the middle, soft at the rim so
/// neighbouring tiles merge.
pub(crate) fn fog(size: u32, seed: u32) -> Canvas {
    let mut c = Canvas::new(size);
    c.paint(|u, v| {
        let n = clouds(u, v, 4, seed);
        let edge = (1.0 - u.abs().max(v.abs())).clamp(0.0, 0.25) / 0.25;
        let grey = 0.52 + 0.22 * n;
        [
            grey,
            grey + 0.01,
            grey + 0.03,
            (0.80 + 0.2 * n) * (0.75 + 0.25 * edge),
        ]
    });
    c
}

/// Board cells across one period of [`fog_field`].
pub(crate) const FOG_FIELD_CELLS: u32 = 8;
/// Pixels a cell in [`fog_field`].
pub(crate) const FOG_FIELD_CELL_PX: u32 = 32;

/// The chess board's fog: fractal noise that tiles every
/// [`FOG_FIELD_CELLS`] cells, opaque, the same at every edge of a cell (no
/// rim), so fogged cells side by side read as one cloud.
pub(crate) fn fog_field(seed: u32) -> Canvas {
    let size = FOG_FIELD_CELLS * FOG_FIELD_CELL_PX;
    let mut c = Canvas::new(size);
    c.paint(|u, v| {
        // Four noise periods across the field: a cloud about two cells wide.
        let n = clouds(u, v, 5, seed);
        let grey = 0.50 + 0.26 * n;
        [grey, grey + 0.01, grey + 0.03, 1.0]
    });
    c
}

/// The darkest and lightest grey of a canvas (what the contrast tests take
/// for the fog under a mark).
#[cfg(test)]
pub(crate) fn shade_range(c: &Canvas) -> (f32, f32) {
    c.px.iter()
        .map(|p| (p[0] + p[1] + p[2]) / 3.0)
        .fold((f32::MAX, f32::MIN), |(lo, hi), g| (lo.min(g), hi.max(g)))
}

/// The fog field as an image sampled with wrap-around, so a cell's square
/// may cross the field's edge as the cloud drifts.
fn fog_field_image(c: &Canvas) -> Image {
    use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
    let mut image = c.image();
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// A white rounded square filling the canvas, tinted by the sprite.
pub(crate) fn badge(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    c.fill([1.0, 1.0, 1.0, 1.0], |u, v| {
        let r = 0.32;
        let (x, y) = (
            (u.abs() - (0.98 - r)).max(0.0),
            (v.abs() - (0.98 - r)).max(0.0),
        );
        (x * x + y * y).sqrt() - r
    });
    c
}

/// A naval mine: a dark ball with spikes and a highlight.
pub(crate) fn mine(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    let dark = [0.09, 0.09, 0.10, 1.0];
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::FRAC_PI_4;
        let (s, co) = a.sin_cos();
        c.fill(dark, move |u, v| {
            // A capsule from the centre outwards.
            let t = (u * co + v * s).clamp(0.0, 0.78);
            ((u - t * co).powi(2) + (v - t * s).powi(2)).sqrt() - 0.07
        });
    }
    c.fill(dark, circle(0.0, 0.0, 0.52));
    c.fill([1.0, 1.0, 1.0, 0.85], circle(-0.18, 0.18, 0.13));
    c
}

/// The sapper's bomb: a round bomb with a fuse and a spark.
pub(crate) fn bomb(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    // A dark rim: what makes the button stand out on any cell or fog.
    let [r, g, b, _] = crate::base::theme::SWEEP_RIM.to_srgba().to_f32_array();
    c.fill([r, g, b, 1.0], circle(0.0, 0.0, 0.98));
    c.fill([0.95, 0.45, 0.12, 1.0], circle(0.0, 0.0, 0.86));
    c.fill([0.12, 0.12, 0.14, 1.0], circle(-0.08, -0.1, 0.55));
    c.fill([0.5, 0.42, 0.3, 1.0], |u, v| {
        let (x, y) = (u - 0.3, v - 0.38);
        (x.abs() - 0.07).max(y.abs() - 0.16)
    });
    c.fill([1.0, 0.85, 0.2, 1.0], circle(0.36, 0.6, 0.12));
    c.fill([1.0, 1.0, 1.0, 0.7], circle(-0.25, 0.08, 0.1));
    c
}

/// A dot for a move target: white, tinted by the sprite
/// ([`crate::base::theme::TARGET_MARK`] on the board).
pub(crate) fn dot(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    c.fill([1.0, 1.0, 1.0, 1.0], circle(0.0, 0.0, 0.32));
    c
}

/// A ring for a capture target, white like [`dot`].
pub(crate) fn ring(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    c.fill([1.0, 1.0, 1.0, 1.0], |u, v| {
        let r = (u * u + v * v).sqrt();
        (r - 0.97).max(0.80 - r)
    });
    c
}

/// A radial glow, white, fading to transparent.
pub(crate) fn glow(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    c.paint(|u, v| {
        let r = (u * u + v * v).sqrt();
        let a = (1.0 - r).clamp(0.0, 1.0).powf(1.6);
        [1.0, 1.0, 1.0, a]
    });
    c
}

/// A spark: a bright core with a soft edge.
pub(crate) fn spark(size: u32) -> Canvas {
    let mut c = Canvas::new(size);
    c.paint(|u, v| {
        let r = (u * u + v * v).sqrt();
        let a = (1.0 - r).clamp(0.0, 1.0).powf(0.7);
        [1.0, 1.0, 1.0, a]
    });
    c
}

/// Builds every texture.
pub(crate) fn make(images: &mut Assets<Image>) -> Textures {
    Textures {
        fog: (0..4)
            .map(|s| images.add(fog(64, s * 7 + 1).image()))
            .collect(),
        fog_field: images.add(fog_field_image(&fog_field(11))),
        badge: images.add(badge(64).image()),
        mine: images.add(mine(96).image()),
        bomb: images.add(bomb(64).image()),
        dot: images.add(dot(64).image()),
        ring: images.add(ring(96).image()),
        glow: images.add(glow(64).image()),
        spark: images.add(spark(16).image()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_where_they_should_be() {
        let m = mine(64);
        assert!(m.alpha(32, 32) > 0.99, "mine body is solid");
        assert!(m.alpha(1, 1) < 0.01, "corners are clear");
        let r = ring(64);
        assert!(r.alpha(32, 32) < 0.01, "a ring has a hole");
        assert!(r.alpha(32, 1) > 0.2);
        let f = fog(32, 1);
        assert!(f.alpha(16, 16) > 0.7, "fog is mostly opaque");
        assert_eq!(f.bytes().len(), 32 * 32 * 4);
        assert_ne!(fog(32, 1).bytes(), fog(32, 8).bytes(), "variants differ");
        // The board's fog is opaque everywhere and tiles: its left column
        // continues its right one.
        let field = fog_field(11);
        let n = field.size;
        assert!(
            (0..n).all(|i| field.alpha(i, i) > 0.999),
            "no see-through rim"
        );
        let step = |x0: u32, x1: u32| {
            (0..n)
                .map(|y| {
                    (field.px[(y * n + x0) as usize][0] - field.px[(y * n + x1) as usize][0]).abs()
                })
                .fold(0.0f32, f32::max)
        };
        assert!(step(n - 1, 0) < 0.05, "the field wraps without a seam");
    }
}
