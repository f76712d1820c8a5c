//! The web: WebFetch reads a page, WebSearch runs the API's server-side search. Both put a
//! side question to the model through the session's [`SideModel`](side_model::SideModel):
//!
//! ```text
//! WebFetch  {url, prompt} -> http::fetch -> Markdown -> SideRequest (small model) -> answer
//! WebSearch {query}       -> SideRequest with the web_search server tool -> hits and summary
//! ```

pub mod fetch;
pub mod http;
pub mod preflight;
pub mod search;
pub mod session_model;
pub mod side_model;
