//! Fuzzes the path of a streamed Messages API answer: bytes cut into chunks at arbitrary
//! places, read as SSE, each data line parsed as JSON and fed to the response builder. None
//! may panic or hang, whatever the server sends.
#![no_main]

use futures::StreamExt;
use libfuzzer_sys::fuzz_target;
use oxagent_core::agent::response::ResponseBuilder;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, body)) = data.split_first() else {
        return;
    };
    let size = usize::from(cut % 64) + 1;
    let chunks: Vec<Result<bytes::Bytes, std::convert::Infallible>> = body
        .chunks(size)
        .map(|c| Ok(bytes::Bytes::copy_from_slice(c)))
        .collect();
    let events = futures::executor::block_on(
        eventsource_stream::Eventsource::eventsource(futures::stream::iter(chunks)).collect::<Vec<_>>(),
    );
    let mut response = ResponseBuilder::default();
    for event in events.into_iter().flatten() {
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(&event.data) {
            let _ = response.push(&value);
        }
    }
    let _ = (response.text(), response.tool_uses(), response.has_blocks());
});
