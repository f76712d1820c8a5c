//! The directory walk behind Glob: every file a glob set lets through, with its modification
//! time, in the order a single-threaded depth-first walk meets them (each directory's entries
//! in the order the file system lists them, a subdirectory's files before its next sibling).
//!
//! Directories are read on every core. Each one's listing is kept as it was read, with its
//! subdirectories as placeholders, and the lists are joined in walk order at the end, so the
//! order does not depend on which thread read what. The modification times are read from the
//! open directory (`statx` relative to it), not by resolving each full path again; a large
//! directory's files are timed in chunks that any thread may take.

use std::fs::{self, DirEntry};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::SystemTime;

use ignore::overrides::Override;
use oxagent_core::signal::AbortSignal;

/// Files timed by one thread in one go.
const CHUNK: usize = 256;

/// One entry of a directory's listing.
enum Item {
    File(PathBuf, SystemTime),
    /// A subdirectory, by the number its own listing is kept under.
    Dir(usize),
}

/// Work for any thread.
enum Job {
    /// Read a directory into listing `id`.
    Read(usize, PathBuf),
    /// Time these files of listing `id` (each with its place in the listing).
    Time(usize, Vec<(usize, DirEntry)>),
}

/// Times read by one `Job::Time`: the listing, and each file's place in it with its time.
type Timed = (usize, Vec<(usize, SystemTime)>);

/// Jobs waiting, and how many are being done.
#[derive(Default)]
struct Queue {
    waiting: Vec<Job>,
    busy: usize,
}

struct Walk<'a> {
    filter: &'a Override,
    abort: &'a AbortSignal,
    queue: Mutex<Queue>,
    changed: Condvar,
    next_id: AtomicUsize,
    listings: Mutex<Vec<Option<Vec<Item>>>>,
    times: Mutex<Vec<Timed>>,
}

/// Every file under `root` that `filter` does not ignore, with its modification time (the
/// epoch when it cannot be read), in walk order. Symbolic links are not followed (nor listed)
/// below the root; directories that cannot be read are skipped.
pub(crate) fn files(
    root: &Path,
    filter: &Override,
    abort: &AbortSignal,
) -> Result<Vec<(PathBuf, SystemTime)>, String> {
    let walk = Walk {
        filter,
        abort,
        queue: Mutex::new(Queue {
            waiting: vec![Job::Read(0, root.to_path_buf())],
            busy: 0,
        }),
        changed: Condvar::new(),
        next_id: AtomicUsize::new(1),
        listings: Mutex::new(Vec::new()),
        times: Mutex::new(Vec::new()),
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    std::thread::scope(|s| {
        for _ in 1..workers {
            s.spawn(|| walk.work());
        }
        walk.work();
    });
    if abort.is_aborted() {
        return Err("Interrupted".into());
    }
    let mut listings = walk
        .listings
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    for (id, times) in walk.times.into_inner().unwrap_or_else(|e| e.into_inner()) {
        let Some(Some(items)) = listings.get_mut(id) else {
            continue;
        };
        for (at, time) in times {
            if let Some(Item::File(_, t)) = items.get_mut(at) {
                *t = time;
            }
        }
    }
    let mut out = Vec::new();
    flatten(&mut listings, 0, &mut out);
    Ok(out)
}

/// Appends listing `id` to `out` in walk order, each subdirectory's files in its place.
fn flatten(listings: &mut [Option<Vec<Item>>], id: usize, out: &mut Vec<(PathBuf, SystemTime)>) {
    // An explicit stack: a deep tree must not overflow the caller's.
    let mut stack = vec![take(listings, id).into_iter()];
    while let Some(items) = stack.last_mut() {
        match items.next() {
            Some(Item::File(path, modified)) => out.push((path, modified)),
            Some(Item::Dir(child)) => {
                let inner = take(listings, child).into_iter();
                stack.push(inner);
            }
            None => {
                stack.pop();
            }
        }
    }
}

fn take(listings: &mut [Option<Vec<Item>>], id: usize) -> Vec<Item> {
    listings
        .get_mut(id)
        .and_then(Option::take)
        .unwrap_or_default()
}

fn modified(entry: &DirEntry) -> SystemTime {
    entry
        .metadata()
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

impl Walk<'_> {
    /// Does jobs until none are waiting and none are being done.
    fn work(&self) {
        while let Some(job) = self.next_job() {
            let more = if self.abort.is_aborted() {
                Vec::new()
            } else {
                self.run(job)
            };
            let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
            queue.waiting.extend(more);
            queue.busy -= 1;
            drop(queue);
            self.changed.notify_all();
        }
    }

    fn next_job(&self) -> Option<Job> {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(job) = queue.waiting.pop() {
                queue.busy += 1;
                return Some(job);
            }
            if queue.busy == 0 {
                return None;
            }
            queue = self.changed.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Does one job; returns the jobs it gives rise to.
    fn run(&self, job: Job) -> Vec<Job> {
        match job {
            Job::Read(id, dir) => self.read(id, &dir),
            Job::Time(id, entries) => {
                let times = entries.iter().map(|(at, e)| (*at, modified(e))).collect();
                let mut all = self.times.lock().unwrap_or_else(|e| e.into_inner());
                all.push((id, times));
                Vec::new()
            }
        }
    }

    /// Reads one directory into listing `id`; returns its subdirectories to read and the
    /// chunks of its files to time beyond the first.
    fn read(&self, id: usize, dir: &Path) -> Vec<Job> {
        let mut items = Vec::new();
        let mut jobs = Vec::new();
        let mut untimed = Vec::new();
        if let Ok(entries) = fs::read_dir(dir) {
            for entry in entries.flatten() {
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                let path = entry.path();
                if kind.is_dir() {
                    if self.filter.matched(&path, true).is_ignore() {
                        continue;
                    }
                    let child = self.next_id.fetch_add(1, Ordering::Relaxed);
                    items.push(Item::Dir(child));
                    jobs.push(Job::Read(child, path));
                } else if kind.is_file() && !self.filter.matched(&path, false).is_ignore() {
                    untimed.push((items.len(), entry));
                    items.push(Item::File(path, SystemTime::UNIX_EPOCH));
                }
            }
        }
        // The first chunk is timed here; the others wait for any thread.
        let rest = if untimed.len() > CHUNK {
            untimed.split_off(CHUNK)
        } else {
            Vec::new()
        };
        for (at, entry) in &untimed {
            if let Some(Item::File(_, t)) = items.get_mut(*at) {
                *t = modified(entry);
            }
        }
        drop(untimed);
        let mut rest = rest.into_iter().peekable();
        while rest.peek().is_some() {
            jobs.push(Job::Time(id, rest.by_ref().take(CHUNK).collect()));
        }
        let mut listings = self.listings.lock().unwrap_or_else(|e| e.into_inner());
        if listings.len() <= id {
            listings.resize_with(id + 1, || None);
        }
        listings[id] = Some(items);
        jobs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ignore::overrides::OverrideBuilder;
    use ignore::WalkBuilder;

    fn filter(root: &Path, globs: &[&str]) -> Override {
        let mut b = OverrideBuilder::new(root);
        b.case_insensitive(true).unwrap();
        for g in globs {
            b.add(g).unwrap();
        }
        b.build().unwrap()
    }

    /// What ignore's single-threaded walk yields for the same filter.
    fn sequential(root: &Path, filter: &Override) -> Vec<PathBuf> {
        WalkBuilder::new(root)
            .standard_filters(false)
            .overrides(filter.clone())
            .build()
            .flatten()
            .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
            .map(|e| e.into_path())
            .collect()
    }

    #[test]
    fn same_files_in_the_same_order_as_a_single_threaded_walk() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for d in ["a/b/c", "a/d", ".git/objects", "e", "z/y/x/w"] {
            fs::create_dir_all(root.join(d)).unwrap();
        }
        let names = [
            "top.txt",
            "a/one.html",
            "a/b/two.html",
            "a/b/c/three.txt",
            "a/d/four.html",
            ".git/HEAD",
            ".git/objects/ab",
            "e/.hidden.html",
            "z/y/x/w/deep.html",
            "Z.HTML",
        ];
        for f in names {
            fs::write(root.join(f), f).unwrap();
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("a"), root.join("link")).unwrap();
        let abort = AbortSignal::new();
        for globs in [
            &["*.html"][..],
            &["**"][..],
            &["a/**/*.html"][..],
            &["*", "!a/b"][..],
            &["*.html", "!**/d/**"][..],
            &["HEAD"][..],
        ] {
            let f = filter(root, globs);
            let ours: Vec<PathBuf> = super::files(root, &f, &abort)
                .unwrap()
                .into_iter()
                .map(|(p, _)| p)
                .collect();
            assert_eq!(ours, sequential(root, &f), "{globs:?}");
            assert!(!ours.is_empty(), "{globs:?}");
        }
    }

    #[test]
    fn a_large_directory_is_timed_in_chunks_and_kept_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir(root.join("sub")).unwrap();
        for i in 0..(CHUNK * 3 + 7) {
            let p = root.join(format!("f{i}.txt"));
            fs::write(&p, "x").unwrap();
        }
        fs::write(root.join("sub/g.txt"), "x").unwrap();
        let mut want = Vec::new();
        for p in sequential(root, &filter(root, &["*.txt"])) {
            let t = fs::metadata(&p).unwrap().modified().unwrap();
            want.push((p, t));
        }
        let got = files(root, &filter(root, &["*.txt"]), &AbortSignal::new()).unwrap();
        assert_eq!(got.len(), CHUNK * 3 + 8);
        assert_eq!(got, want);
    }

    #[test]
    fn times_are_the_files_own() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        fs::write(&p, "x").unwrap();
        let want = fs::metadata(&p).unwrap().modified().unwrap();
        let got = files(dir.path(), &filter(dir.path(), &["*"]), &AbortSignal::new()).unwrap();
        assert_eq!(got, vec![(p, want)]);
    }

    #[test]
    fn an_aborted_walk_says_so() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("x.txt"), "x").unwrap();
        let abort = AbortSignal::new();
        abort.abort();
        let got = files(dir.path(), &filter(dir.path(), &["*"]), &abort);
        assert_eq!(got, Err("Interrupted".to_string()));
    }
}
