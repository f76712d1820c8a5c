//! oxagent-tools
