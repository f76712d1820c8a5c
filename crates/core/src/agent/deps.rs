//! The edges a turn runs against: the model, the tools, the host, the clock, where messages
//! go, and the caller's interrupt. Each is a trait implemented outside this crate.

use crate::clock::Clock;
use crate::host::Host;
use crate::message::Message;
use crate::model::Model;
use crate::signal::AbortSignal;
use crate::tool::ToolRegistry;

/// Where the loop sends messages. Called in order, from the loop's task.
pub trait Emit: Send + Sync {
    fn emit(&self, message: Message);
}

/// The edges one turn runs against.
pub struct Deps<'a> {
    pub model: &'a dyn Model,
    pub tools: &'a ToolRegistry,
    pub host: &'a dyn Host,
    pub emit: &'a dyn Emit,
    pub clock: &'a dyn Clock,
    /// Fires when the caller interrupts this turn.
    pub interrupt: &'a AbortSignal,
}
