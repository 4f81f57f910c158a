//! A deliberately wrong fast path, for testing `verify` (built only with the `fault-injection`
//! feature, which the library's own tests enable; a release build has none of this).
//!
//! [`plant`] makes the streaming subtraction engine report a wrong value at one heap size, for
//! every game in the process: only a test binary that plants a fault and nothing else may use it.

use std::sync::atomic::{AtomicU64, Ordering};

/// The heap size whose value the streaming subtraction engine gets wrong, plus one (0: none).
static WRONG_AT: AtomicU64 = AtomicU64::new(0);

/// Makes the streaming subtraction engine's value at heap `n` wrong (flips its lowest bit).
pub fn plant(n: u64) {
    WRONG_AT.store(n.saturating_add(1), Ordering::Relaxed);
}

/// Removes the planted fault.
pub fn clear() {
    WRONG_AT.store(0, Ordering::Relaxed);
}

/// `value`, or the wrong value if the fault is planted at heap `n`.
pub(crate) fn corrupt(n: u64, value: u32) -> u32 {
    if WRONG_AT.load(Ordering::Relaxed) == n.wrapping_add(1) {
        value ^ 1
    } else {
        value
    }
}
