//! oxagent
