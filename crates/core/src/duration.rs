//! Durations worded as the reference words them (a timeout's note, the `/cost` report).

/// A duration as the reference words it: under a minute, whole seconds rounded down (`0s`,
/// `1s`, `59s`; a value below 1 ms, such as a negative timeout, to one decimal: `-0.0s`);
/// past it days, hours, minutes and seconds (`2m 0s`, `1h 0m 0s`), the zero tail left out
/// when `hide_trailing_zeros` (`2m`, `1h`).
pub fn format_duration(ms: f64, hide_trailing_zeros: bool) -> String {
    if ms < 60_000.0 {
        return if ms == 0.0 {
            "0s".into()
        } else if ms < 1.0 {
            format!("{:.1}s", ms / 1000.0)
        } else {
            format!("{}s", (ms / 1000.0).floor())
        };
    }
    let (mut d, mut h, mut m) = (
        (ms / 86_400_000.0).floor(),
        (ms % 86_400_000.0 / 3_600_000.0).floor(),
        (ms % 3_600_000.0 / 60_000.0).floor(),
    );
    let mut s = (ms % 60_000.0 / 1000.0).round();
    if s == 60.0 {
        s = 0.0;
        m += 1.0;
    }
    if m == 60.0 {
        m = 0.0;
        h += 1.0;
    }
    if h == 24.0 {
        h = 0.0;
        d += 1.0;
    }
    let hide = hide_trailing_zeros;
    if d > 0.0 {
        return match (hide, h, m) {
            (true, 0.0, 0.0) => format!("{d}d"),
            (true, _, 0.0) => format!("{d}d {h}h"),
            _ => format!("{d}d {h}h {m}m"),
        };
    }
    if h > 0.0 {
        return match (hide, m, s) {
            (true, 0.0, 0.0) => format!("{h}h"),
            (true, _, 0.0) => format!("{h}h {m}m"),
            _ => format!("{h}h {m}m {s}s"),
        };
    }
    if m > 0.0 {
        return match (hide, s) {
            (true, 0.0) => format!("{m}m"),
            _ => format!("{m}m {s}s"),
        };
    }
    format!("{s}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_like_the_reference() {
        assert_eq!(format_duration(1000.0, false), "1s");
        assert_eq!(format_duration(300.0, false), "0s");
        assert_eq!(format_duration(1999.0, false), "1s");
        assert_eq!(format_duration(0.0, false), "0s");
        assert_eq!(format_duration(-5.0, false), "-0.0s");
        assert_eq!(format_duration(-1500.0, false), "-1.5s");
        assert_eq!(format_duration(120_000.0, false), "2m 0s");
        assert_eq!(format_duration(120_000.0, true), "2m");
        assert_eq!(format_duration(90_000.0, true), "1m 30s");
        assert_eq!(format_duration(3_600_000.0, false), "1h 0m 0s");
        assert_eq!(format_duration(1_800_000.0, true), "30m");
        assert_eq!(format_duration(119_600.0, false), "2m 0s");
    }
}
