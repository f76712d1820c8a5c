//! The text encodings Read, Edit and Write handle, as the reference handles them.
//!
//! A file that starts with UTF-16's little-endian byte-order mark (`FF FE`) is UTF-16LE;
//! any other file is UTF-8. The decoded text keeps the byte-order mark as a leading
//! U+FEFF (Read leaves it out of the lines it shows; Edit and Write report it in
//! `originalFile` and their patches), so writing the text back in the file's encoding keeps
//! the mark. A Write of new content over a file that had a mark keeps the mark too.
//!
//! ```
//! use oxagent_tools::fs::encoding::{decode, encode, TextEncoding};
//! let bytes = b"\xff\xfeh\x00i\x00\n\x00";
//! let (text, enc) = decode(bytes);
//! assert_eq!((text.as_str(), enc), ("\u{feff}hi\n", TextEncoding::Utf16Le));
//! assert_eq!(encode(&text, enc), bytes.to_vec());
//! ```

/// How a file's bytes are read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextEncoding {
    Utf8,
    /// Little-endian UTF-16, told by its byte-order mark.
    Utf16Le,
}

/// The encoding of a file that starts with `bytes`.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if bytes.starts_with(&[0xff, 0xfe]) {
        TextEncoding::Utf16Le
    } else {
        TextEncoding::Utf8
    }
}

/// A file's text and its encoding. Bytes that do not decode become U+FFFD; a last odd byte
/// of a UTF-16 file is left out.
pub fn decode(bytes: &[u8]) -> (String, TextEncoding) {
    let encoding = detect(bytes);
    let text = match encoding {
        TextEncoding::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        TextEncoding::Utf16Le => {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
    };
    (text, encoding)
}

/// `text` as the bytes of a file in `encoding` (a leading U+FEFF becomes the mark).
pub fn encode(text: &str, encoding: TextEncoding) -> Vec<u8> {
    match encoding {
        TextEncoding::Utf8 => text.as_bytes().to_vec(),
        TextEncoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
    }
}

/// The content a Write puts in place of `original`: a file that had a byte-order mark
/// keeps it, unless the new content is empty or brings its own.
pub fn keep_mark(original: Option<&str>, content: &str) -> String {
    let had_mark = original.is_some_and(|o| o.starts_with('\u{feff}'));
    if had_mark && !content.is_empty() && !content.starts_with('\u{feff}') {
        format!("\u{feff}{content}")
    } else {
        content.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16le_is_told_by_its_mark_and_round_trips() {
        let bytes: Vec<u8> = "hi\r\nthere\r\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let file = [vec![0xff, 0xfe], bytes].concat();
        let (text, enc) = decode(&file);
        assert_eq!(enc, TextEncoding::Utf16Le);
        assert_eq!(text, "\u{feff}hi\r\nthere\r\n");
        assert_eq!(encode(&text, enc), file);
        // Big-endian and unmarked files are read as UTF-8.
        assert_eq!(detect(b"\xfe\xff\x00h"), TextEncoding::Utf8);
        assert_eq!(detect(b"h\x00i\x00"), TextEncoding::Utf8);
        // A last odd byte is dropped.
        assert_eq!(decode(b"\xff\xfeh\x00i").0, "\u{feff}h");
    }

    #[test]
    fn a_write_keeps_the_mark_of_the_file_it_replaces() {
        assert_eq!(keep_mark(Some("\u{feff}one\n"), "two\n"), "\u{feff}two\n");
        assert_eq!(
            keep_mark(Some("\u{feff}one\n"), "\u{feff}two\n"),
            "\u{feff}two\n"
        );
        assert_eq!(keep_mark(Some("\u{feff}one\n"), ""), "");
        assert_eq!(keep_mark(Some("one\n"), "two\n"), "two\n");
        assert_eq!(keep_mark(None, "two\n"), "two\n");
    }
}
