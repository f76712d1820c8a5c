//! The integration suite of oxagent-tools: every tool called through the `Tool` trait in a
//! scratch workspace, checked against the texts and structures of the reference's goldens.

// A panic in a test is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bash;
mod common;
mod definitions;
mod encodings;
mod images;
mod interaction;
mod notebook;
mod permissions;
mod prodtools;
mod properties;
mod read;
mod schemas;
mod search;
mod task_list;
mod web;
mod write_edit;
