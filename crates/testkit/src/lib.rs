//! oxagent-testkit
