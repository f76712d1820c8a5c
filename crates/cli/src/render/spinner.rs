//! A spinner on stderr while the agent waits for the model or a tool.
//!
//! A thread redraws `⠋ label` on the current line every 80 ms; [`Spinner::clear`] wipes it
//! before anything else is printed, so output never lands beside a spinner frame. Without a
//! terminal on stderr the spinner draws nothing.
//!
//! ```text
//! spinner.show("Thinking…");   // ⠙ Thinking…   (redrawn in place)
//! spinner.clear();             // the line is empty again; print freely
//! ```

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

const FRAMES: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const TICK: Duration = Duration::from_millis(80);

#[derive(Default)]
struct State {
    label: Option<String>,
    since: Option<Instant>,
    frame: usize,
    drawn: bool,
}

/// A handle on the spinner; clones share it. The drawing thread ends with the last handle.
#[derive(Clone)]
pub struct Spinner {
    state: Option<Arc<Mutex<State>>>,
    colour: bool,
}

impl Spinner {
    /// A spinner on stderr when stderr is a terminal, else one that never draws.
    pub fn on_stderr(colour: bool) -> Spinner {
        if !std::io::stderr().is_terminal() {
            return Spinner::off();
        }
        let state = Arc::new(Mutex::new(State::default()));
        let weak = Arc::downgrade(&state);
        std::thread::spawn(move || tick(weak, colour));
        Spinner {
            state: Some(state),
            colour,
        }
    }

    /// A spinner that never draws.
    pub fn off() -> Spinner {
        Spinner {
            state: None,
            colour: false,
        }
    }

    /// Spins with `label` until [`Spinner::clear`].
    pub fn show(&self, label: &str) {
        let Some(state) = &self.state else { return };
        let mut s = state.lock().unwrap_or_else(PoisonError::into_inner);
        if s.label.as_deref() != Some(label) {
            s.label = Some(label.to_string());
            s.since = Some(Instant::now());
        }
        draw(&mut s, self.colour);
    }

    /// Stops spinning and wipes the line it was drawn on.
    pub fn clear(&self) {
        let Some(state) = &self.state else { return };
        let mut s = state.lock().unwrap_or_else(PoisonError::into_inner);
        s.label = None;
        if s.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            s.drawn = false;
        }
    }
}

fn draw(s: &mut State, colour: bool) {
    let Some(label) = &s.label else { return };
    let seconds = s.since.map_or(0, |t| t.elapsed().as_secs());
    let elapsed = if seconds >= 2 {
        format!(" ({seconds}s)")
    } else {
        String::new()
    };
    let frame = FRAMES[s.frame % FRAMES.len()];
    let line = if colour {
        format!("\x1b[36m{frame}\x1b[0m \x1b[2m{label}{elapsed}\x1b[0m")
    } else {
        format!("{frame} {label}{elapsed}")
    };
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r\x1b[2K{line}");
    let _ = err.flush();
    s.drawn = true;
}

fn tick(state: Weak<Mutex<State>>, colour: bool) {
    loop {
        std::thread::sleep(TICK);
        let Some(state) = state.upgrade() else { return };
        let mut s = state.lock().unwrap_or_else(PoisonError::into_inner);
        s.frame += 1;
        draw(&mut s, colour);
    }
}
