//! The cap on concurrent computations: `running` requests compute at once, `queue` more wait
//! for a turn, and any request beyond both is turned away at once (503).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Admission to the computing endpoints.
#[derive(Debug)]
pub(crate) struct Gate {
    /// Requests admitted: computing, or waiting for a turn.
    admitted: AtomicUsize,
    /// Requests computing now.
    running: AtomicUsize,
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

/// A request's turn to compute: dropping it lets the next request in the queue run.
#[derive(Debug)]
pub(crate) struct Turn {
    // Dropped before the ticket (fields drop in order), so `running` never exceeds `admitted`.
    _permit: OwnedSemaphorePermit,
    ticket: Ticket,
}

/// How many requests compute and wait, and the caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Load {
    pub running: usize,
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
            turns: Arc::new(Semaphore::new(most_running)),
            most_running,
            most_waiting,
        })
    }

    /// Admits a request, or `None` when every turn is taken and the queue is full.
    pub(crate) fn enter(self: &Arc<Self>) -> Option<Ticket> {
        let capacity = self.most_running.saturating_add(self.most_waiting);
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
            _permit: permit,
            ticket: self,
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
        self.ticket.gate.running.fetch_sub(1, Ordering::AcqRel);
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
                waiting: 0,
                most_running: 1,
                most_waiting: 1
            }
        );
    }
}
