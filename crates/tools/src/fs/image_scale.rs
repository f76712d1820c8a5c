//! Scaling an image down for the model, as the reference does it: decoded to 8-bit RGBA,
//! resampled (Lanczos3), and written back in its own format (a GIF as a PNG). A PNG is
//! written as the reference's PNG writer writes it, so that the same pixels give the same
//! bytes: RGBA, each row filtered by whichever of the five filters gives the smallest sum of
//! byte distances from zero, deflated at level 6 one row at a time into 8 KiB buffers, one
//! IDAT chunk per buffer.
//!
//! An image over 500 KB (512,000 bytes), scaled or not, is sent as a JPEG of the best quality
//! that fits, found as the reference finds it (90 first, then five halvings of 1-89), or
//! the smallest tried when none fits. JPEGs and WebPs come from other encoders than the
//! reference's: same sizes and types, other bytes.

use flate2::{Compress, Compression, FlushCompress, Status};
use image::RgbaImage;

/// An image as sent: its bytes, their media type and its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaled {
    pub bytes: Vec<u8>,
    pub media_type: &'static str,
    pub size: (u32, u32),
}

/// Past this many bytes an image is sent as a JPEG.
const BYTE_BUDGET: usize = 512_000;
/// How much compressed data one IDAT chunk holds.
const IDAT_SIZE: usize = 8192;

/// The image Read sends in place of `bytes` (of `media_type`, `size`) under `token_cap`:
/// none when it is sent as it is (within bounds, or not decodable).
pub fn fit(
    bytes: &[u8],
    media_type: &'static str,
    size: (u32, u32),
    token_cap: Option<u32>,
) -> Option<Scaled> {
    let shown = super::image_fit::display_size(size.0, size.1, token_cap);
    if shown == size && bytes.len() <= BYTE_BUDGET {
        return None;
    }
    // Through DynamicImage, whose code is built (and optimized) with the image crate.
    let decoded = image::DynamicImage::ImageRgba8(image::load_from_memory(bytes).ok()?.to_rgba8());
    let (pixels, out) = if shown == size {
        let out = Scaled {
            bytes: bytes.to_vec(),
            media_type,
            size,
        };
        (decoded.to_rgba8(), out)
    } else {
        let resized = decoded
            .resize_exact(shown.0, shown.1, image::imageops::FilterType::Lanczos3)
            .to_rgba8();
        let out = encode_as(&resized, media_type)?;
        (resized, out)
    };
    if out.bytes.len() <= BYTE_BUDGET {
        return Some(out);
    }
    Some(within_budget(&pixels, out))
}

/// `bytes` (an image of `media_type`) scaled to `size`; none when it cannot be decoded.
pub fn scale(bytes: &[u8], media_type: &str, size: (u32, u32)) -> Option<Scaled> {
    let decoded = image::DynamicImage::ImageRgba8(image::load_from_memory(bytes).ok()?.to_rgba8());
    let resized = decoded
        .resize_exact(size.0, size.1, image::imageops::FilterType::Lanczos3)
        .to_rgba8();
    encode_as(&resized, media_type)
}

/// `pixels` written in the format of `media_type` (a GIF, or anything else, as a PNG).
fn encode_as(pixels: &RgbaImage, media_type: &str) -> Option<Scaled> {
    let size = pixels.dimensions();
    let (bytes, media_type) = match media_type {
        "image/jpeg" => (jpeg(pixels, 80)?, "image/jpeg"),
        "image/webp" => {
            let mut out = Vec::new();
            image::codecs::webp::WebPEncoder::new_lossless(&mut out)
                .encode(
                    pixels.as_raw(),
                    size.0,
                    size.1,
                    image::ExtendedColorType::Rgba8,
                )
                .ok()?;
            (out, "image/webp")
        }
        _ => (encode_png(pixels.as_raw(), size.0, size.1)?, "image/png"),
    };
    Some(Scaled {
        bytes,
        media_type,
        size,
    })
}

/// `pixels`, now `over` the byte budget, as the JPEG the reference would pick: quality 90
/// (unless already a JPEG), then five halvings of the qualities left, keeping the best that
/// fits, else the smallest seen (`over` itself when nothing was smaller).
fn within_budget(pixels: &RgbaImage, over: Scaled) -> Scaled {
    let size = over.size;
    let as_jpeg = |bytes| Scaled {
        bytes,
        media_type: "image/jpeg",
        size,
    };
    let mut smallest = over;
    let mut high = 90;
    if smallest.media_type != "image/jpeg" {
        let Some(first) = jpeg(pixels, 90) else {
            return smallest;
        };
        if first.len() <= BYTE_BUDGET {
            return as_jpeg(first);
        }
        if first.len() < smallest.bytes.len() {
            smallest = as_jpeg(first);
        }
        high = 89;
    }
    let (mut low, mut fitting) = (1u8, None);
    for _ in 0..5 {
        let quality = (low + high) / 2;
        let Some(bytes) = jpeg(pixels, quality) else {
            break;
        };
        if bytes.len() < smallest.bytes.len() {
            smallest = as_jpeg(bytes.clone());
        }
        if bytes.len() <= BYTE_BUDGET {
            fitting = Some(bytes);
            low = quality + 1;
        } else {
            high = quality - 1;
        }
        if low > high {
            break;
        }
    }
    fitting.map(as_jpeg).unwrap_or(smallest)
}

fn jpeg(rgba: &RgbaImage, quality: u8) -> Option<Vec<u8>> {
    let rgb = image::DynamicImage::ImageRgba8(rgba.clone()).to_rgb8();
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(&rgb)
        .ok()?;
    Some(out)
}

/// How far a filtered byte is from zero, counting down from 256 for the high half.
fn distance(x: u8) -> u32 {
    u32::from(x.min(x.wrapping_neg()))
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// The byte at `i` of `row` filtered with `filter` (0-4) against the row `above`, `bpp`
/// bytes a pixel.
fn filtered_byte(filter: u8, row: &[u8], above: &[u8], bpp: usize, i: usize) -> u8 {
    let (x, b) = (row[i], above[i]);
    let (a, c) = if i >= bpp {
        (row[i - bpp], above[i - bpp])
    } else {
        (0, 0)
    };
    match filter {
        1 => x.wrapping_sub(a),
        2 => x.wrapping_sub(b),
        3 => x.wrapping_sub(((u16::from(a) + u16::from(b)) / 2) as u8),
        4 => x.wrapping_sub(paeth(a, b, c)),
        _ => x,
    }
}

/// The row as written: its filter byte, then the row filtered the way whose bytes sum the
/// smallest distance from zero (the first such filter on a tie).
fn best_filtered(row: &[u8], above: &[u8], bpp: usize) -> Vec<u8> {
    // A row like the one above: Up leaves only zeros, which only a row of zeros (no
    // filter) ties with. Found without summing, as most rows of flat images are.
    if row == above {
        let filter = u8::from(row.iter().any(|x| *x != 0)) * 2;
        let mut line = vec![0u8; row.len() + 1];
        line[0] = filter;
        return line;
    }
    // The five sums in one pass over the row.
    let mut sums = [0u32; 5];
    for i in 0..row.len() {
        let (x, b) = (row[i], above[i]);
        let (a, c) = if i >= bpp {
            (row[i - bpp], above[i - bpp])
        } else {
            (0, 0)
        };
        sums[0] += distance(x);
        sums[1] += distance(x.wrapping_sub(a));
        sums[2] += distance(x.wrapping_sub(b));
        sums[3] += distance(x.wrapping_sub(((u16::from(a) + u16::from(b)) / 2) as u8));
        sums[4] += distance(x.wrapping_sub(paeth(a, b, c)));
    }
    let mut best = (0u8, u32::MAX);
    for (filter, score) in (0u8..).zip(sums) {
        if score < best.1 {
            best = (filter, score);
        }
    }
    let mut line = Vec::with_capacity(row.len() + 1);
    line.push(best.0);
    line.extend((0..row.len()).map(|i| filtered_byte(best.0, row, above, bpp, i)));
    line
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    out.extend(kind);
    out.extend(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend(crc.sum().to_be_bytes());
}

/// An 8-bit RGBA image as PNG bytes, written as described in the module docs.
pub fn encode_png(rgba: &[u8], width: u32, height: u32) -> Option<Vec<u8>> {
    let stride = width as usize * 4;
    if stride == 0 || rgba.len() != stride * height as usize {
        return None;
    }
    let mut z = Compress::new(Compression::new(6), true);
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    let mut buf = vec![0u8; IDAT_SIZE];
    let mut filled = 0;
    let zeros = vec![0u8; stride];
    let mut above: &[u8] = &zeros;
    for row in rgba.chunks_exact(stride) {
        let line = best_filtered(row, above, 4);
        above = row;
        let mut input: &[u8] = &line;
        loop {
            let (in0, out0) = (z.total_in(), z.total_out());
            z.compress(input, &mut buf[filled..], FlushCompress::None)
                .ok()?;
            input = &input[(z.total_in() - in0) as usize..];
            filled += (z.total_out() - out0) as usize;
            if filled == IDAT_SIZE {
                chunks.push(std::mem::replace(&mut buf, vec![0u8; IDAT_SIZE]));
                filled = 0;
            }
            if input.is_empty() {
                break;
            }
        }
    }
    loop {
        let out0 = z.total_out();
        let status = z
            .compress(&[], &mut buf[filled..], FlushCompress::Finish)
            .ok()?;
        filled += (z.total_out() - out0) as usize;
        if status == Status::StreamEnd {
            break;
        }
        if filled == IDAT_SIZE {
            chunks.push(std::mem::replace(&mut buf, vec![0u8; IDAT_SIZE]));
            filled = 0;
        }
    }
    buf.truncate(filled);
    chunks.push(buf);

    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::with_capacity(13);
    header.extend(width.to_be_bytes());
    header.extend(height.to_be_bytes());
    header.extend([8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    for data in &chunks {
        chunk(&mut out, b"IDAT", data);
    }
    chunk(&mut out, b"IEND", &[]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solid blue RGB PNG, as the scenarios' images are.
    fn solid_png(w: u32, h: u32) -> Vec<u8> {
        use image::ImageEncoder as _;
        let data: Vec<u8> = (0..w * h).flat_map(|_| [0u8, 0, 255]).collect();
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(&data, w, h, image::ExtendedColorType::Rgb8)
            .unwrap();
        out
    }

    fn b64(bytes: &[u8]) -> String {
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    /// xf_image_resize_edges: the 2001 x 10 blue PNG, sent at 2000 x 10, byte for byte as
    /// the reference sends it.
    #[test]
    fn a_scaled_png_is_written_as_the_reference_writes_it() {
        let scaled = scale(&solid_png(2001, 10), "image/png", (2000, 10)).unwrap();
        assert_eq!(scaled.media_type, "image/png");
        assert_eq!(
            b64(&scaled.bytes),
            "iVBORw0KGgoAAAANSUhEUgAAB9AAAAAKCAYAAADsOsW+AAAAgklEQVR4nO3b0QkAIAxDwej+O1ewQ1TwboL8P7KSqgAAAAAAAADA5/b0AAAAAAAAAAB4gYAOAAAAAAAAAAI6AAAAAAAAADQPdAAAAAAAAAAQ0AEAAAAAAACgeaADAAAAAAAAgIAOAAAAAAAAAM0DHQAAAAAAAAAEdAAAAAAAAADIdQAvJQISkctowgAAAABJRU5ErkJggg=="
        );
    }

    /// p_img2's 500 x 500 noise: over the byte budget though within bounds, it is sent as
    /// a JPEG of its own size (the reference's bytes differ: another JPEG encoder).
    #[test]
    fn an_image_over_the_byte_budget_is_sent_as_a_jpeg() {
        use image::ImageEncoder as _;
        let mut seed = 7u32;
        let data: Vec<u8> = (0..500 * 500 * 3)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (seed >> 16) as u8
            })
            .collect();
        let mut noisy = Vec::new();
        image::codecs::png::PngEncoder::new(&mut noisy)
            .write_image(&data, 500, 500, image::ExtendedColorType::Rgb8)
            .unwrap();
        assert!(noisy.len() > BYTE_BUDGET);
        let sent = fit(&noisy, "image/png", (500, 500), Some(4784)).unwrap();
        assert_eq!(sent.media_type, "image/jpeg");
        assert_eq!(sent.size, (500, 500));
        assert!(sent.bytes.len() <= BYTE_BUDGET);
        assert!(sent.bytes.starts_with(b"\xff\xd8\xff"));
        // Small and within bounds: sent as it is.
        assert_eq!(fit(&solid_png(20, 20), "image/png", (20, 20), None), None);
    }

    #[test]
    fn filters_are_chosen_by_the_smallest_sum() {
        // A flat row after a flat row: Up leaves zeros.
        let row = [9u8, 9, 9, 9, 9, 9, 9, 9];
        assert_eq!(
            best_filtered(&row, &row, 4),
            vec![2, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        // Zeros under zeros: no filter.
        assert_eq!(best_filtered(&[0; 4], &[0; 4], 4), vec![0, 0, 0, 0, 0]);
        // The first row: Sub leaves all but the first pixel at zero.
        assert_eq!(
            best_filtered(&row, &[0; 8], 4),
            vec![1, 9, 9, 9, 9, 0, 0, 0, 0]
        );
        assert_eq!(distance(255), 1);
        assert_eq!(distance(128), 128);
    }
}
