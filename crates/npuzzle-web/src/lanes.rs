//! Admission of searches: a short queue, and two lanes so long searches cannot starve short ones.
//!
//! A class shares one server: most requests are searches that take a millisecond, and now and
//! then a student starts one that runs into the time limit. Nobody knows in advance which is
//! which, so every search starts in the **quick lane** ([`crate::Config::max_concurrent`]
//! slots). One still running after [`QUICK_SLICE`] gives its quick slot back and moves to the
//! **long lane** (as many slots again). So at most that many long searches run at once, and they
//! never hold the slots the short ones need: with both long slots taken by searches running
//! into the 10 s cap, a 3×3 solve still starts at once.
//!
//! Waiting is bounded. A search waits up to [`QUEUE_WAIT`] for a quick slot (and at most
//! [`MAX_WAITING`] wait at a time), and a search moving to the long lane waits up to
//! [`QUEUE_WAIT`] for a long slot while it goes on running; either wait running out is a 503
//! with `Retry-After`. A compare request is one search here: its runs go one after another under
//! one lease and share one time cap.

use crate::ApiError;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

/// How long a search may run in the quick lane.
pub const QUICK_SLICE: Duration = Duration::from_millis(250);
/// Longest wait for a slot before a 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(2);
/// Most searches waiting for a quick slot at once; more get 503 at once.
pub const MAX_WAITING: usize = 256;
/// Seconds a 503 asks the client to wait before trying again.
pub const RETRY_AFTER_SECS: u64 = 1;

/// The two lanes and the queue.
#[derive(Debug)]
pub(crate) struct Lanes {
    quick: Arc<Semaphore>,
    long: Arc<Semaphore>,
    slots: usize,
    waiting: AtomicUsize,
    active: Arc<AtomicUsize>,
}

/// A search's place: its slot, and its count among the running searches until dropped.
pub(crate) struct Lease {
    quick: Option<OwnedSemaphorePermit>,
    long: Option<OwnedSemaphorePermit>,
    active: Arc<AtomicUsize>,
}

impl Lease {
    /// Gives the quick slot back.
    fn leave_quick(&mut self) {
        self.quick = None;
    }

    /// Holds a long slot until the lease is dropped.
    fn hold_long(&mut self, permit: OwnedSemaphorePermit) {
        self.long = Some(permit);
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.active.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Lanes {
    /// Lanes of `slots` slots each.
    pub fn new(slots: usize) -> Lanes {
        let slots = slots.max(1);
        Lanes {
            quick: Arc::new(Semaphore::new(slots)),
            long: Arc::new(Semaphore::new(slots)),
            slots,
            waiting: AtomicUsize::new(0),
            active: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Searches running now (in either lane, or moving between them).
    pub fn running(&self) -> usize {
        self.active.load(Ordering::Relaxed)
    }

    /// Searches waiting for a quick slot.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Slots in each lane.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// A quick slot, waiting up to [`QUEUE_WAIT`] for one.
    pub async fn enter(&self) -> Result<Lease, ApiError> {
        let permit = match self.quick.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::AcqRel) >= MAX_WAITING {
                    self.waiting.fetch_sub(1, Ordering::AcqRel);
                    return Err(busy(format!("server busy: {MAX_WAITING} searches are already waiting")));
                }
                let got = tokio::time::timeout(QUEUE_WAIT, self.quick.clone().acquire_owned()).await;
                self.waiting.fetch_sub(1, Ordering::AcqRel);
                match got {
                    Ok(Ok(p)) => p,
                    _ => {
                        return Err(busy(format!(
                            "server busy: all {} search slots stayed taken for {} s",
                            self.slots,
                            QUEUE_WAIT.as_secs()
                        )))
                    }
                }
            }
        };
        self.active.fetch_add(1, Ordering::Relaxed);
        Ok(Lease { quick: Some(permit), long: None, active: self.active.clone() })
    }

    /// Watches a search started under `lease`: once it has run for [`QUICK_SLICE`] it gives its
    /// quick slot back and waits (still running) up to [`QUEUE_WAIT`] for a long slot; if none
    /// frees, `cancel` stops it and the answer is a 503. The lease is held until the job ends.
    pub fn supervise<T: Send + 'static>(
        self: &Arc<Self>,
        mut lease: Lease,
        mut job: JoinHandle<Result<T, ApiError>>,
        cancel: Arc<AtomicBool>,
    ) -> JoinHandle<Result<T, ApiError>> {
        let lanes = self.clone();
        tokio::spawn(async move {
            let done = |r: Result<Result<T, ApiError>, tokio::task::JoinError>| r.map_err(crate::service::internal).and_then(|r| r);
            tokio::select! {
                r = &mut job => return done(r),
                _ = tokio::time::sleep(QUICK_SLICE) => {}
            }
            lease.leave_quick();
            let long = tokio::select! {
                r = &mut job => return done(r),
                p = tokio::time::timeout(QUEUE_WAIT, lanes.long.clone().acquire_owned()) => p,
            };
            match long {
                Ok(Ok(p)) => {
                    lease.hold_long(p);
                    let r = done(job.await);
                    drop(lease);
                    r
                }
                _ => {
                    cancel.store(true, Ordering::Relaxed);
                    let _ = job.await;
                    drop(lease);
                    Err(busy(format!(
                        "server busy: this search ran past {} ms while all {} slots for long searches stayed taken for {} s; \
                         it was stopped",
                        QUICK_SLICE.as_millis(),
                        lanes.slots,
                        QUEUE_WAIT.as_secs()
                    )))
                }
            }
        })
    }
}

/// How much lower than the server's own threads searches run (Linux `nice` steps).
pub const SEARCH_NICENESS: i32 = 10;

/// Lowers the priority of the calling blocking thread, once, so that the threads answering
/// requests (accepting connections, `/api/health`, streaming, the page's files) always run
/// before a search when the cores are busy: a class's searches can fill every core without
/// the server becoming slow to answer. Linux only, where `nice` applies to one thread; the
/// blocking threads run nothing but searches, scrambles and table builds.
pub(crate) fn search_priority() {
    #[cfg(target_os = "linux")]
    {
        use std::cell::Cell;
        thread_local!(static LOWERED: Cell<bool> = const { Cell::new(false) });
        if !LOWERED.get() {
            LOWERED.set(true);
            let tid = Some(rustix::thread::gettid());
            if let Ok(now) = rustix::process::getpriority_process(tid) {
                let _ = rustix::process::setpriority_process(tid, (now + SEARCH_NICENESS).min(19));
            }
        }
    }
}

/// A 503 asking the client to come back in [`RETRY_AFTER_SECS`].
pub(crate) fn busy(message: String) -> ApiError {
    ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE.as_u16(), message).retry_after(RETRY_AFTER_SECS)
}
