//! Which rows of a transcript make up its conversation when it has branches.
//!
//! A resume at an earlier message (`resume_session_at`) goes on from there: the rows it
//! writes point back (`parentUuid`) at that message, and the rows after it that the cut left
//! behind stay in the file. A later plain resume must read the branch the session went on
//! with, not the file in order. As the reference does, the conversation is the chain of
//! parents from the last row back to the first (across a compaction by its
//! `logicalParentUuid`), plus, for each answer on it, the rows of the same answer (the same
//! `message.id`: its other blocks) and the results of their tool calls that the chain does
//! not hold itself.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

fn text<'a>(row: &'a Value, key: &str) -> Option<&'a str> {
    row.get(key).and_then(Value::as_str)
}

fn is_conversation(row: &Value) -> bool {
    matches!(text(row, "type"), Some("user" | "assistant" | "system"))
        && text(row, "uuid").is_some()
}

fn is_tool_result(row: &Value) -> bool {
    row.pointer("/message/content")
        .and_then(Value::as_array)
        .is_some_and(|c| c.iter().any(|b| text(b, "type") == Some("tool_result")))
}

/// The uuids of the rows on the branch that ends at the last conversation row (with `until`:
/// at that row, recovering only rows written before it); `None` when every
/// conversation row up to the end is on it (nothing to leave out) or a parent is missing
/// (the file is then read as it is).
pub(crate) fn branch(rows: &[&Value], until: Option<&str>) -> Option<HashSet<String>> {
    let conversation: Vec<&Value> = rows
        .iter()
        .copied()
        .filter(|r| is_conversation(r))
        .collect();
    // Any row with a uuid may be a link of the chain (an attachment row, say).
    let by_uuid: HashMap<&str, &Value> = rows
        .iter()
        .filter_map(|r| Some((text(r, "uuid")?, *r)))
        .collect();
    let mut on: HashSet<String> = HashSet::new();
    let mut chain: Vec<&Value> = Vec::new();
    let last = conversation.len().checked_sub(1)?;
    let end = match until {
        Some(u) => conversation
            .iter()
            .position(|r| text(r, "uuid") == Some(u))?,
        None => checkpoint(rows, &conversation, &by_uuid).unwrap_or(last),
    };
    let mut at = Some(conversation[end]);
    while let Some(row) = at {
        let uuid = text(row, "uuid")?;
        if !on.insert(uuid.to_string()) {
            return None; // a loop: read the file as it is
        }
        chain.push(row);
        // A row that names no parent at all (not even `null`) is not of a chained transcript.
        row.get("parentUuid")?;
        let parent = text(row, "parentUuid").or_else(|| text(row, "logicalParentUuid"));
        at = match parent {
            Some(p) => Some(*by_uuid.get(p)?),
            None => None,
        };
    }
    let on_branch = conversation[..=end]
        .iter()
        .filter(|r| text(r, "uuid").is_some_and(|u| on.contains(u)))
        .count();
    if on_branch == end + 1 && (until.is_some() || end == last) {
        return None;
    }
    // The other rows of each answer on the chain, and the results of their calls (a cut
    // takes only those written before its row: edges/pr_*).
    let written = match until {
        Some(_) => &conversation[..=end],
        None => &conversation[..],
    };
    let mut same_answer: HashMap<&str, Vec<&str>> = HashMap::new();
    let mut results_of: HashMap<&str, Vec<&str>> = HashMap::new();
    for row in written {
        let Some(uuid) = text(row, "uuid") else {
            continue;
        };
        match text(row, "type") {
            Some("assistant") => {
                if let Some(id) = row.pointer("/message/id").and_then(Value::as_str) {
                    same_answer.entry(id).or_default().push(uuid);
                }
            }
            Some("user") if is_tool_result(row) => {
                if let Some(parent) = text(row, "parentUuid") {
                    results_of.entry(parent).or_default().push(uuid);
                }
            }
            _ => {}
        }
    }
    let mut recovered = Vec::new();
    for row in chain
        .iter()
        .filter(|r| text(r, "type") == Some("assistant"))
    {
        let Some(id) = row.pointer("/message/id").and_then(Value::as_str) else {
            continue;
        };
        for member in same_answer.get(id).into_iter().flatten() {
            recovered.push(member.to_string());
            recovered.extend(
                results_of
                    .get(member)
                    .into_iter()
                    .flatten()
                    .map(|u| u.to_string()),
            );
        }
    }
    on.extend(recovered);
    // The marks written after rows of the branch (a round's reminders, the end a hook or
    // max_turns set) go with them; the walk from the last conversation row passes them by.
    // So do the texts read after a result (a skill's instructions) written after a result
    // recovered above (fuzz-m/fm_801: two skills called at once).
    let last_written = until.and_then(|u| rows.iter().position(|r| text(r, "uuid") == Some(u)));
    for row in &rows[..last_written.map_or(rows.len(), |at| at + 1)] {
        let follow_up = text(row, "type") == Some("user")
            && row.get("isMeta").and_then(Value::as_bool) == Some(true)
            && !is_tool_result(row);
        let mark = text(row, "type") == Some("attachment") || follow_up;
        if let (true, Some(uuid), Some(parent)) = (mark, text(row, "uuid"), text(row, "parentUuid"))
        {
            if on.contains(parent) {
                on.insert(uuid.to_string());
            }
        }
    }
    Some(on)
}

/// Where a plain resume goes on from when the rows after the last finished turn are not on
/// its branch (a resume at an earlier message whose answer was torn away): the answer that
/// turn's `last-prompt` row names, as the reference reads it back (fuzz-e/fe_111). `None`:
/// the last row, which goes on from it.
fn checkpoint(
    rows: &[&Value],
    conversation: &[&Value],
    by_uuid: &HashMap<&str, &Value>,
) -> Option<usize> {
    let leaf = rows
        .iter()
        .rev()
        .find(|r| text(r, "type") == Some("last-prompt"))
        .and_then(|r| text(r, "leafUuid"))?;
    let at = conversation
        .iter()
        .position(|r| text(r, "uuid") == Some(leaf))?;
    // The last row, or a parent of it back to the start, is the leaf: nothing is left out.
    let mut row = conversation.last().copied();
    let mut steps = 0;
    while let Some(r) = row {
        if text(r, "uuid") == Some(leaf) || steps > conversation.len() {
            return None;
        }
        steps += 1;
        let parent = text(r, "parentUuid").or_else(|| text(r, "logicalParentUuid"));
        row = parent.and_then(|p| by_uuid.get(p).copied());
    }
    Some(at)
}

/// Whether the branch `on` leaves out the last conversation row of `rows`.
pub(crate) fn leaves_out_tail(rows: &[&Value], on: &HashSet<String>) -> bool {
    rows.iter()
        .rev()
        .find(|r| is_conversation(r))
        .and_then(|r| text(r, "uuid"))
        .is_some_and(|u| !on.contains(u))
}

#[cfg(test)]
mod tests {
    use super::branch;
    use serde_json::{json, Value};

    fn row(kind: &str, uuid: &str, parent: Option<&str>, id: Option<&str>, result: bool) -> Value {
        let content = if result {
            json!([{"type": "tool_result", "tool_use_id": "t", "content": "x"}])
        } else {
            json!([{"type": "text", "text": uuid}])
        };
        let mut message = json!({"content": content});
        if let Some(id) = id {
            message["id"] = json!(id);
        }
        json!({"type": kind, "uuid": uuid, "parentUuid": parent, "message": message})
    }

    fn sorted(set: Option<std::collections::HashSet<String>>) -> Option<Vec<String>> {
        set.map(|s| {
            let mut v: Vec<String> = s.into_iter().collect();
            v.sort();
            v
        })
    }

    /// a prompt; b1+b2 one answer (text, call); c its result; d the answer after it; then a
    /// resume at b1 went on with e (a prompt) and f (its answer).
    fn branched() -> Vec<Value> {
        vec![
            row("user", "a", None, None, false),
            row("assistant", "b1", Some("a"), Some("m1"), false),
            row("assistant", "b2", Some("b1"), Some("m1"), false),
            row("user", "c", Some("b2"), None, true),
            row("assistant", "d", Some("c"), Some("m2"), false),
            json!({"type": "cost-state", "total_cost_usd": 0.1}),
            row("user", "e", Some("b1"), None, false),
            row("assistant", "f", Some("e"), Some("m3"), false),
        ]
    }

    #[test]
    fn a_plain_read_follows_the_branch_with_the_cut_answers_other_rows() {
        let rows = branched();
        let refs: Vec<&Value> = rows.iter().collect();
        assert_eq!(
            sorted(branch(&refs, None)),
            Some(["a", "b1", "b2", "c", "e", "f"].map(String::from).to_vec())
        );
    }

    /// fuzz-e/fe_111: the last finished turn ended at d (its last-prompt row names it); a
    /// resume at b1 went on with e, whose answer was torn away: a plain read goes on from d.
    /// Had e's turn finished, its own last-prompt row would name f.
    #[test]
    fn a_branch_after_the_last_finished_turn_is_left_out() {
        let mut rows = branched();
        rows.truncate(5);
        rows.push(json!({"type": "last-prompt", "leafUuid": "d"}));
        rows.push(row("user", "e", Some("b1"), None, false));
        let refs: Vec<&Value> = rows.iter().collect();
        let on = branch(&refs, None);
        assert!(super::leaves_out_tail(&refs, on.as_ref().unwrap()));
        assert_eq!(
            sorted(on),
            Some(["a", "b1", "b2", "c", "d"].map(String::from).to_vec())
        );
        rows.push(row("assistant", "f", Some("e"), Some("m3"), false));
        rows.push(json!({"type": "last-prompt", "leafUuid": "f"}));
        let refs: Vec<&Value> = rows.iter().collect();
        assert_eq!(
            sorted(branch(&refs, None)),
            Some(["a", "b1", "b2", "c", "e", "f"].map(String::from).to_vec())
        );
        // A turn going on from the leaf is read to its end.
        let mut linear = branched();
        linear.truncate(5);
        linear.push(json!({"type": "last-prompt", "leafUuid": "d"}));
        linear.push(row("user", "e", Some("d"), None, false));
        let refs: Vec<&Value> = linear.iter().collect();
        assert_eq!(branch(&refs, None), None);
    }

    #[test]
    fn a_cut_follows_the_branch_to_its_row_only() {
        let rows = branched();
        let refs: Vec<&Value> = rows.iter().collect();
        // e's branch, with the other rows of b1's answer written before e.
        assert_eq!(
            sorted(branch(&refs, Some("e"))),
            Some(["a", "b1", "b2", "c", "e"].map(String::from).to_vec())
        );
        // Up to d everything is on one line.
        assert_eq!(branch(&refs, Some("d")), None);
    }

    /// The results of calls made together point at their own calls (as the reference
    /// writes them): a cut after them recovers the calls and results the walk passes by,
    /// one at a call leaves out what was written after it (edges/pr_*).
    #[test]
    fn results_fanning_out_from_their_calls_are_recovered_up_to_a_cut() {
        let rows = [
            row("user", "a", None, None, false),
            row("assistant", "b1", Some("a"), Some("m1"), false),
            row("assistant", "b2", Some("b1"), Some("m1"), false),
            row("user", "r2", Some("b2"), None, true),
            row("user", "r1", Some("b1"), None, true),
            json!({"type": "attachment", "uuid": "m", "parentUuid": "r1"}),
            row("assistant", "d", Some("m"), Some("m2"), false),
        ];
        let refs: Vec<&Value> = rows.iter().collect();
        let all = Some(
            ["a", "b1", "b2", "d", "m", "r1", "r2"]
                .map(String::from)
                .to_vec(),
        );
        assert_eq!(sorted(branch(&refs, None)), all);
        assert_eq!(sorted(branch(&refs, Some("d"))), all);
        // A mark after the last results, the walk starting before it, goes with them.
        let ended = &refs[..6];
        assert_eq!(
            sorted(branch(ended, None)),
            Some(
                ["a", "b1", "b2", "m", "r1", "r2"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(branch(&refs, Some("b1")), None);
        assert_eq!(branch(&refs, Some("b2")), None);
    }

    #[test]
    fn a_linear_or_broken_transcript_is_read_as_it_is() {
        let rows = branched()[..5].to_vec();
        let refs: Vec<&Value> = rows.iter().collect();
        assert_eq!(branch(&refs, None), None);
        let broken = [
            row("user", "a", None, None, false),
            row("assistant", "b", Some("zz"), None, false),
        ];
        let refs: Vec<&Value> = broken.iter().collect();
        assert_eq!(branch(&refs, None), None);
    }
}
