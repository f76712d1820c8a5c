//! `resume_drops_turn`: a cut (`resume_session_at`) may only discard the turn the caller
//! names. The rows after the cut must be that turn's prompt and what answered it (its
//! assistant rows and tool results); anything else refuses the resume, with the reference's
//! texts. A declared id that is no UUID is refused first, whatever the cut discards.
//!
//! Entries are numbered as the reference numbers its transcript's rows after the cut, from
//! 0: besides the conversation, the reference writes one row of its own (the snapshot of the
//! request's tools) after the first round of a session, which counts in the numbers though
//! it is never the entry reported (ox_drops_n_next, ox_drops_n_tools).

use serde_json::Value;

use crate::id::validate_session_id;

/// Checks the rows of the transcript `text` that a resume at `at` would discard against
/// the turn `declared` (its prompt's uuid): the text of the refusal when they are not all
/// that turn's. Nothing discarded passes whatever UUID is declared.
pub fn check(text: &str, at: &str, declared: &str) -> Result<(), String> {
    let rows: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(is_conversation)
        .collect();
    let refuse = |why: String| {
        Err(format!(
            "Resume rejected by --resume-drops-turn: resuming at {at} would discard entries \
             not attributable to turn {declared}: {why}"
        ))
    };
    if validate_session_id(declared).is_err() {
        return refuse(format!("declared turn id is not a UUID: {declared}"));
    }
    let Some(cut) = rows.iter().position(|r| uuid_of(r) == Some(at)) else {
        return Ok(());
    };
    let dropped = &rows[cut + 1..];
    if dropped.is_empty() {
        return Ok(());
    }
    // The reference's own row after the first round, where it falls in the discarded range.
    let snapshot = after_first_round(&rows).filter(|&v| v > cut);
    let number = |i: usize| i + usize::from(snapshot.is_some_and(|v| v <= cut + 1 + i));
    let first = &dropped[0];
    if kind_of(first) != "user" || uuid_of(first) != Some(declared) {
        return refuse(format!(
            "range does not start with the declared turn prompt; first discarded entry {} {}",
            number(0),
            describe(first)
        ));
    }
    for (i, row) in dropped.iter().enumerate().skip(1) {
        if kind_of(row) == "user" && !is_tool_result(row) {
            return refuse(format!(
                "range contains a user entry not attributable to the declared turn; entry {} {}",
                number(i),
                describe(row)
            ));
        }
    }
    Ok(())
}

/// Where the first round of the session ends among `rows`: after its first answer's rows
/// and their tool results (the index of the row that follows them).
fn after_first_round(rows: &[Value]) -> Option<usize> {
    let first = rows.iter().position(|r| kind_of(r) == "assistant")?;
    let id = rows[first].pointer("/message/id");
    let rest = rows[first..]
        .iter()
        .take_while(|r| match kind_of(r) {
            "assistant" => r.pointer("/message/id") == id,
            "user" => is_tool_result(r),
            _ => false,
        })
        .count();
    Some(first + rest)
}

fn is_conversation(row: &Value) -> bool {
    matches!(kind_of(row), "user" | "assistant" | "system") && uuid_of(row).is_some()
}

fn kind_of(row: &Value) -> &str {
    row.get("type").and_then(Value::as_str).unwrap_or("")
}

fn uuid_of(row: &Value) -> Option<&str> {
    row.get("uuid").and_then(Value::as_str)
}

fn describe(row: &Value) -> String {
    format!(
        "[type={}, uuid={}]",
        kind_of(row),
        uuid_of(row).unwrap_or("")
    )
}

/// A user row that carries tool results: part of the turn that made the calls.
fn is_tool_result(row: &Value) -> bool {
    row.pointer("/message/content")
        .and_then(Value::as_array)
        .is_some_and(|blocks| {
            blocks
                .iter()
                .any(|b| b.get("type").and_then(Value::as_str) == Some("tool_result"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const A1: &str = "00000000-0000-4000-8000-0000000000a1";
    const P2: &str = "00000000-0000-4000-8000-0000000000b2";
    const A2: &str = "00000000-0000-4000-8000-0000000000a2";
    const R2: &str = "00000000-0000-4000-8000-0000000000c2";
    const P3: &str = "00000000-0000-4000-8000-0000000000b3";

    fn transcript(rows: &[(&str, &str, Value)]) -> String {
        rows.iter()
            .map(|(kind, uuid, content)| {
                json!({"type": kind, "uuid": uuid, "message": {"content": content}}).to_string()
                    + "\n"
            })
            .collect()
    }

    fn session() -> String {
        transcript(&[
            ("user", "00000000-0000-4000-8000-0000000000b1", json!("one")),
            ("assistant", A1, json!([{"type": "tool_use"}])),
            ("user", P2, json!("two")),
            ("assistant", A2, json!([{"type": "tool_use"}])),
            ("user", R2, json!([{"type": "tool_result"}])),
            ("user", P3, json!("three")),
        ])
    }

    #[test]
    fn the_declared_turn_and_its_tool_results_may_go() {
        assert_eq!(check(&session(), R2, P3), Ok(()));
        assert!(check(&session(), A2, P3).is_err());
        // Nothing after the cut: nothing to check, but the id must be a UUID.
        assert_eq!(check(&session(), P3, A1), Ok(()));
        assert!(check(&session(), P3, "not-a-uuid").is_err());
    }

    #[test]
    fn another_turn_in_the_range_refuses() {
        let e = check(&session(), A1, P2).unwrap_err();
        assert_eq!(
            e,
            format!(
                "Resume rejected by --resume-drops-turn: resuming at {A1} would discard \
                 entries not attributable to turn {P2}: range contains a user entry not \
                 attributable to the declared turn; entry 4 [type=user, uuid={P3}]"
            )
        );
    }

    #[test]
    fn a_range_that_starts_elsewhere_refuses() {
        let e = check(&session(), A1, P3).unwrap_err();
        assert!(e.ends_with(&format!(
            "turn {P3}: range does not start with the declared turn prompt; first discarded \
             entry 1 [type=user, uuid={P2}]"
        )));
        let e = check(&session(), A1, "abc").unwrap_err();
        assert!(e.ends_with("turn abc: declared turn id is not a UUID: abc"));
    }
}
