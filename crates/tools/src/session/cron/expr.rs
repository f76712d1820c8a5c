//! Five-field cron expressions in local time: parsing, the next matching minute, and the
//! wording the scheduling tools show, as the reference reads them.
//!
//! ```
//! use oxagent_tools::session::cron::expr::{human_schedule, CronExpr};
//! assert!(CronExpr::parse("*/5 * * * *").is_some());
//! assert!(CronExpr::parse("bad cron").is_none());
//! assert_eq!(human_schedule("0 9 * * 1-5"), "Weekdays at 9:00 AM");
//! assert_eq!(human_schedule("*/5 * * * *"), "Every 5 minutes");
//! ```
//!
//! Fields are `minute hour day-of-month month day-of-week`, each a comma list of `*`,
//! `*/step`, `n`, `a-b` or `a-b/step` (day of week 0-6, 7 also Sunday; no names). When both
//! day fields are restricted a day matches either, as in cron. Matches are searched minute by
//! minute (skipping whole months, days and hours that cannot match) for a year at most.

use chrono::{Datelike, Duration, Local, NaiveDate, NaiveDateTime, TimeZone, Timelike};

/// A parsed expression: the sorted values each field allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CronExpr {
    minute: Vec<u32>,
    hour: Vec<u32>,
    day_of_month: Vec<u32>,
    month: Vec<u32>,
    day_of_week: Vec<u32>,
}

/// The bounds of the five fields.
const BOUNDS: [(u32, u32); 5] = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6)];

/// How many minutes the search looks ahead: a leap year.
const SEARCH_MINUTES: u32 = 527_040;

fn number(s: &str) -> Option<u32> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// The values of one field, or `None` when it does not parse.
fn field(text: &str, (min, max): (u32, u32)) -> Option<Vec<u32>> {
    let weekday = min == 0 && max == 6;
    let mut values = std::collections::BTreeSet::new();
    for part in text.split(',') {
        if let Some(rest) = part.strip_prefix('*') {
            let step = match rest.strip_prefix('/') {
                None if rest.is_empty() => 1,
                Some(s) => number(s)?,
                None => return None,
            };
            if step < 1 {
                return None;
            }
            values.extend((min..=max).step_by(step as usize));
            continue;
        }
        if let Some((from, to)) = part.split_once('-') {
            let (to, step) = match to.split_once('/') {
                Some((to, step)) => (to, number(step)?),
                None => (to, 1),
            };
            let (from, to) = (number(from)?, number(to)?);
            let top = if weekday { 7 } else { max };
            if from > to || step < 1 || from < min || to > top {
                return None;
            }
            values.extend((from..=to).step_by(step as usize).map(|v| {
                if weekday && v == 7 {
                    0
                } else {
                    v
                }
            }));
            continue;
        }
        let mut v = number(part)?;
        if weekday && v == 7 {
            v = 0;
        }
        if v < min || v > max {
            return None;
        }
        values.insert(v);
    }
    (!values.is_empty()).then(|| values.into_iter().collect())
}

impl CronExpr {
    /// Reads `text`, or `None` when it is not five valid fields.
    pub fn parse(text: &str) -> Option<CronExpr> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 5 {
            return None;
        }
        let mut fields = parts.iter().zip(BOUNDS).map(|(p, b)| field(p, b));
        Some(CronExpr {
            minute: fields.next()??,
            hour: fields.next()??,
            day_of_month: fields.next()??,
            month: fields.next()??,
            day_of_week: fields.next()??,
        })
    }

    fn day_matches(&self, t: &NaiveDateTime) -> bool {
        let all_days = self.day_of_month.len() == 31;
        let all_weekdays = self.day_of_week.len() == 7;
        let dom = self.day_of_month.contains(&t.day());
        let dow = self
            .day_of_week
            .contains(&t.weekday().num_days_from_sunday());
        match (all_days, all_weekdays) {
            (true, true) => true,
            (true, false) => dow,
            (false, true) => dom,
            (false, false) => dom || dow,
        }
    }

    /// The first matching minute strictly after `after_ms` (milliseconds since the epoch),
    /// in local time, within a year. `one_shot` walks minute by minute through hours, as the
    /// reference does for jobs that fire once.
    pub fn next_after(&self, after_ms: f64, one_shot: bool) -> Option<f64> {
        let start = (after_ms / 60_000.0).floor() as i64 * 60_000 + 60_000;
        let mut t = Local.timestamp_millis_opt(start).earliest()?.naive_local();
        for _ in 0..SEARCH_MINUTES {
            if !self.month.contains(&t.month()) {
                t = first_of_next_month(&t)?;
                continue;
            }
            if !self.day_matches(&t) {
                t = (t.date() + Duration::days(1)).and_hms_opt(0, 0, 0)?;
                continue;
            }
            if !self.hour.contains(&t.hour()) || !self.minute.contains(&t.minute()) {
                t = if one_shot || self.hour.contains(&t.hour()) {
                    t + Duration::minutes(1)
                } else {
                    t.date().and_hms_opt(t.hour(), 0, 0)? + Duration::hours(1)
                };
                continue;
            }
            // A local time that does not exist (a clock moved forward) is skipped.
            match Local.from_local_datetime(&t).earliest() {
                Some(at) => return Some(at.timestamp_millis() as f64),
                None => t += Duration::minutes(1),
            }
        }
        None
    }
}

fn first_of_next_month(t: &NaiveDateTime) -> Option<NaiveDateTime> {
    let (y, m) = if t.month() == 12 {
        (t.year() + 1, 1)
    } else {
        (t.year(), t.month() + 1)
    };
    NaiveDate::from_ymd_opt(y, m, 1)?.and_hms_opt(0, 0, 0)
}

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// `9:05 AM`: an hour and minute as the schedule wording shows them.
fn clock(minute: u32, hour: u32) -> String {
    let (h12, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!("{h12}:{minute:02} {half}")
}

fn every_step(s: &str) -> Option<u32> {
    number(s.strip_prefix("*/")?)
}

/// The human wording of an expression (`Every 5 minutes`, `Weekdays at 9:00 AM`); an
/// expression with no simpler wording is shown as written.
pub fn human_schedule(text: &str) -> String {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [m, h, dom, mon, dow] = parts[..] else {
        return text.to_string();
    };
    let rest_any = dom == "*" && mon == "*" && dow == "*";
    if h == "*" && rest_any {
        if m == "*" {
            return "Every minute".into();
        }
        if let Some(n) = every_step(m) {
            return if n == 1 {
                "Every minute".into()
            } else {
                format!("Every {n} minutes")
            };
        }
        if let Some(n) = number(m) {
            return if n == 0 {
                "Every hour".into()
            } else {
                format!("Every hour at :{n:02}")
            };
        }
    }
    if let (Some(minute), Some(step), true) = (number(m), every_step(h), rest_any) {
        let at = if minute == 0 {
            String::new()
        } else {
            format!(" at :{minute:02}")
        };
        return if step == 1 {
            format!("Every hour{at}")
        } else {
            format!("Every {step} hours{at}")
        };
    }
    let (Some(minute), Some(hour)) = (number(m), number(h)) else {
        return text.to_string();
    };
    if rest_any {
        return format!("Every day at {}", clock(minute, hour));
    }
    if dom == "*" && mon == "*" {
        if dow.len() == 1 {
            if let Some(d) = number(dow) {
                return format!(
                    "Every {} at {}",
                    WEEKDAYS[(d % 7) as usize],
                    clock(minute, hour)
                );
            }
        }
        if dow == "1-5" {
            return format!("Weekdays at {}", clock(minute, hour));
        }
    }
    text.to_string()
}

/// `Dec 3 6:08pm`: a fire time, rounded to the minute, in local time.
pub fn show_time(ms: f64) -> String {
    let rounded = (ms / 60_000.0).round() as i64 * 60_000;
    match Local.timestamp_millis_opt(rounded).earliest() {
        Some(t) => t.format("%b %-d %-I:%M%P").to_string(),
        None => String::new(),
    }
}

/// The local minute of `ms`.
pub fn local_minute(ms: f64) -> Option<u32> {
    Local
        .timestamp_millis_opt(ms as i64)
        .earliest()
        .map(|t| t.minute())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn fields_parse_as_the_reference_reads_them() {
        let e = CronExpr::parse("*/15 9-17/4 1,15 * 5-7").unwrap();
        assert_eq!(e.minute, [0, 15, 30, 45]);
        assert_eq!(e.hour, [9, 13, 17]);
        assert_eq!(e.day_of_month, [1, 15]);
        assert_eq!(e.month.len(), 12);
        assert_eq!(e.day_of_week, [0, 5, 6]);
        for bad in [
            "* * * *",
            "60 * * * *",
            "*/0 * * * *",
            "5-1 * * * *",
            "* * * * MON",
            "* * 0 * *",
            "a * * * *",
            "1,,2 * * * *",
        ] {
            assert!(CronExpr::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn schedules_are_worded() {
        for (cron, human) in [
            ("* * * * *", "Every minute"),
            ("*/1 * * * *", "Every minute"),
            ("*/10 * * * *", "Every 10 minutes"),
            ("0 * * * *", "Every hour"),
            ("7 * * * *", "Every hour at :07"),
            ("0 */2 * * *", "Every 2 hours"),
            ("15 */1 * * *", "Every hour at :15"),
            ("30 14 * * *", "Every day at 2:30 PM"),
            ("0 0 * * 0", "Every Sunday at 12:00 AM"),
            ("5 12 * * 7", "Every Sunday at 12:05 PM"),
            ("0 9 * * 1-5", "Weekdays at 9:00 AM"),
            ("30 14 28 2 *", "30 14 28 2 *"),
            ("bad cron", "bad cron"),
        ] {
            assert_eq!(human_schedule(cron), human, "{cron}");
        }
    }

    #[test]
    fn the_next_match_is_after_the_given_minute() {
        let now = Local::now().timestamp_millis() as f64;
        let e = CronExpr::parse("* * * * *").unwrap();
        let next = e.next_after(now, false).unwrap();
        assert!(next > now && next - now <= 60_000.0);
        assert_eq!(next % 60_000.0, 0.0);
        // Feb 31 never comes.
        assert!(CronExpr::parse("0 0 31 2 *")
            .unwrap()
            .next_after(now, false)
            .is_none());
        let at = CronExpr::parse("7 9 * * *")
            .unwrap()
            .next_after(now, false)
            .unwrap();
        let t = Local.timestamp_millis_opt(at as i64).unwrap();
        assert_eq!((t.hour(), t.minute()), (9, 7));
    }
}
