//! The observer of one call: it lets Python's signal handlers run while the library computes with
//! the interpreter released, so that Ctrl-C (`KeyboardInterrupt`) stops the computation, and it
//! keeps the exception that stopped it — a signal's, or one a Python game raised — to raise it
//! when the call returns.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::ThreadId;
use std::time::Instant;

use pyo3::prelude::*;

/// Watches one call of the library made from the thread that holds it.
pub struct Watch {
    /// The caller's thread: the only one where Python runs signal handlers.
    thread: ThreadId,
    stopped: AtomicBool,
    error: Mutex<Option<PyErr>>,
    /// When the call began, and when (in microseconds since) signals are next looked at: the
    /// library may poll after every position, and taking the interpreter costs more than that.
    began: Instant,
    next_look: AtomicU64,
    /// What stops the call when it is set (`is_set()`), from any thread.
    stop: Option<Py<PyAny>>,
}

/// How often, in microseconds, a computation lets Python's signal handlers run.
const LOOK_EVERY: u64 = 20_000;

impl Watch {
    /// A watch for a call made on this thread, stopped by Ctrl-C or when `stop.is_set()`.
    pub fn new(stop: Option<Py<PyAny>>) -> Self {
        crate::host::forget_raised();
        Self {
            thread: std::thread::current().id(),
            stopped: AtomicBool::new(false),
            error: Mutex::new(None),
            began: Instant::now(),
            next_look: AtomicU64::new(0),
            stop,
        }
    }

    /// Keeps `error` (the first one) and asks the computation to stop.
    pub fn keep(&self, error: PyErr) {
        if let Ok(mut kept) = self.error.lock()
            && kept.is_none()
        {
            *kept = Some(error);
        }
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// The exception that stopped the call, if one did.
    pub fn take(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut kept| kept.take())
    }

    /// The library's answer, or the exception to raise: the one that stopped the call (Ctrl-C's
    /// `KeyboardInterrupt`, also when a Python game's function raised it) before any error of
    /// the library's; a Python game's own exception is the cause of the library's error about
    /// the call that raised it.
    pub fn finish<T>(&self, py: Python<'_>, answer: Result<T, grundy::Error>) -> PyResult<T> {
        let raised = crate::host::take_raised();
        if let Some(error) = self.take() {
            return Err(error);
        }
        match (raised, answer) {
            (Some(raised), _)
                if raised.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) =>
            {
                Err(raised)
            }
            (Some(raised), Err(error)) => {
                let reported = crate::errors::library(py, &error);
                reported.set_cause(py, Some(raised));
                Err(reported)
            }
            (_, answer) => answer.map_err(|error| crate::errors::library(py, &error)),
        }
    }
}

impl grundy::Observer for Watch {
    fn interrupted(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        if std::thread::current().id() != self.thread {
            return false;
        }
        let now = u64::try_from(self.began.elapsed().as_micros()).unwrap_or(u64::MAX);
        if now < self.next_look.load(Ordering::Relaxed) {
            return false;
        }
        self.next_look
            .store(now.saturating_add(LOOK_EVERY), Ordering::Relaxed);
        Python::attach(|py| {
            if let Err(error) = py.check_signals() {
                self.keep(error);
                return true;
            }
            let Some(stop) = &self.stop else {
                return false;
            };
            match stop
                .bind(py)
                .call_method0("is_set")
                .and_then(|set| set.is_truthy())
            {
                Ok(false) => false,
                // Set: the library reports the interruption, as grundy.Interrupted.
                Ok(true) => {
                    self.stopped.store(true, Ordering::Relaxed);
                    true
                }
                Err(error) => {
                    self.keep(error);
                    true
                }
            }
        })
    }
}
