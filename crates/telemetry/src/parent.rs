//! Trace context from the caller: a W3C `traceparent` makes the session span a child of the
//! caller's span (a Python or Node caller's current OpenTelemetry span, sent by the face).

use std::collections::HashMap;

use opentelemetry::propagation::TextMapPropagator;
use opentelemetry::trace::TraceContextExt;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// Makes `span` a child of the remote span `traceparent` names. A malformed value is
/// ignored: the span stays a root.
pub fn set_parent(span: &tracing::Span, traceparent: &str) {
    let mut carrier = HashMap::new();
    carrier.insert("traceparent".to_string(), sampled_only(traceparent));
    let cx = TraceContextPropagator::new().extract(&carrier);
    if cx.span().span_context().is_valid() {
        let _ = span.set_parent(cx);
    }
}

/// The `traceparent` of `span` as exported (none when export is off).
pub fn traceparent_of(span: &tracing::Span) -> Option<String> {
    let cx = span.context();
    let sc = cx.span().span_context().clone();
    sc.is_valid().then(|| {
        format!(
            "00-{}-{}-{:02x}",
            sc.trace_id(),
            sc.span_id(),
            sc.trace_flags().to_u8()
        )
    })
}

/// `traceparent` with only the sampled bit of its flags kept: newer tracers set the W3C
/// level-2 random bit too (`-03`), which a version-00 parser refuses.
fn sampled_only(traceparent: &str) -> String {
    let parts: Vec<&str> = traceparent.trim().split('-').collect();
    match parts.as_slice() {
        [version, trace, span, flags] => match u8::from_str_radix(flags, 16) {
            Ok(f) => format!("{version}-{trace}-{span}-{:02x}", f & 1),
            Err(_) => traceparent.trim().to_string(),
        },
        _ => traceparent.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_bit_is_dropped_and_the_rest_kept() {
        let id = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7";
        assert_eq!(sampled_only(&format!("{id}-03")), format!("{id}-01"));
        assert_eq!(sampled_only(&format!(" {id}-00 ")), format!("{id}-00"));
        assert_eq!(sampled_only("garbage"), "garbage");
    }
}
