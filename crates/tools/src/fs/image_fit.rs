//! How large an image Read sends, as the reference decides it, and the note that tells the
//! model how the sent image maps back to the file.
//!
//! An image wider or taller than 2000 px is scaled down to fit 2000 x 2000 (each side
//! rounded half up). Models that read high-resolution images (Opus 4.7 and later, the
//! 5 families) also cap an image at 4784 tokens, one token per started 28 x 28 px tile: the
//! width is then the largest that fits, the height following the aspect ratio (rounded half
//! to even). A scaled image comes with a note for the model:
//! `[Image: original 2400x60, displayed at 2000x50. Multiply coordinates by 1.20 to map to
//! original image.]`.
//!
//! ```
//! use oxagent_tools::fs::image_fit::{coordinates_note, display_size};
//! assert_eq!(display_size(2400, 60, None), (2000, 50));
//! assert_eq!(display_size(3000, 3000, Some(4784)), (1932, 1932));
//! assert_eq!(
//!     coordinates_note((2400, 60), (2000, 50)).unwrap(),
//!     "[Image: original 2400x60, displayed at 2000x50. Multiply coordinates by 1.20 to map to original image.]"
//! );
//! ```

/// The largest side an image is sent with.
pub const MAX_SIDE: u32 = 2000;
/// The token cap of the models that read high-resolution images.
pub const HIGH_RES_TOKENS: u32 = 4784;
/// The side of the square tile an image's tokens are counted by.
const TILE: u32 = 28;

/// The token cap on images for `model` (none: only [`MAX_SIDE`] holds).
pub fn image_token_cap(model: &str) -> Option<u32> {
    const HIGH_RES: &[&str] = &[
        "claude-opus-4-7",
        "claude-opus-4-8",
        "claude-opus-5",
        "claude-sonnet-5",
        "claude-haiku-5",
        "claude-fable-5",
        "claude-mythos-5",
    ];
    let id = oxagent_core::model_names::canonical_id(model);
    HIGH_RES
        .iter()
        .any(|p| id == *p || id.strip_prefix(p).is_some_and(|rest| rest.starts_with('-')))
        .then_some(HIGH_RES_TOKENS)
}

/// The tokens of a `w` x `h` image.
fn tokens(w: u32, h: u32) -> u64 {
    u64::from(w.div_ceil(TILE)) * u64::from(h.div_ceil(TILE))
}

/// `x` rounded half up (JavaScript's `Math.round`).
fn round_half_up(x: f64) -> u32 {
    (x + 0.5).floor() as u32
}

/// `x` rounded half to even.
fn round_half_even(x: f64) -> u32 {
    let floor = x.floor();
    let frac = x - floor;
    let floor = floor as u32;
    if frac > 0.5 || (frac == 0.5 && floor % 2 == 1) {
        floor + 1
    } else {
        floor
    }
}

/// The largest size of the aspect of `w` x `h` within `cap` tokens.
fn within_tokens(w: u32, h: u32, cap: u32) -> (u32, u32) {
    if tokens(w, h) <= u64::from(cap) {
        return (w, h);
    }
    if h > w {
        let (a, b) = within_tokens(h, w, cap);
        return (b, a);
    }
    let ratio = f64::from(w) / f64::from(h);
    let height_for = |width: u32| round_half_even(f64::from(width) / ratio).max(1);
    // The widest that fits, found by halving [1, w).
    let (mut fits, mut too_wide) = (1, w);
    while fits + 1 < too_wide {
        let mid = (fits + too_wide) / 2;
        if tokens(mid, height_for(mid)) <= u64::from(cap) {
            fits = mid;
        } else {
            too_wide = mid;
        }
    }
    (fits, height_for(fits))
}

/// The size a `w` x `h` image is sent at, under `token_cap` (see the module docs).
pub fn display_size(w: u32, h: u32, token_cap: Option<u32>) -> (u32, u32) {
    let (mut w, mut h) = (w, h);
    if w > MAX_SIDE {
        h = round_half_up(f64::from(h) * f64::from(MAX_SIDE) / f64::from(w));
        w = MAX_SIDE;
    }
    if h > MAX_SIDE {
        w = round_half_up(f64::from(w) * f64::from(MAX_SIDE) / f64::from(h));
        h = MAX_SIDE;
    }
    match token_cap {
        Some(cap) => within_tokens(w, h, cap),
        None => (w, h),
    }
}

/// `x` with two decimals, a tie rounded up, as JavaScript's `toFixed(2)` writes it.
fn two_decimals(x: f64) -> String {
    // The exact decimal expansion of the double, then rounded half up at two places.
    let exact = format!("{x:.40}");
    let (int, frac) = exact.split_once('.').unwrap_or((&exact, ""));
    let hundredths: u64 = int.parse::<u64>().unwrap_or(0) * 100
        + frac
            .get(..2)
            .and_then(|d| d.parse::<u64>().ok())
            .unwrap_or(0);
    let rest = frac.get(2..).unwrap_or("");
    let up = rest.starts_with(['5', '6', '7', '8', '9']);
    let n = hundredths + u64::from(up);
    format!("{}.{:02}", n / 100, n % 100)
}

/// The note sent after an image shown at another size than the file's; none when the size
/// is the same.
pub fn coordinates_note(original: (u32, u32), shown: (u32, u32)) -> Option<String> {
    if original == shown || shown.0 == 0 || shown.1 == 0 {
        return None;
    }
    let scale = two_decimals(f64::from(original.0) / f64::from(shown.0));
    Some(format!(
        "[Image: original {}x{}, displayed at {}x{}. Multiply coordinates by {scale} to map to original image.]",
        original.0, original.1, shown.0, shown.1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xf_read_image_large, xf_image_resize_edges and the sizes recorded around them.
    #[test]
    fn sizes_as_the_reference_sends_them() {
        let cap = Some(HIGH_RES_TOKENS);
        let cases = [
            ((2000, 10), (2000, 10)),
            ((2001, 10), (2000, 10)),
            ((10, 2001), (10, 2000)),
            ((1600, 1600), (1600, 1600)),
            ((2400, 60), (2000, 50)),
            ((3000, 3000), (1932, 1932)),
            ((2500, 2500), (1932, 1932)),
            ((4000, 100), (2000, 50)),
            ((100, 4000), (50, 2000)),
            ((2000, 2000), (1932, 1932)),
            ((1950, 1950), (1932, 1932)),
            ((3000, 1000), (2000, 667)),
        ];
        for ((w, h), want) in cases {
            assert_eq!(display_size(w, h, cap), want, "{w}x{h}");
        }
        // Without the token cap only the 2000 px bound holds.
        assert_eq!(display_size(3000, 3000, None), (2000, 2000));
        assert_eq!(display_size(1950, 1950, None), (1950, 1950));
    }

    #[test]
    fn high_resolution_models() {
        assert_eq!(image_token_cap("claude-opus-5-5"), Some(4784));
        assert_eq!(image_token_cap("claude-opus-4-7"), Some(4784));
        assert_eq!(image_token_cap("claude-sonnet-5"), Some(4784));
        assert_eq!(image_token_cap("claude-sonnet-4-5"), None);
        assert_eq!(image_token_cap("claude-opus-4-6"), None);
        assert_eq!(image_token_cap("claude-haiku-4-5"), None);
    }

    #[test]
    fn the_note_writes_the_scale_as_javascript_does() {
        assert_eq!(
            coordinates_note((3000, 3000), (1932, 1932)).unwrap(),
            "[Image: original 3000x3000, displayed at 1932x1932. Multiply coordinates by 1.55 to map to original image.]"
        );
        assert_eq!(
            coordinates_note((2001, 10), (2000, 10)).unwrap(),
            "[Image: original 2001x10, displayed at 2000x10. Multiply coordinates by 1.00 to map to original image.]"
        );
        assert_eq!(coordinates_note((10, 10), (10, 10)), None);
        // An exact tie rounds up (1.125 -> 1.13), unlike Rust's own formatting.
        assert_eq!(two_decimals(1.125), "1.13");
        assert_eq!(two_decimals(2.0), "2.00");
        assert_eq!(two_decimals(1.005), "1.00");
    }
}
