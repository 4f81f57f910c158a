//! The cap on concurrent computations, in two lanes. A request takes a *turn* to be read and
//! computed — `running` turns at once, `queue` more requests wait for one, and any request
//! beyond both is turned away at once (503). A computation still running after [`QUICK_TIME`]
//! is *long*: when the lane of long computations has a place (`running` of them at once), it
//! moves there and gives its turn back; when it has none, it goes on computing on its turn and
//! tries again at its next poll — it never stops to wait. So cheap questions never wait behind
//! expensive ones: two long periods on a two-core server leave every turn to the next
//! questions, which the operating system interleaves with them.
//!
//! The move happens when the computation polls its observer ([`Lane`]), which every long loop
//! of the library does within a fraction of a second.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a computation may hold a turn before it counts as long.
pub(crate) const QUICK_TIME: Duration = Duration::from_millis(100);

/// Admission to the computing endpoints.
#[derive(Debug)]
pub(crate) struct Gate {
    /// Requests admitted: computing, or waiting for a turn.
    admitted: AtomicUsize,
    /// Requests computing now.
    running: AtomicUsize,
    /// Of those, the ones in the lane of long computations: at most `most_running`.
    long_requests: AtomicUsize,
    /// One permit per computation that may run at once.
    turns: Arc<Semaphore>,
    /// The most requests computing at once.
    most_running: usize,
    /// The most requests waiting for a turn.
    most_waiting: usize,
}

/// A request admitted to the queue: dropping it leaves the queue.
#[derive(Debug)]
pub(crate) struct Ticket {
    gate: Arc<Gate>,
}

/// A request's turn to compute: dropping it lets the next request in the queue run. A long
/// computation holds a place in the long lane instead of its turn.
#[derive(Debug)]
pub(crate) struct Turn {
    // Dropped before the ticket (fields drop in order), so `running` never exceeds `admitted`.
    permit: Option<OwnedSemaphorePermit>,
    long: bool,
    ticket: Ticket,
}

/// How many requests compute and wait, and the caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Load {
    pub running: usize,
    /// Of the running, the long computations (in their own lane, without a turn).
    pub long: usize,
    pub waiting: usize,
    pub most_running: usize,
    pub most_waiting: usize,
}

impl Gate {
    /// A gate for `most_running` computations at once (at least 1) and `most_waiting` waiting.
    pub(crate) fn new(most_running: usize, most_waiting: usize) -> Arc<Self> {
        let most_running = most_running.max(1);
        Arc::new(Gate {
            admitted: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            long_requests: AtomicUsize::new(0),
            turns: Arc::new(Semaphore::new(most_running)),
            most_running,
            most_waiting,
        })
    }

    /// Admits a request, or `None` when every turn is taken and the queue is full (the long
    /// computations, which hold no turn, are not counted against them).
    pub(crate) fn enter(self: &Arc<Self>) -> Option<Ticket> {
        let capacity = self
            .most_running
            .saturating_add(self.most_waiting)
            .saturating_add(self.long_requests.load(Ordering::Acquire));
        self.admitted
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |admitted| {
                (admitted < capacity).then_some(admitted + 1)
            })
            .ok()?;
        Some(Ticket {
            gate: Arc::clone(self),
        })
    }

    /// The load now.
    pub(crate) fn load(&self) -> Load {
        let admitted = self.admitted.load(Ordering::Acquire);
        let running = self.running.load(Ordering::Acquire);
        Load {
            running,
            long: self.long_requests.load(Ordering::Acquire),
            waiting: admitted.saturating_sub(running),
            most_running: self.most_running,
            most_waiting: self.most_waiting,
        }
    }
}

impl Ticket {
    /// Waits in the queue for a turn to compute.
    pub(crate) async fn turn(self) -> Turn {
        let permit = Arc::clone(&self.gate.turns)
            .acquire_owned()
            .await
            .expect("the gate never closes its semaphore");
        self.gate.running.fetch_add(1, Ordering::AcqRel);
        Turn {
            permit: Some(permit),
            long: false,
            ticket: self,
        }
    }
}

impl Turn {
    /// Moves the computation to the lane of long ones and gives its turn back, if that lane has
    /// a place; otherwise the computation keeps its turn (and tries again at its next poll).
    fn become_long(&mut self) {
        if self.long {
            return;
        }
        let gate = &self.ticket.gate;
        let placed = gate
            .long_requests
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |long| {
                (long < gate.most_running).then_some(long + 1)
            })
            .is_ok();
        if placed {
            self.long = true;
            // The turn goes to the next request in the queue.
            self.permit = None;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.gate.admitted.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let gate = &self.ticket.gate;
        if self.long {
            gate.long_requests.fetch_sub(1, Ordering::AcqRel);
        }
        gate.running.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The observer of one computation on the server: once it has run for [`QUICK_TIME`], each poll
/// moves it to the lane of long computations if that lane has a place. It never interrupts: the
/// deadline is the analyzer's own.
pub(crate) struct Lane {
    turn: Mutex<Turn>,
    started: Instant,
}

impl Lane {
    /// The lane of a computation holding `turn`.
    pub(crate) fn new(turn: Turn) -> Self {
        Lane {
            turn: Mutex::new(turn),
            started: Instant::now(),
        }
    }
}

impl grundy::Observer for Lane {
    fn interrupted(&self) -> bool {
        if self.started.elapsed() >= QUICK_TIME {
            self.turn
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .become_long();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_then_a_queue_then_refusal() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        runtime.block_on(queue());
    }

    #[test]
    fn a_long_computation_gives_its_turn_back() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        runtime.block_on(lanes());
    }

    async fn lanes() {
        let gate = Gate::new(1, 0);
        let mut first = gate.enter().expect("a free turn").turn().await;
        first.become_long();
        // Its turn is free again: a second request computes beside it.
        let mut second = gate.enter().expect("a free turn").turn().await;
        assert_eq!((gate.load().running, gate.load().long), (2, 1));
        // The long lane is full: the second goes on computing on its turn.
        second.become_long();
        assert!(second.permit.is_some() && !second.long);
        assert_eq!(gate.load().long, 1);
        assert!(gate.enter().is_none(), "the only turn is taken");
        drop(first);
        second.become_long();
        assert!(second.permit.is_none() && second.long);
        drop(second);
        let load = gate.load();
        assert_eq!((load.running, load.long, load.waiting), (0, 0, 0));
    }

    async fn queue() {
        let gate = Gate::new(1, 1);
        let first = gate.enter().expect("a free turn").turn().await;
        let second = gate.enter().expect("a place in the queue");
        assert!(gate.enter().is_none(), "the queue is full");
        let load = gate.load();
        assert_eq!((load.running, load.waiting), (1, 1));
        drop(first);
        let second = second.turn().await;
        assert_eq!(gate.load().running, 1);
        let third = gate.enter().expect("a place in the queue again");
        drop(second);
        drop(third);
        assert_eq!(
            gate.load(),
            Load {
                running: 0,
                long: 0,
                waiting: 0,
                most_running: 1,
                most_waiting: 1
            }
        );
    }
}
