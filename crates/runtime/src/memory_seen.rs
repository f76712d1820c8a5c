//! Instruction files a tool call brings in count as read: the model was shown them whole, so
//! an Edit of one needs no Read first, as in the reference.

use std::path::Path;
use std::sync::Arc;

use oxagent_core::memory::{NestedMemory, Reached};
use oxagent_tools::FileState;

#[derive(Debug)]
pub(crate) struct SeenMemory {
    pub inner: Arc<dyn NestedMemory>,
    pub files: FileState,
}

impl NestedMemory for SeenMemory {
    fn reached(&self, path: &Path) -> Vec<Reached> {
        let found = self.inner.reached(path);
        for f in &found {
            if let Ok(content) = std::fs::read_to_string(&f.path) {
                self.files.record(&f.path, &content);
            }
        }
        found
    }

    fn seen(&self, path: &Path) {
        self.inner.seen(path);
    }

    fn restored(&self, path: &Path, text: &str) {
        self.inner.restored(path, text);
    }

    fn for_subagent(&self) -> Option<Arc<dyn NestedMemory>> {
        Some(Arc::new(SeenMemory {
            inner: self.inner.for_subagent()?,
            files: self.files.clone(),
        }))
    }
}
