//! The contracts every [`SessionStore`] keeps, as one async check to run against a store.
//!
//! Written from the documented `SessionStore` contracts: appends come back in order and
//! deep-equal, unknown keys load as nothing, appending nothing changes nothing, subpaths
//! and projects are kept apart, `list_sessions` gives epoch-millisecond times and no
//! subagent keys, deleting a session takes its subkeys along, `list_subkeys` lists only the
//! session's subpaths, and summaries share `list_sessions`' clock. Checks of an optional
//! method run only when the store [supports](SessionStore::supports) it and it is not in
//! `skip`.
//!
//! ```
//! use oxagent_core::store::{conformance, InMemorySessionStore};
//! let outcome = futures::executor::block_on(conformance::run(
//!     || async { Ok::<_, String>(InMemorySessionStore::new()) },
//!     &[],
//! ));
//! assert_eq!(outcome, Ok(()));
//! ```
//!
//! `make_store` is called once per contract and must give a store that holds nothing.

use std::future::Future;

use serde_json::{json, Value};

use super::{fold_session_summary, SessionKey, SessionStore, StoreMethod};

/// A failed contract: its number and name, and what was wrong.
pub type Failure = String;

fn entry(fields: Value) -> Value {
    let mut e = json!({"type": "x"});
    if let (Value::Object(m), Value::Object(f)) = (&mut e, fields) {
        m.extend(f);
    }
    e
}

macro_rules! check {
    ($contract:expr, $cond:expr, $($what:tt)+) => {
        if !$cond {
            return Err(format!("contract {}: {}", $contract, format!($($what)+)));
        }
    };
}

/// Turns a store error into the contract's failure.
fn call<T>(contract: &str, r: Result<T, super::StoreError>) -> Result<T, Failure> {
    r.map_err(|e| format!("contract {contract}: the store failed: {e}"))
}

/// Runs every contract; the first one broken is the error.
pub async fn run<S, F, Fut, E>(make_store: F, skip: &[StoreMethod]) -> Result<(), Failure>
where
    S: SessionStore,
    F: Fn() -> Fut,
    Fut: Future<Output = Result<S, E>>,
    E: std::fmt::Display,
{
    let fresh = || async {
        make_store()
            .await
            .map_err(|e| format!("make_store failed: {e}"))
    };
    let probe = fresh().await?;
    let has = |m: StoreMethod| probe.supports(m) && !skip.contains(&m);
    let (lists, summaries, deletes, subkeys) = (
        has(StoreMethod::ListSessions),
        has(StoreMethod::ListSessionSummaries),
        has(StoreMethod::Delete),
        has(StoreMethod::ListSubkeys),
    );
    let key = SessionKey::main("proj", "sess");

    // 1. What is appended loads back, in order.
    let s = fresh().await?;
    let batch = [
        entry(json!({"uuid": "b", "n": 1})),
        entry(json!({"uuid": "a", "n": 2})),
    ];
    call("1", s.append(&key, &batch).await)?;
    let back = call("1", s.load(&key).await)?;
    check!(
        "1 (append, load)",
        back.as_deref() == Some(&batch[..]),
        "loaded {back:?}"
    );

    // 2. Keys never written load as nothing, subpaths included.
    let s = fresh().await?;
    let none = call("2", s.load(&SessionKey::main("proj", "nope")).await)?;
    check!("2 (unknown key)", none.is_none(), "loaded {none:?}");
    call("2", s.append(&key, &[entry(json!({"uuid": "x"}))]).await)?;
    let none = call("2", s.load(&key.sub("nope")).await)?;
    check!("2 (unknown subpath)", none.is_none(), "loaded {none:?}");

    // 3. Several appends concatenate in call order.
    let s = fresh().await?;
    let (a, b, c, d) = (
        entry(json!({"uuid": "z", "n": 1})),
        entry(json!({"uuid": "a", "n": 2})),
        entry(json!({"uuid": "m", "n": 3})),
        entry(json!({"uuid": "b", "n": 4})),
    );
    call("3", s.append(&key, std::slice::from_ref(&a)).await)?;
    call("3", s.append(&key, &[b.clone(), c.clone()]).await)?;
    call("3", s.append(&key, std::slice::from_ref(&d)).await)?;
    let back = call("3", s.load(&key).await)?;
    check!(
        "3 (call order)",
        back == Some(vec![a, b, c, d]),
        "loaded {back:?}"
    );

    // 4. Appending nothing changes nothing.
    let s = fresh().await?;
    let one = entry(json!({"uuid": "a"}));
    call("4", s.append(&key, std::slice::from_ref(&one)).await)?;
    call("4", s.append(&key, &[]).await)?;
    let back = call("4", s.load(&key).await)?;
    check!(
        "4 (empty append)",
        back == Some(vec![one]),
        "loaded {back:?}"
    );

    // 5. A subpath is a transcript of its own.
    let s = fresh().await?;
    let sub = key.sub("subagents/agent-1");
    let (m, x) = (entry(json!({"uuid": "m"})), entry(json!({"uuid": "s"})));
    call("5", s.append(&key, std::slice::from_ref(&m)).await)?;
    call("5", s.append(&sub, std::slice::from_ref(&x)).await)?;
    let main = call("5", s.load(&key).await)?;
    let side = call("5", s.load(&sub).await)?;
    check!(
        "5 (subpath apart)",
        main == Some(vec![m]) && side == Some(vec![x]),
        "main {main:?}, sub {side:?}"
    );

    // 6. Projects are kept apart.
    let s = fresh().await?;
    let (ka, kb) = (SessionKey::main("A", "s1"), SessionKey::main("B", "s1"));
    call("6", s.append(&ka, &[entry(json!({"from": "A"}))]).await)?;
    call("6", s.append(&kb, &[entry(json!({"from": "B"}))]).await)?;
    let la = call("6", s.load(&ka).await)?;
    let lb = call("6", s.load(&kb).await)?;
    check!(
        "6 (projects apart)",
        la == Some(vec![entry(json!({"from": "A"}))])
            && lb == Some(vec![entry(json!({"from": "B"}))]),
        "A {la:?}, B {lb:?}"
    );
    if lists {
        let na = call("6", s.list_sessions("A").await)?.len();
        let nb = call("6", s.list_sessions("B").await)?.len();
        check!(
            "6 (listed apart)",
            na == 1 && nb == 1,
            "A lists {na}, B lists {nb}"
        );
    }

    if lists {
        // 7. The project's sessions, with epoch-millisecond times.
        let s = fresh().await?;
        for (pk, id) in [("proj", "a"), ("proj", "b"), ("other", "c")] {
            call(
                "7",
                s.append(&SessionKey::main(pk, id), &[entry(json!({"n": 1}))])
                    .await,
            )?;
        }
        let listed = call("7", s.list_sessions("proj").await)?;
        let mut ids: Vec<&str> = listed.iter().map(|e| e.session_id.as_str()).collect();
        ids.sort_unstable();
        check!("7 (list_sessions)", ids == ["a", "b"], "listed {ids:?}");
        check!(
            "7 (epoch ms)",
            listed.iter().all(|e| e.mtime > 1_000_000_000_000),
            "mtimes {:?} are not epoch milliseconds",
            listed.iter().map(|e| e.mtime).collect::<Vec<_>>()
        );
        let empty = call("7", s.list_sessions("never-appended-project").await)?;
        check!("7 (unknown project)", empty.is_empty(), "listed {empty:?}");

        // 8. Subagent keys are not sessions.
        let s = fresh().await?;
        let main = SessionKey::main("proj", "main");
        call("8", s.append(&main, &[entry(json!({"n": 1}))]).await)?;
        call(
            "8",
            s.append(&main.sub("subagents/agent-1"), &[entry(json!({"n": 1}))])
                .await,
        )?;
        let listed = call("8", s.list_sessions("proj").await)?;
        let ids: Vec<&str> = listed.iter().map(|e| e.session_id.as_str()).collect();
        check!("8 (no subpaths listed)", ids == ["main"], "listed {ids:?}");
    }

    if summaries {
        // 14. Summaries: folded on append, on the listing's clock, subagents left out.
        let s = fresh().await?;
        let k = SessionKey::main("proj", "summ-sess");
        call(
            "14",
            s.append(
                &k,
                &[
                    entry(json!({"timestamp": "2024-01-01T00:00:00.000Z", "customTitle": "first"})),
                    entry(json!({"timestamp": "2024-01-01T00:00:01.000Z"})),
                ],
            )
            .await,
        )?;
        call(
            "14",
            s.append(
                &k,
                &[entry(
                    json!({"timestamp": "2024-01-01T00:00:02.000Z", "customTitle": "second"}),
                )],
            )
            .await,
        )?;
        call(
            "14",
            s.append(
                &SessionKey::main("other", "elsewhere"),
                &[entry(json!({"timestamp": "2024-01-01T00:00:00.000Z"}))],
            )
            .await,
        )?;
        let all = call("14", s.list_session_summaries("proj").await)?;
        let ids: Vec<&str> = all.iter().map(|e| e.session_id.as_str()).collect();
        check!(
            "14 (summaries of the project)",
            ids == ["summ-sess"],
            "summaries of {ids:?}"
        );
        let summary = all[0].clone();
        check!(
            "14 (epoch ms)",
            summary.mtime > 1_000_000_000_000,
            "mtime {}",
            summary.mtime
        );
        if lists {
            let listed = call("14", s.list_sessions("proj").await)?;
            let at = listed
                .iter()
                .find(|e| e.session_id == "summ-sess")
                .map(|e| e.mtime);
            check!(
                "14 (one clock)",
                at.is_some_and(|t| summary.mtime >= t),
                "summary mtime {} is older than list_sessions' {at:?}",
                summary.mtime
            );
        }
        let refolded = fold_session_summary(
            Some(&summary),
            &k,
            &[entry(json!({"timestamp": "2024-01-01T00:00:03.000Z"}))],
            false,
        );
        check!(
            "14 (refold)",
            refolded.session_id == "summ-sess" && refolded.mtime == summary.mtime,
            "refolded {refolded:?}"
        );
        call(
            "14",
            s.append(
                &k.sub("subagents/agent-1"),
                &[entry(
                    json!({"timestamp": "2024-01-01T00:00:09.000Z", "customTitle": "subagent"}),
                )],
            )
            .await,
        )?;
        let after = call("14", s.list_session_summaries("proj").await)?;
        let same = after
            .iter()
            .find(|e| e.session_id == "summ-sess")
            .map(|e| &e.data);
        check!(
            "14 (subagents left out)",
            same == Some(&summary.data),
            "data became {same:?}"
        );
        let none = call(
            "14",
            s.list_session_summaries("never-appended-project").await,
        )?;
        check!(
            "14 (unknown project)",
            none.is_empty(),
            "summaries {none:?}"
        );
        if deletes {
            call("14", s.delete(&k).await)?;
            let left = call("14", s.list_session_summaries("proj").await)?;
            check!("14 (deleted)", left.is_empty(), "summaries left {left:?}");
        }
    }

    if deletes {
        // 9. A deleted session loads as nothing; deleting an unknown key is fine.
        let s = fresh().await?;
        call(
            "9",
            s.delete(&SessionKey::main("proj", "never-written")).await,
        )?;
        call("9", s.append(&key, &[entry(json!({"n": 1}))]).await)?;
        call("9", s.delete(&key).await)?;
        let back = call("9", s.load(&key).await)?;
        check!("9 (delete)", back.is_none(), "loaded {back:?}");

        // 10. Deleting a session takes its subkeys, and nothing else.
        let s = fresh().await?;
        let (sub1, sub2) = (key.sub("subagents/agent-1"), key.sub("subagents/agent-2"));
        let other = SessionKey::main("proj", "sess2");
        let other_proj = SessionKey::main("other-proj", "sess");
        for k in [&key, &sub1, &sub2, &other, &other_proj] {
            call("10", s.append(k, &[entry(json!({"n": 1}))]).await)?;
        }
        call("10", s.delete(&key).await)?;
        for k in [&key, &sub1, &sub2] {
            let back = call("10", s.load(k).await)?;
            check!("10 (cascade)", back.is_none(), "{k} still loads {back:?}");
        }
        for k in [&other, &other_proj] {
            let back = call("10", s.load(k).await)?;
            check!(
                "10 (others kept)",
                back.is_some_and(|v| v.len() == 1),
                "{k} was touched"
            );
        }
        if subkeys {
            let left = call("10", s.list_subkeys("proj", "sess").await)?;
            check!("10 (no subkeys left)", left.is_empty(), "subkeys {left:?}");
        }
        if lists {
            let listed = call("10", s.list_sessions("proj").await)?;
            check!(
                "10 (not listed)",
                listed.iter().all(|e| e.session_id != "sess"),
                "still listed"
            );
        }

        // 11. Deleting a subpath deletes only it.
        let s = fresh().await?;
        for k in [&key, &sub1, &sub2] {
            call("11", s.append(k, &[entry(json!({"n": 1}))]).await)?;
        }
        call("11", s.delete(&sub1).await)?;
        let gone = call("11", s.load(&sub1).await)?;
        let kept = call("11", s.load(&sub2).await)?;
        let main = call("11", s.load(&key).await)?;
        check!(
            "11 (delete a subpath)",
            gone.is_none()
                && kept.is_some_and(|v| v.len() == 1)
                && main.is_some_and(|v| v.len() == 1),
            "after deleting {sub1}"
        );
        if subkeys {
            let left = call("11", s.list_subkeys("proj", "sess").await)?;
            check!(
                "11 (subkeys)",
                left == ["subagents/agent-2"],
                "subkeys {left:?}"
            );
        }
    }

    if subkeys {
        // 12. The session's subpaths, and only its own.
        let s = fresh().await?;
        call("12", s.append(&key, &[entry(json!({"n": 1}))]).await)?;
        call(
            "12",
            s.append(&key.sub("subagents/agent-1"), &[entry(json!({"n": 1}))])
                .await,
        )?;
        call(
            "12",
            s.append(&key.sub("subagents/agent-2"), &[entry(json!({"n": 1}))])
                .await,
        )?;
        let elsewhere = SessionKey::main("proj", "other-sess").sub("subagents/agent-x");
        call("12", s.append(&elsewhere, &[entry(json!({"n": 1}))]).await)?;
        let mut got = call("12", s.list_subkeys("proj", "sess").await)?;
        got.sort();
        check!(
            "12 (list_subkeys)",
            got == ["subagents/agent-1", "subagents/agent-2"],
            "subkeys {got:?}"
        );

        // 13. The main transcript is no subkey; an unknown session has none.
        let s = fresh().await?;
        call("13", s.append(&key, &[entry(json!({"n": 1}))]).await)?;
        let got = call("13", s.list_subkeys("proj", "sess").await)?;
        check!("13 (main is no subkey)", got.is_empty(), "subkeys {got:?}");
        let got = call("13", s.list_subkeys("proj", "never-appended").await)?;
        check!("13 (unknown session)", got.is_empty(), "subkeys {got:?}");
    }
    Ok(())
}
