//! OpenTelemetry export of the spans oxagent's sessions open (see `oxagent_core::telemetry`
//! for the tree and its attributes).
//!
//! Off unless the environment asks for it, as OpenTelemetry's SDKs read it:
//! `OTEL_TRACES_EXPORTER=otlp`, or an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`,
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); `OTEL_TRACES_EXPORTER=none` or
//! `OTEL_SDK_DISABLED=true` keep it off. Spans go over OTLP/HTTP, protobuf or JSON as
//! `OTEL_EXPORTER_OTLP_[TRACES_]PROTOCOL` says (`http/protobuf` by default; `grpc` is not
//! built in and falls back to `http/protobuf`), with the exporter's other variables
//! (headers, timeout) and the batch processor's (`OTEL_BSP_*`) honoured. The service is
//! `oxagent` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` names it.
//!
//! [`init_from_env`] installs a global `tracing` subscriber that exports oxagent's spans and
//! nothing else. A program with a subscriber of its own adds [`layer`] to it instead.
//! Spans are exported in batches: [`flush`] sends what is pending, [`shutdown`] at exit.

mod parent;

use std::sync::OnceLock;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, SpanExporter, WithExportConfig};
use opentelemetry_sdk::trace::SdkTracerProvider;
use opentelemetry_sdk::Resource;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::{filter, Layer};

pub use parent::{set_parent, traceparent_of};

static PROVIDER: OnceLock<Option<SdkTracerProvider>> = OnceLock::new();
static INSTALLED: OnceLock<bool> = OnceLock::new();

/// Whether the environment asks for spans to be exported.
pub fn wanted(env: impl Fn(&str) -> Option<String>) -> bool {
    let on = |k: &str| env(k).is_some_and(|v| !v.trim().is_empty());
    if env("OTEL_SDK_DISABLED").is_some_and(|v| v.trim().eq_ignore_ascii_case("true")) {
        return false;
    }
    match env("OTEL_TRACES_EXPORTER").map(|v| v.trim().to_ascii_lowercase()) {
        Some(v) if v.split(',').any(|e| e.trim() == "otlp") => true,
        Some(v) if !v.is_empty() => false,
        _ => on("OTEL_EXPORTER_OTLP_ENDPOINT") || on("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
    }
}

fn protocol(env: impl Fn(&str) -> Option<String>) -> Protocol {
    let named =
        env("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL").or_else(|| env("OTEL_EXPORTER_OTLP_PROTOCOL"));
    match named.as_deref().map(str::trim) {
        Some("http/json") => Protocol::HttpJson,
        _ => Protocol::HttpBinary,
    }
}

fn build_provider() -> Option<SdkTracerProvider> {
    let env = |k: &str| std::env::var(k).ok();
    if !wanted(env) {
        return None;
    }
    let exporter = SpanExporter::builder()
        .with_http()
        .with_protocol(protocol(env))
        .build();
    let exporter = match exporter {
        Ok(e) => e,
        Err(e) => {
            eprintln!("oxagent: OpenTelemetry export is off: {e}");
            return None;
        }
    };
    let mut resource = Resource::builder();
    let named = env("OTEL_SERVICE_NAME").is_some()
        || env("OTEL_RESOURCE_ATTRIBUTES").is_some_and(|a| a.contains("service.name="));
    if !named {
        resource = resource.with_service_name("oxagent");
    }
    Some(
        SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_resource(resource.build())
            .build(),
    )
}

fn provider() -> Option<&'static SdkTracerProvider> {
    PROVIDER.get_or_init(build_provider).as_ref()
}

/// A layer that exports oxagent's spans (and no one else's) to the OTLP endpoint the
/// environment names; `None` when the environment does not ask for export.
pub fn layer<S>() -> Option<Box<dyn Layer<S> + Send + Sync>>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a> + Send + Sync,
{
    let tracer = provider()?.tracer("oxagent");
    let ours = filter::filter_fn(|meta| meta.target().starts_with("oxagent"));
    Some(
        tracing_opentelemetry::layer()
            .with_tracer(tracer)
            .with_location(false)
            .with_threads(false)
            .with_target(false)
            .with_tracked_inactivity(false)
            .with_filter(ours)
            .boxed(),
    )
}

/// Installs the exporting subscriber when the environment asks for it and no global
/// subscriber is set yet. Cheap after the first call. Returns whether spans are exported
/// through it.
pub fn init_from_env() -> bool {
    *INSTALLED.get_or_init(|| {
        let Some(layer) = layer() else {
            return false;
        };
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::set_global_default(subscriber).is_ok()
    })
}

/// Whether spans are being exported (the environment asked, and the exporter started).
pub fn enabled() -> bool {
    PROVIDER.get().is_some_and(Option::is_some)
}

/// Sends the spans that ended and are still waiting in the batch.
pub fn flush() {
    if let Some(Some(p)) = PROVIDER.get() {
        let _ = p.force_flush();
    }
}

/// Flushes and stops the exporter (at the end of the process).
pub fn shutdown() {
    if let Some(Some(p)) = PROVIDER.get() {
        let _ = p.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn export_is_asked_for_by_the_exporter_or_an_endpoint() {
        assert!(!wanted(env(&[])));
        assert!(wanted(env(&[("OTEL_TRACES_EXPORTER", "otlp")])));
        assert!(wanted(env(&[("OTEL_TRACES_EXPORTER", "console,otlp")])));
        assert!(wanted(env(&[(
            "OTEL_EXPORTER_OTLP_ENDPOINT",
            "http://127.0.0.1:4318"
        )])));
        assert!(wanted(env(&[(
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
            "http://h/v1/traces"
        )])));
        assert!(!wanted(env(&[("OTEL_EXPORTER_OTLP_ENDPOINT", " ")])));
    }

    #[test]
    fn none_and_disabled_keep_it_off() {
        let endpoint = ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318");
        assert!(!wanted(env(&[endpoint, ("OTEL_TRACES_EXPORTER", "none")])));
        assert!(!wanted(env(&[endpoint, ("OTEL_SDK_DISABLED", "true")])));
        assert!(!wanted(env(&[
            ("OTEL_TRACES_EXPORTER", "otlp"),
            ("OTEL_SDK_DISABLED", "TRUE")
        ])));
    }

    #[test]
    fn json_is_chosen_by_name_and_the_traces_variable_wins() {
        assert_eq!(protocol(env(&[])), Protocol::HttpBinary);
        assert_eq!(
            protocol(env(&[("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json")])),
            Protocol::HttpJson
        );
        let both = [
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"),
            ("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf"),
        ];
        assert_eq!(protocol(env(&both)), Protocol::HttpBinary);
        assert_eq!(
            protocol(env(&[("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")])),
            Protocol::HttpBinary
        );
    }
}
