//! The schedule's order of starts, announcements and reports.

use super::*;
use serde_json::json;

fn call(id: &str) -> Call {
    Call {
        id: id.into(),
        name: "T".into(),
        input: json!({}),
        conversation: None,
        span: tracing::Span::none(),
        user_modified: false,
        group_dir: None,
        group_shell_dir: None,
    }
}

fn answer(id: &str) -> CallOutcome {
    CallOutcome::error(id, "no", "Error: no")
}

fn ids(done: Vec<(Call, CallOutcome)>) -> Vec<String> {
    done.into_iter().map(|(_, o)| o.tool_use_id).collect()
}

/// Streams calls `(id, read_only, answered at once)` one by one as blocks, returning
/// the report order with `|` where the next block started.
fn stream(calls: &[(&str, bool, bool)]) -> (Schedule, Vec<String>) {
    let mut ex = Schedule::default();
    let mut log = Vec::new();
    let quick: Vec<String> = calls
        .iter()
        .filter(|c| c.2)
        .map(|c| c.0.to_string())
        .collect();
    for (i, (id, read_only, _)) in calls.iter().enumerate() {
        if i > 0 {
            ex.event("content_block_stop", false);
            ex.event("content_block_start", false);
            log.extend(ids(ex.take_done()));
            log.push("|".into());
        }
        ex.add(call(id), *read_only, None);
        ex.start_ready(true, 0, |c, _| quick.contains(&c.id).then(|| answer(&c.id)));
    }
    (ex, log)
}

#[test]
fn results_wait_for_a_running_subagent_and_subagents_do_not() {
    let named = |id: &str, name: &str| Call {
        name: name.into(),
        ..call(id)
    };
    // A Read beside a subagent: its result waits for the subagent, then both go out in
    // call order (vj_use_subagent_read_first_no_budget).
    let mut ex = Schedule::default();
    ex.add(named("read", "Read"), true, None);
    ex.add(named("a1", "Agent"), true, None);
    ex.start_ready(false, 0, |_, _| None);
    assert_eq!(ex.running(), [0, 1]);
    ex.finish(vec![(0, answer("read"))]);
    assert!(ex.take_done().is_empty());
    ex.finish(vec![(1, answer("a1"))]);
    assert_eq!(ids(ex.take_done()), ["read", "a1"]);
    // Two subagents: the second reports while the first still runs
    // (subagent_parallel_two).
    let mut ex = Schedule::default();
    ex.add(named("a1", "Agent"), true, None);
    ex.add(named("a2", "Agent"), true, None);
    ex.start_ready(false, 0, |_, _| None);
    ex.finish(vec![(1, answer("a2"))]);
    assert_eq!(ids(ex.take_done()), ["a2"]);
    ex.finish(vec![(0, answer("a1"))]);
    assert_eq!(ids(ex.take_done()), ["a1"]);
}

#[test]
fn a_refusal_reports_before_the_next_block() {
    let (mut ex, log) = stream(&[("a", false, true), ("b", false, true)]);
    assert_eq!(log, ["a", "|"]);
    // The last block's answer waits for the end of the stream.
    assert!(ex.take_done().is_empty());
    assert_eq!(ex.running(), Vec::<usize>::new());
    ex.finish(vec![]);
    assert_eq!(ids(ex.take_done()), ["b"]);
}

#[test]
fn a_writing_call_holds_back_the_calls_after_it() {
    let (mut ex, log) = stream(&[("run", false, false), ("b", false, true), ("c", true, true)]);
    assert_eq!(log, ["|", "|"]);
    assert_eq!(ex.running(), [0]);
    ex.finish(vec![(0, answer("run"))]);
    assert_eq!(ids(ex.take_done()), ["run"]);
    // b starts alone; c only once b is answered.
    let (n, _) = ex.start_ready(false, 0, |c, _| Some(answer(&c.id)));
    assert_eq!(n, 1);
    assert_eq!(ids(ex.take_done()), ["b"]);
    ex.start_ready(false, 0, |c, _| Some(answer(&c.id)));
    assert_eq!(ids(ex.take_done()), ["c"]);
    assert!(!ex.unfinished());
}

#[test]
fn answers_pass_read_only_calls_still_running() {
    let (mut ex, log) = stream(&[("r1", true, false), ("d", true, true), ("r2", true, false)]);
    assert_eq!(log, ["|", "d", "|"]);
    assert_eq!(ex.running(), [0, 2]);
    ex.finish(vec![(0, answer("r1")), (2, answer("r2"))]);
    assert_eq!(ids(ex.take_done()), ["r1", "r2"]);
}

#[test]
fn a_writing_call_waits_for_read_only_ones() {
    let (mut ex, log) = stream(&[("r1", true, false), ("w", false, true), ("r2", true, true)]);
    // w may not start beside r1, and r2 waits behind w in the queue.
    assert_eq!(log, ["|", "|"]);
    assert_eq!(ex.running(), [0]);
    ex.finish(vec![(0, answer("r1"))]);
    assert_eq!(ids(ex.take_done()), ["r1"]);
    ex.start_ready(false, 0, |c, _| Some(answer(&c.id)));
    assert_eq!(ids(ex.take_done()), ["w"]);
    ex.start_ready(false, 0, |c, _| Some(answer(&c.id)));
    assert_eq!(ids(ex.take_done()), ["r2"]);
}

/// refusals_*: when answers given without a run come out, counted in stream events.
#[test]
fn held_answers_come_out_at_their_pace() {
    let announced = |o: &mut CallOutcome| {
        let denied = crate::protocol::system::PermissionDenied {
            tool_name: "T".into(),
            tool_use_id: o.tool_use_id.clone(),
            agent_id: None,
            decision_reason_type: None,
            decision_reason_code: None,
            decision_reason: None,
            message: "no".into(),
        };
        let body = crate::protocol::system::SystemBody::PermissionDenied(denied);
        o.announce
            .push(Message::System(crate::message::SystemMessage::new(
                body, "", "",
            )));
    };
    let mut ex = Schedule::default();
    for (id, pace) in [
        ("v", Pace::Validation),
        ("r", Pace::Rules),
        ("c", Pace::Classifier),
    ] {
        ex.add(call(id), true, None);
        ex.start_ready(true, 0, |c, _| {
            let mut o = answer(&c.id);
            o.pace = pace;
            announced(&mut o);
            Some(o)
        });
    }
    assert_eq!(ex.event("content_block_stop", false).len(), 1);
    assert_eq!(ids(ex.take_done()), ["v"]);
    // The rules' verdict announces itself an event before its result is done.
    assert_eq!(ex.event("content_block_start", false).len(), 1);
    assert!(ex.take_done().is_empty());
    assert!(ex.event("content_block_delta", false).is_empty());
    assert_eq!(ids(ex.take_done()), ["r"]);
    // The classifier's refusal waits for message_delta, its result one event more.
    assert!(ex.event("content_block_stop", false).is_empty());
    assert_eq!(ex.event("message_delta", false).len(), 1);
    assert!(ex.take_done().is_empty());
    ex.event("message_stop", false);
    let done = ex.take_done();
    assert_eq!(ids(done), ["c"]);
}

/// refusals_*_G_P_Q_X_W: a file read's refusal by the mode is announced as it starts,
/// one for want of approval an event later; both results two events later. After the
/// stream, a read's announcement goes before the result being reported, others after.
#[test]
fn file_reads_answer_sooner() {
    let denied = |id: &str, pace: Pace| {
        let mut o = refusal(id, "Read", None);
        o.pace = pace;
        o
    };
    let mut ex = Schedule::default();
    ex.add(call("m"), true, None);
    let (_, now) = ex.start_ready(true, 0, |c, _| {
        Some(denied(&c.id, Pace::Read { announce_now: true }))
    });
    assert_eq!(now.sooner.len(), 1);
    assert!(ex.event("content_block_stop", false).is_empty());
    ex.add(call("a"), true, None);
    let (_, now) = ex.start_ready(true, 0, |c, _| {
        Some(denied(
            &c.id,
            Pace::Read {
                announce_now: false,
            },
        ))
    });
    assert!(now.sooner.is_empty());
    assert!(ex.take_done().is_empty());
    assert_eq!(ex.event("content_block_start", false).len(), 1);
    assert_eq!(ids(ex.take_done()), ["m"]);
    ex.event("content_block_delta", false);
    assert_eq!(ids(ex.take_done()), ["a"]);

    let mut ex = Schedule::default();
    ex.add(call("w"), false, None);
    ex.add(call("q"), true, None);
    ex.add(call("b"), false, None);
    ex.start_ready(false, 0, |_, _| None);
    ex.finish(vec![(0, answer("w"))]);
    let (_, started) = ex.start_ready(false, 0, |c, _| {
        let pace = if c.id == "q" {
            Pace::Read {
                announce_now: false,
            }
        } else {
            Pace::Rules
        };
        Some(denied(&c.id, pace))
    });
    assert_eq!((started.sooner.len(), started.later.len()), (1, 0));
}

/// Drives a schedule after its response streamed as the round does, logging `r<id>`
/// for a report and `a<id>` for an announcement.
fn drive(ex: &mut Schedule, instant: impl Fn(&Call) -> Option<CallOutcome>) -> Vec<String> {
    let announced = |m: &Message| match m {
        Message::System(s) => match &s.body {
            crate::protocol::system::SystemBody::PermissionDenied(d) => {
                format!("a{}", d.tool_use_id)
            }
            _ => "?".into(),
        },
        _ => "?".into(),
    };
    let mut log = Vec::new();
    loop {
        match ex.step() {
            Step::Idle => return log,
            Step::Announce(notes) => log.extend(notes.iter().map(announced)),
            Step::Done(now) => {
                let (_, notes) = ex.start_ready(false, now, |c, _| instant(c));
                log.extend(notes.sooner.iter().chain(&notes.later).map(announced));
            }
            Step::Report(done, now) => {
                let o = done.1;
                let (_, notes) = ex.start_ready(false, now, |c, _| instant(c));
                log.extend(notes.sooner.iter().map(announced));
                log.push(format!("r{}", o.tool_use_id));
                log.extend(notes.later.iter().map(announced));
            }
        }
    }
}

fn refused_by_mode(call: &Call) -> CallOutcome {
    let mut o = refusal(&call.id, &call.name, Some("mode"));
    o.pace = Pace::Rules;
    o.denial = Some(crate::message::PermissionDenial {
        tool_name: call.name.clone(),
        tool_use_id: call.id.clone(),
        tool_input: call.input.clone(),
    });
    o
}

/// An outcome announced by a permission_denied message of this `decision_reason_type`.
fn refusal(id: &str, tool: &str, reason_type: Option<&str>) -> CallOutcome {
    let mut o = answer(id);
    let body = crate::protocol::system::SystemBody::PermissionDenied(
        crate::protocol::system::PermissionDenied {
            tool_name: tool.into(),
            tool_use_id: id.into(),
            agent_id: None,
            decision_reason_type: reason_type.map(str::to_string),
            decision_reason_code: None,
            decision_reason: None,
            message: "no".into(),
        },
    );
    o.announce
        .push(Message::System(crate::message::SystemMessage::new(
            body, "", "",
        )));
    o
}

/// fa_pin_dontask_behind_*: behind a writing call that ran, three unknown tools and two
/// commands dontAsk refuses. The first refusal is seen after the result that let it
/// start (after one more for a pipeline); the second command starts when the first is
/// done, three reports on, and is seen before the first's result.
#[test]
fn shell_refusals_after_the_stream_take_their_time() {
    // In the default mode without a callback the questions are refused later, and done
    // sooner (fa_pin_default_behind_*).
    for (pace, command, want) in [
        (Pace::Rules, "npm test", "re ab5 ru2 ru3 ru4 ab6 rb5 rb6"),
        (
            Pace::Rules,
            "npm test | sh",
            "re ru2 ab5 ru3 ru4 ab6 rb5 rb6",
        ),
        (Pace::Question, "npm test", "re ru2 ab5 ru3 ru4 ab6 rb5 rb6"),
        (
            Pace::Question,
            "npm test | sh",
            "re ru2 ab5 ru3 ru4 rb5 ab6 rb6",
        ),
    ] {
        let mut ex = Schedule::default();
        ex.add(call("e"), false, None);
        for u in ["u2", "u3", "u4"] {
            ex.add(call(u), true, Some(answer(u)));
        }
        for (id, c) in [("b5", command), ("b6", "node -e 1")] {
            let mut b = call(id);
            b.name = "Bash".into();
            b.input = json!({ "command": c });
            ex.add(b, false, None);
        }
        ex.start_ready(false, 0, |_, _| None);
        ex.finish(vec![(0, answer("e"))]);
        let log = drive(&mut ex, |c| {
            let mut o = refused_by_mode(c);
            o.pace = pace;
            Some(o)
        });
        assert_eq!(log.join(" "), want, "{command}");
        assert!(!ex.unfinished());
    }
}

#[test]
fn unstarted_calls_are_settled_in_order() {
    let (mut ex, _) = stream(&[("r", true, false), ("w", false, false), ("x", true, true)]);
    ex.finish(vec![(0, answer("r"))]);
    assert_eq!(ids(ex.take_done()), ["r"]);
    ex.settle_unstarted(|c| CallOutcome::error(&c.id, "rejected", "Error: rejected"));
    let done = ex.take_done();
    assert_eq!(
        done.iter()
            .map(|(_, o)| (o.tool_use_id.as_str(), o.content.as_text()))
            .collect::<Vec<_>>(),
        [("w", "rejected".to_string()), ("x", "rejected".to_string())]
    );
    assert!(!ex.unfinished());
}

#[test]
fn unknown_tools_are_done_on_arrival() {
    let mut ex = Schedule::default();
    ex.add(call("r"), true, None);
    ex.start_ready(true, 0, |_, _| None);
    ex.add(call("x"), true, Some(answer("x")));
    assert_eq!(ids(ex.take_done()), ["x"]);
}

#[test]
fn unknown_tools_behind_a_writing_call_count_as_done_after_it() {
    // Beside a read-only call an unknown tool is done before it; behind a writing call, after.
    let mut ex = Schedule::default();
    ex.add(call("r"), true, None);
    ex.start_ready(true, 0, |_, _| None);
    ex.add(call("x"), true, Some(answer("x")));
    ex.finish(vec![(0, answer("r"))]);
    assert_eq!(ex.completed(), ["x", "r"]);

    let mut ex = Schedule::default();
    ex.add(call("w"), false, None);
    ex.start_ready(true, 0, |_, _| None);
    ex.add(call("x"), true, Some(answer("x")));
    ex.add(call("y"), true, Some(answer("y")));
    assert!(ex.completed().is_empty());
    ex.finish(vec![(0, answer("w"))]);
    assert_eq!(ex.completed(), ["w", "x", "y"]);
}

#[test]
fn unknown_tools_pass_a_writing_call_that_has_not_started() {
    // A read-only call runs, a writing call waits for it: an unknown tool after them is done
    // first.
    let mut ex = Schedule::default();
    ex.add(call("r"), true, None);
    ex.start_ready(true, 0, |_, _| None);
    ex.add(call("w"), false, None);
    ex.start_ready(true, 0, |_, _| None);
    ex.add(call("x"), true, Some(answer("x")));
    assert_eq!(ex.completed(), ["x"]);
}
