//! The budget of one query: bytes of memory, a deadline, and an interrupt flag.
//!
//! Limits count what really grows. A computation estimates the bytes it will hold *before* it
//! allocates them and asks [`Budget::reserve`]; its loops poll [`Budget::check`] (or, through the
//! [`Observer`] interface, `interrupted`) often enough to stop within a fraction of a second of a
//! deadline or an interrupt.

use std::time::{Duration, Instant};

use crate::Observer;

pub use crate::limits::{DEFAULT_MAX_MEMORY, DEFAULT_TIMEOUT};

/// Why a computation stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The observer asked to stop (Ctrl-C, SIGTERM).
    Interrupted,
    /// The deadline passed.
    TimedOut {
        /// The time allowed.
        allowed: Duration,
    },
    /// The computation would need more memory than the budget allows.
    Memory {
        /// Bytes the computation would hold (an estimate made before allocating, at least this).
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
}

/// Bytes of memory, a deadline and an observer to poll, for one query.
///
/// A `Budget` is itself an [`Observer`]: code that polls an observer stops at the deadline too.
///
/// # Example
/// ```
/// use grundy::budget::{Budget, Exhausted};
/// use grundy::NoObserver;
/// let budget = Budget::new(&NoObserver, 1 << 20, None);
/// assert!(budget.reserve(1000).is_ok());
/// assert_eq!(budget.reserve(1 << 30), Err(Exhausted::Memory { needed: 1 << 30, limit: 1 << 20 }));
/// assert!(budget.check().is_ok());
/// ```
pub struct Budget<'a> {
    observer: &'a dyn Observer,
    memory: u64,
    timeout: Option<Duration>,
    deadline: Option<Instant>,
}

impl<'a> Budget<'a> {
    /// A budget of `memory` bytes, and `timeout` from now (none: no deadline), polling `observer`.
    pub fn new(observer: &'a dyn Observer, memory: u64, timeout: Option<Duration>) -> Self {
        Self {
            observer,
            memory,
            timeout,
            deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
        }
    }

    /// The bytes allowed.
    pub fn memory(&self) -> u64 {
        self.memory
    }

    /// When the query must stop, if it has a time limit.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Stops when the observer asks to or the deadline has passed.
    ///
    /// # Errors
    /// [`Exhausted::Interrupted`] or [`Exhausted::TimedOut`].
    pub fn check(&self) -> Result<(), Exhausted> {
        if self.observer.interrupted() {
            return Err(Exhausted::Interrupted);
        }
        match self.timeout {
            Some(allowed) if self.expired() => Err(Exhausted::TimedOut { allowed }),
            _ => Ok(()),
        }
    }

    /// The reason a computation stopped after an observer said it was interrupted: the
    /// observer's own interrupt, or the deadline.
    pub fn stop_reason(&self) -> Exhausted {
        match self.check() {
            Err(reason) => reason,
            Ok(()) => Exhausted::Interrupted,
        }
    }

    /// Accepts a computation that will hold `bytes` bytes at most.
    ///
    /// # Errors
    /// [`Exhausted::Memory`] when `bytes` exceeds the budget.
    pub fn reserve(&self, bytes: u64) -> Result<(), Exhausted> {
        if bytes > self.memory {
            return Err(Exhausted::Memory {
                needed: bytes,
                limit: self.memory,
            });
        }
        Ok(())
    }
}

impl Observer for Budget<'_> {
    fn progress(&self, done: u64, total: u64) {
        self.observer.progress(done, total);
    }

    fn interrupted(&self) -> bool {
        self.observer.interrupted() || self.expired()
    }
}

/// What this process may still allocate, as the system bounds it: the least of the memory the
/// machine has available now (`MemAvailable`), what is left under the memory limit of its control
/// group and of each group above it (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`), and
/// what is left under its address-space and data-segment limits (`RLIMIT_AS`, `RLIMIT_DATA`, as
/// `prlimit` and `ulimit -v` set them). `None` where none of these can be read (a system without
/// `/proc`).
///
/// # Complexity
/// Reads a handful of small files under `/proc` and `/sys/fs/cgroup`.
///
/// # Example
/// ```
/// // On Linux there is always some memory to use; elsewhere the caller picks a default.
/// if let Some(bytes) = grundy::budget::usable_memory() {
///     assert!(bytes > 0);
/// }
/// ```
pub fn usable_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let status = read("/proc/self/status");
    let limits = read("/proc/self/limits");
    let used = |field| status.as_deref().and_then(|text| kib_field(text, field));
    let left = |name, used: Option<u64>| {
        let limit = soft_limit(limits.as_deref()?, name)?;
        Some(limit.saturating_sub(used.unwrap_or(0)))
    };
    [
        read("/proc/meminfo").and_then(|text| kib_field(&text, "MemAvailable:")),
        left("Max address space", used("VmSize:")),
        left("Max data size", used("VmData:")),
        read("/proc/self/cgroup").and_then(|text| cgroup_left(&text)),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// A `Name:   1234 kB` field of `/proc/meminfo` or `/proc/self/status`, in bytes.
fn kib_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(field))?;
    let kib: u64 = line[field.len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// A `name value` line of a cgroup's `memory.stat`, in bytes.
fn stat_field(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (key, value) = line.split_once(' ')?;
        (key == name).then(|| value.trim().parse().ok())?
    })
}

/// The soft limit named `name` in `/proc/self/limits` (`None` when unlimited).
fn soft_limit(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// The memory left under the tightest limit of the process's control groups (`/proc/self/cgroup`
/// lines `0::/path` for v2, `N:memory:/path` for v1), from its own group up to the root.
fn cgroup_left(cgroups: &str) -> Option<u64> {
    let mut least: Option<u64> = None;
    for line in cgroups.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        // The usage counts the page cache too; its inactive part is given back on demand.
        let (root, limit, usage, inactive) = match controllers {
            "" => (
                "/sys/fs/cgroup",
                "memory.max",
                "memory.current",
                "inactive_file",
            ),
            list if list.split(',').any(|c| c == "memory") => (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
                "total_inactive_file",
            ),
            _ => continue,
        };
        // The group's own directory may be hidden in a container (its root is the group): each
        // ancestor that exists bounds it too.
        let mut path = std::path::Path::new(path);
        loop {
            let directory = std::path::Path::new(root).join(path.strip_prefix("/").unwrap_or(path));
            let number = |file: &str| -> Option<u64> {
                std::fs::read_to_string(directory.join(file))
                    .ok()?
                    .trim()
                    .parse()
                    .ok()
            };
            if let Some(limit) = number(limit) {
                let cache = std::fs::read_to_string(directory.join("memory.stat"))
                    .ok()
                    .and_then(|stat| stat_field(&stat, inactive))
                    .unwrap_or(0);
                let used = number(usage).unwrap_or(0).saturating_sub(cache);
                let left = limit.saturating_sub(used);
                least = Some(least.map_or(left, |least| least.min(left)));
            }
            match path.parent() {
                Some(parent) => path = parent,
                None => break,
            }
        }
    }
    least
}

/// Bytes in words: `512 bytes`, `3.2 MB`, `4 GiB` style with binary units, exact below 1 KiB.
///
/// # Example
/// ```
/// use grundy::budget::format_bytes;
/// assert_eq!(format_bytes(512), "512 bytes");
/// assert_eq!(format_bytes(3 << 30), "3.0 GiB");
/// ```
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// A duration in words: `30 s`, `1.5 s`, `250 ms`.
///
/// # Example
/// ```
/// use grundy::budget::format_duration;
/// use std::time::Duration;
/// assert_eq!(format_duration(Duration::from_secs(30)), "30 s");
/// assert_eq!(format_duration(Duration::from_millis(250)), "250 ms");
/// ```
pub fn format_duration(duration: Duration) -> String {
    if duration < Duration::from_secs(1) {
        format!("{} ms", duration.as_millis())
    } else if duration.subsec_millis() == 0 {
        format!("{} s", duration.as_secs())
    } else {
        format!("{:.1} s", duration.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::{kib_field, soft_limit, stat_field};

    #[test]
    fn the_limits_of_proc_are_read_in_bytes() {
        let meminfo = "MemTotal:       24000000 kB\nMemAvailable:   22000000 kB\n";
        assert_eq!(kib_field(meminfo, "MemAvailable:"), Some(22_000_000 * 1024));
        assert_eq!(kib_field(meminfo, "SwapTotal:"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max data size             unlimited            unlimited            bytes     \n\
                      Max address space         6000000000           unlimited            bytes     \n";
        assert_eq!(soft_limit(limits, "Max address space"), Some(6_000_000_000));
        assert_eq!(soft_limit(limits, "Max data size"), None);
        let stat = "cache 100\ninactive_file 4096\ntotal_inactive_file 8192\n";
        assert_eq!(stat_field(stat, "inactive_file"), Some(4096));
        assert_eq!(stat_field(stat, "total_inactive_file"), Some(8192));
        assert_eq!(stat_field(stat, "active_file"), None);
    }
}
