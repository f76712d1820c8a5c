//! A request body in parts, its tool definitions shared by the requests that send the same.
//!
//! A request is kept whole until its answer has streamed (a retry sends it again), and most of
//! it is the tool definitions (about 7 KB of the 8 KB a default session sends), the same in
//! every session of a process. The body is written as the text before the definitions, the
//! definitions, and the text after; the definitions are looked up among those sent lately and
//! the copy already held is taken. On the wire it is the same bytes, with its length given
//! (`Content-Length`, as for a body sent in one piece).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Mutex;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body::{Frame, SizeHint};
use serde_json::Value;

/// How many distinct tool definitions are kept for sharing.
const KEPT: usize = 16;

/// The definitions sent lately, the latest last.
static SHARED: Mutex<VecDeque<Bytes>> = Mutex::new(VecDeque::new());

/// A request body: its parts, in order.
#[derive(Clone, Debug)]
pub(crate) struct RequestBody {
    parts: Vec<Bytes>,
}

impl RequestBody {
    /// `body` written as compact JSON (the same bytes as `serde_json::to_vec`), its `tools`
    /// a part of their own, shared with the requests that sent the same lately.
    pub fn encode(body: &Value) -> RequestBody {
        let Value::Object(map) = body else {
            return RequestBody::whole(serde_json::to_vec(body).unwrap_or_default().into());
        };
        let mut parts = Vec::with_capacity(3);
        let mut buf = Vec::with_capacity(1024);
        buf.push(b'{');
        for (i, (key, value)) in map.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            let _ = serde_json::to_writer(&mut buf, key);
            buf.push(b':');
            if key == "tools" {
                parts.push(cut(std::mem::take(&mut buf)));
                parts.push(shared(serde_json::to_vec(value).unwrap_or_default()));
            } else {
                let _ = serde_json::to_writer(&mut buf, value);
            }
        }
        buf.push(b'}');
        parts.push(cut(buf));
        RequestBody { parts }
    }

    /// A body of one piece.
    pub fn whole(bytes: Bytes) -> RequestBody {
        RequestBody { parts: vec![bytes] }
    }

    /// The body in one piece (for the rare rewrites: an output limit learnt, a stream
    /// refused).
    pub fn joined(&self) -> Bytes {
        match self.parts.as_slice() {
            [one] => one.clone(),
            parts => parts.concat().into(),
        }
    }

    /// The body for one POST.
    pub fn to_reqwest(&self) -> reqwest::Body {
        match self.parts.as_slice() {
            [one] => reqwest::Body::from(one.clone()),
            parts => reqwest::Body::wrap(Parts {
                left: parts.iter().map(Bytes::len).sum::<usize>() as u64,
                parts: parts.iter().cloned().collect(),
            }),
        }
    }
}

/// `buf` cut to its length (it grew by doubling).
fn cut(buf: Vec<u8>) -> Bytes {
    Bytes::from(buf.into_boxed_slice())
}

/// The copy of `tools` already held when the same were sent lately, else `tools`, kept.
fn shared(tools: Vec<u8>) -> Bytes {
    let mut kept = oxagent_core::sync::lock(&SHARED);
    if let Some(at) = kept.iter().position(|k| k[..] == tools[..]) {
        let same = kept.remove(at).unwrap_or_default();
        kept.push_back(same.clone());
        return same;
    }
    let tools = cut(tools);
    if kept.len() == KEPT {
        kept.pop_front();
    }
    kept.push_back(tools.clone());
    tools
}

/// The parts as an HTTP body of a known length.
struct Parts {
    parts: VecDeque<Bytes>,
    left: u64,
}

impl http_body::Body for Parts {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        Poll::Ready(this.parts.pop_front().map(|part| {
            this.left -= part.len() as u64;
            Ok(Frame::data(part))
        }))
    }

    fn is_end_stream(&self) -> bool {
        self.parts.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(tools: Value) -> Value {
        json!({"model": "m", "max_tokens": 10, "tools": tools, "messages": [{"role": "user",
            "content": "a \"quoted\" \u{e9}"}], "stream": true})
    }

    #[test]
    fn the_parts_are_the_bytes_of_the_whole_body() {
        for value in [
            body(json!([{"name": "Read", "input_schema": {"type": "object"}}])),
            json!({"model": "m", "messages": []}),
            json!({"tools": []}),
            json!([1, 2]),
        ] {
            let encoded = RequestBody::encode(&value);
            assert_eq!(
                encoded.joined(),
                Bytes::from(serde_json::to_vec(&value).unwrap())
            );
        }
    }

    #[test]
    fn requests_sending_the_same_tools_share_one_copy() {
        let tools = json!([{"name": "OnlyInThisTest", "description": "x"}]);
        let a = RequestBody::encode(&body(tools.clone()));
        let b = RequestBody::encode(&body(tools));
        assert_eq!(a.parts.len(), 3);
        assert_eq!(a.parts[1].as_ptr(), b.parts[1].as_ptr());
        let c = RequestBody::encode(&body(json!([{"name": "Other"}])));
        assert_ne!(a.parts[1].as_ptr(), c.parts[1].as_ptr());
    }

    #[test]
    fn the_body_tells_its_length() {
        use http_body::Body as _;
        let value = body(json!([{"name": "Read"}]));
        let encoded = RequestBody::encode(&value);
        let parts = Parts {
            left: encoded.joined().len() as u64,
            parts: encoded.parts.iter().cloned().collect(),
        };
        assert_eq!(
            parts.size_hint().exact(),
            Some(serde_json::to_vec(&value).unwrap().len() as u64)
        );
    }
}
