//! oxagent-http
