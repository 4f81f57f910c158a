//! Games without cycles valued depth first, one compact record per position: the memo that
//! answers a scripted game's questions when its positions can never repeat.
//!
//! [`SparseGraph`](super::SparseGraph) keeps every state, its index and every move both ways,
//! which any retrograde analysis of a graph with cycles needs. A game whose play always ends
//! needs none of it: a position's value follows from its options' values, so a depth-first
//! search keeps only each position's *encoding* (its [`Pack`] bytes, in one arena) and an 8-byte
//! record — win, lose, tie or draw, the remoteness, and the Grundy value (the mex of the
//! options'). A position reached again while it is still being valued is a cycle: the search
//! stops with [`MemoError::Cycle`], and the caller values the game as a graph instead.

use std::hash::Hasher;

use super::table::{Probe, Slot, Table};
use super::{Limits, REMOTENESS_MASK, Rules, Solved, SolverError, Value};

use crate::Observer;
use crate::theory::mex::Bitset;

/// A state written as bytes: two states are equal exactly when their encodings are.
pub trait Pack {
    /// Appends the encoding of `self` to `out`.
    fn pack(&self, out: &mut Vec<u8>);
}

impl Pack for u64 {
    fn pack(&self, out: &mut Vec<u8>) {
        write_varint(out, *self);
    }
}

/// Appends `n` in LEB128: seven bits a byte, low first, the top bit set on every byte but the last.
pub fn write_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads a LEB128 number at the start of `bytes`: the number and the bytes it took.
fn read_varint(bytes: &[u8]) -> (u64, usize) {
    let mut n = 0u64;
    for (i, &byte) in bytes.iter().enumerate() {
        n |= u64::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            return (n, i + 1);
        }
    }
    (n, bytes.len())
}

/// A valued position: its outcome with remoteness, and its Grundy value — the mex of its
/// options' Grundy values, 0 where there is no move — which is the position's value under
/// normal play when the game is impartial (and means nothing otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Win, lose, tie or draw for the player to move, with the remoteness, exactly as
    /// [`solve_graph`](super::solve_graph) finds them.
    pub solved: Solved,
    /// The mex of the options' values.
    pub nimber: u32,
}

/// Why a memo could not value a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemoError {
    /// A position can be reached from itself: play may not end, so the game needs a graph.
    #[error("a position can be reached from itself, so play may last forever")]
    Cycle,
    /// A limit, an interruption or the rules stopped the search.
    #[error(transparent)]
    Stopped(#[from] SolverError),
}

/// The bits of a record: the outcome's code in the lowest two (win, lose, tie, draw), the
/// remoteness in the next thirty (0 for a draw), the Grundy value in the top 32. A position still
/// being valued has the draw code, every remoteness bit set, and its depth on the search's stack
/// in place of the Grundy value.
const CODE_BITS: u64 = 3;
const REMOTENESS_BITS: u64 = ((1 << 30) - 1) << 2;
const IN_PROGRESS: u64 = CODE_BITS | REMOTENESS_BITS;

/// The record of a position that left the memo after an error: the draw code with remoteness 1,
/// which no valued draw has.
const ABSENT: u64 = CODE_BITS | (1 << 2);

fn record(entry: Entry) -> u64 {
    let (code, remoteness) = match entry.solved.value {
        Value::Win => (0, entry.solved.remoteness),
        Value::Lose => (1, entry.solved.remoteness),
        Value::Tie => (2, entry.solved.remoteness),
        Value::Draw => (3, Some(0)),
    };
    // A remoteness not computed (a sum's) has every bit set: more than any computed one.
    let remoteness = remoteness.map_or(REMOTENESS_BITS >> 2, |r| u64::from(r.min(REMOTENESS_MASK)));
    code | (remoteness << 2) | (u64::from(entry.nimber) << 32)
}

/// The depth on the stack of a position still being valued.
fn in_progress(record: u64) -> Option<usize> {
    (record & IN_PROGRESS == IN_PROGRESS).then_some((record >> 32) as usize)
}

fn entry(record: u64) -> Entry {
    let remoteness = (record & REMOTENESS_BITS != REMOTENESS_BITS)
        .then_some(((record & REMOTENESS_BITS) >> 2) as u32);
    let (value, remoteness) = match record & CODE_BITS {
        0 => (Value::Win, remoteness),
        1 => (Value::Lose, remoteness),
        2 => (Value::Tie, remoteness),
        _ => (Value::Draw, None),
    };
    Entry {
        solved: Solved { value, remoteness },
        nimber: (record >> 32) as u32,
    }
}

/// A position's encoding as the table holds it: up to 7 bytes inline, with their number in the
/// top byte; any other in the arena, `ARENA` in the top byte, 16 bits of its hash next (so that a
/// probe rarely reads the arena for a key that is not the one looked for) and where it starts in
/// the low 40. Most positions are short, and a lookup then never leaves the table. No key is 0,
/// the table's empty slot.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key(u64);

/// The top byte of a key kept in the arena.
const ARENA: u64 = 0xff;

/// The arena's largest offset.
const ARENA_OFFSETS: u64 = 1 << 40;

impl Key {
    /// The inline key of `bytes`, if they fit.
    fn inline(bytes: &[u8]) -> Option<Self> {
        if bytes.is_empty() || bytes.len() > 7 {
            return None;
        }
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        word[7] = bytes.len() as u8;
        Some(Self(u64::from_le_bytes(word)))
    }

    /// The key of an encoding with `hash` kept in the arena at `offset`.
    fn in_arena_at(offset: u64, hash: u64) -> Self {
        Self((ARENA << 56) | ((hash >> 48) << 40) | offset)
    }

    fn in_arena(self) -> bool {
        self.0 >> 56 == ARENA
    }

    /// The encoding this key stands for, in `word` if it is inline.
    fn bytes<'a>(self, arena: &'a [u8], word: &'a mut [u8; 8]) -> &'a [u8] {
        if self.in_arena() {
            let at = &arena[(self.0 & (ARENA_OFFSETS - 1)) as usize..];
            let (len, used) = read_varint(at);
            &at[used..used + len as usize]
        } else {
            *word = self.0.to_le_bytes();
            &word[..usize::from(word[7])]
        }
    }

    /// Whether this key stands for `bytes`, whose hash is `hash` and whose inline key (if they
    /// have one) is `inline`.
    fn matches(self, inline: Option<Key>, hash: u64, bytes: &[u8], arena: &[u8]) -> bool {
        match inline {
            Some(key) => self == key,
            None => {
                self.in_arena()
                    && (self.0 >> 40) & 0xffff == hash >> 48
                    && self.bytes(arena, &mut [0; 8]) == bytes
            }
        }
    }
}

/// The hash of the position whose key is `key`.
fn hash_of_key(key: u64, arena: &[u8]) -> u64 {
    hash_of(Key(key).bytes(arena, &mut [0; 8]))
}

/// A position being valued: its slot, where its options (or, for a sum, its components) wait on
/// the pending stack (those not valued yet are `pending[start..]` while it is on top), and what
/// its valued options have shown so far.
struct Frame {
    bucket: usize,
    start: usize,
    /// Where its options' Grundy values start on the value stack.
    values: usize,
    /// The fastest win (through a losing option), the fastest tie (`u32::MAX`: none), the slowest
    /// loss, each counted with this move.
    win: u32,
    tie: u32,
    lose: u32,
    /// Whether an option is a draw; whether a losing, tying or winning option has no remoteness
    /// (a sum's), which then leaves this position's unknown too.
    draw: bool,
    unknown: [bool; 3],
    /// Whether the position is a sum of the components on the stack rather than a position
    /// with moves.
    sum: bool,
}

impl Frame {
    fn new(bucket: usize, start: usize, values: usize, sum: bool) -> Self {
        Self {
            bucket,
            start,
            values,
            win: u32::MAX,
            tie: u32::MAX,
            lose: 0,
            draw: false,
            unknown: [false; 3],
            sum,
        }
    }

    fn absorb(&mut self, option: Entry) {
        let known = option.solved.remoteness;
        let through = known.map_or(0, |r| r.saturating_add(1).min(REMOTENESS_MASK));
        let (field, unknown) = match option.solved.value {
            Value::Lose => (&mut self.win, 0),
            Value::Tie => (&mut self.tie, 1),
            Value::Win => {
                self.lose = self.lose.max(through);
                self.unknown[2] |= known.is_none();
                return;
            }
            Value::Draw => {
                self.draw = true;
                return;
            }
        };
        *field = (*field).min(through);
        self.unknown[unknown] |= known.is_none();
    }

    /// The position's outcome, from its options' — or, for a sum, from its Grundy value.
    fn solved(&self, nimber: u32) -> Solved {
        if self.sum {
            let value = if nimber == 0 { Value::Lose } else { Value::Win };
            return Solved {
                value,
                remoteness: None,
            };
        }
        let (value, remoteness, unknown) = if self.win != u32::MAX {
            (Value::Win, self.win, self.unknown[0])
        } else if self.tie != u32::MAX {
            (Value::Tie, self.tie, self.unknown[1])
        } else if self.draw {
            return Solved {
                value: Value::Draw,
                remoteness: None,
            };
        } else {
            (Value::Lose, self.lose, self.unknown[2])
        };
        Solved {
            value,
            remoteness: (!unknown).then_some(remoteness),
        }
    }
}

/// The valued positions of a game without cycles, shared by every root valued through it.
///
/// Each position costs a 16-byte slot in the hash table (8 for its key, 8 for its record), times
/// the table's spare room (it is at most three quarters full: between 4/3 and 8/3); an encoding
/// longer than 7 bytes is kept once more in the arena, with a byte or two for its length. The
/// search's stack holds, for each position on the current line of play, 48 bytes and its
/// options not valued yet; the options are taken last first, so that a game listing its smallest moves first is
/// searched along its biggest moves, the shortest lines.
pub struct Memo<S> {
    table: Table,
    /// Slots of positions that left the memo after an error.
    absent: usize,
    arena: Vec<u8>,
    limits: Limits,
    frames: Vec<Frame>,
    pending: Vec<S>,
    values: Vec<u32>,
    scratch: Vec<u8>,
    seen: Bitset,
    visited: u64,
}

/// A position's hash, from its encoding: foldhash with a fixed seed, whose top bits (the table's
/// tag) and low bits (its bucket) are both well mixed for short keys.
fn hash_of(bytes: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    let mut hasher = foldhash::fast::FixedState::with_seed(0x243f_6a88_85a3_08d3).build_hasher();
    hasher.write(bytes);
    hasher.finish()
}

impl<S: Pack> Memo<S> {
    /// An empty memo that will hold at most `limits.states` positions and `limits.bytes` bytes.
    pub fn new(limits: Limits) -> Self {
        Self {
            table: Table::default(),
            absent: 0,
            arena: Vec::new(),
            limits,
            frames: Vec::new(),
            pending: Vec::new(),
            values: Vec::new(),
            scratch: Vec::new(),
            seen: Bitset::default(),
            visited: 0,
        }
    }

    /// How many positions are valued.
    pub fn len(&self) -> usize {
        self.table.used() - self.absent
    }

    /// Whether no position is valued.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// About how many bytes the memo holds now: its table, its arena and its stacks.
    pub fn bytes(&self) -> u64 {
        (self.table.bytes()
            + self.arena.capacity()
            + self.frames.capacity() * size_of::<Frame>()
            + self.pending.capacity() * size_of::<S>()
            + self.values.capacity() * 4) as u64
    }

    /// The entry of `state` if it is valued.
    pub fn get(&self, state: &S) -> Option<Entry> {
        let mut bytes = Vec::new();
        state.pack(&mut bytes);
        let Probe::Found(index) = self.probe(&bytes).2 else {
            return None;
        };
        let record = self.table.slot(index).record;
        (in_progress(record).is_none() && record != ABSENT).then(|| entry(record))
    }

    /// Values `root` and every position reachable from it that is not valued yet.
    ///
    /// A position is a win if it has a move to a loss (remoteness: the fastest), else a tie if
    /// it has one to a tie (the fastest), else a draw if it has one to a draw, else a loss (the
    /// slowest); a position without moves has `rules.terminal` with remoteness 0 — the records
    /// [`solve_graph`](super::solve_graph) gives on the same graph. The Grundy value is the mex
    /// of the options'. A position the rules split into components
    /// ([`Rules::components`]) is their sum: its Grundy value is the xor of theirs (the
    /// Sprague–Grundy theorem), it is lost exactly when that is 0, and its remoteness — and that
    /// of every position whose best line passes through it — is not computed (`None`).
    ///
    /// # Complexity
    /// `O(V + E)` rule calls and hash operations for the `V` positions and `E` moves not valued
    /// before; memory as the type says.
    ///
    /// # Errors
    /// [`MemoError::Cycle`] if a position is reached from itself; [`MemoError::Stopped`] with
    /// [`SolverError::TooManyStates`] or [`SolverError::TooLarge`] before the memo would pass a
    /// limit, [`SolverError::Interrupted`] when `observer` says so, [`SolverError::Rules`] when
    /// the rules fail. After an error the memo keeps what it had valued.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::solver::{Limits, Memo, Rules, Value};
    /// struct Take134;
    /// impl Rules for Take134 {
    ///     type State = u64;
    ///     fn moves(&self, n: &u64) -> Result<Vec<(String, u64)>, String> {
    ///         Ok([1, 3, 4].iter().filter(|&&t| t <= *n).map(|t| (format!("take {t}"), n - t)).collect())
    ///     }
    ///     fn terminal(&self, _: &u64) -> Result<Value, String> { Ok(Value::Lose) }
    /// }
    /// let mut memo = Memo::new(Limits { states: 1_000, bytes: 1 << 20 });
    /// let root = memo.solve(&Take134, 100, &grundy::NoObserver)?;
    /// // 1, 3, 4: the values repeat 0 1 0 1 2 3 2 with period 7, and 100 = 14·7 + 2.
    /// assert_eq!((root.solved.value, root.nimber), (Value::Lose, 0));
    /// assert_eq!(memo.len(), 101);
    /// # Ok(()) }
    /// ```
    pub fn solve<R: Rules<State = S>>(
        &mut self,
        rules: &R,
        root: S,
        observer: &dyn Observer,
    ) -> Result<Entry, MemoError> {
        let result = self.search(rules, root, observer);
        if result.is_err() {
            self.abandon();
        }
        result
    }

    fn search<R: Rules<State = S>>(
        &mut self,
        rules: &R,
        root: S,
        observer: &dyn Observer,
    ) -> Result<Entry, MemoError> {
        let mut next = root;
        loop {
            if let Some(done) = self.visit(rules, next, observer)? {
                return Ok(done);
            }
            // The top frame's next option, or the top frame is done.
            loop {
                let top = self.frames.last().expect("a frame is open");
                if self.pending.len() > top.start {
                    next = self.pending.pop().expect("an option waits");
                    break;
                }
                if let Some(done) = self.close() {
                    return Ok(done);
                }
            }
        }
    }

    /// Looks `state` up: a valued position is handed to the frame below (or returned if there is
    /// none: it was the root); a new one is added and opened — valued at once if it has no move
    /// (and handed down likewise), else the new top frame.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "the option is taken off the pending stack, and dropped once visited"
    )]
    fn visit<R: Rules<State = S>>(
        &mut self,
        rules: &R,
        state: S,
        observer: &dyn Observer,
    ) -> Result<Option<Entry>, MemoError> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        state.pack(&mut scratch);
        let found = self.find_or_add(&scratch);
        self.scratch = scratch;
        let bucket = match found? {
            Found::Valued(record) => return Ok(self.hand_down(entry(record))),
            Found::InProgress => return Err(MemoError::Cycle),
            Found::Added(bucket) => bucket,
        };
        self.visited += 1;
        if self.visited.is_multiple_of(1024) {
            if self.visited.is_multiple_of(65_536) {
                observer.progress(self.len() as u64, self.limits.states);
            }
            if observer.interrupted() {
                return Err(SolverError::Interrupted {
                    states: self.len() as u64,
                }
                .into());
            }
        }
        let start = self.pending.len();
        self.frames
            .push(Frame::new(bucket, start, self.values.len(), false));
        let states = self.len();
        let failed = |message| SolverError::rules_failed(message, observer, states);
        if rules
            .components(&state, &mut self.pending)
            .map_err(failed)?
        {
            // A sum: its value is the xor of its components' (none: the empty sum, a loss).
            let top = self.frames.last_mut().expect("just pushed");
            top.sum = true;
            if self.pending.len() > start {
                return Ok(None);
            }
            return Ok(self.close());
        }
        rules
            .successors(&state, &mut self.pending)
            .map_err(failed)?;
        if self.pending.len() > start {
            return Ok(None);
        }
        let value = rules.terminal(&state).map_err(failed)?;
        self.frames.pop();
        let valued = Entry {
            solved: Solved {
                value,
                remoteness: (value != Value::Draw).then_some(0),
            },
            nimber: 0,
        };
        *self.table.record(bucket) = record(valued);
        Ok(self.hand_down(valued))
    }

    /// The hash and inline key of the encoding `bytes`, and where the table has it or would put
    /// it.
    fn probe(&self, bytes: &[u8]) -> (u64, Option<Key>, Probe) {
        let (hash, inline) = (hash_of(bytes), Key::inline(bytes));
        let arena = &self.arena;
        let probe = self
            .table
            .probe(hash, |key| Key(key).matches(inline, hash, bytes, arena));
        (hash, inline, probe)
    }

    /// The position encoded as `bytes`: its record if the table has it, else added as the
    /// position the next frame values, once the limits allow it.
    fn find_or_add(&mut self, bytes: &[u8]) -> Result<Found, SolverError> {
        let (hash, inline, probe) = self.probe(bytes);
        let depth = self.frames.len() as u64;
        let opened = IN_PROGRESS & 0xffff_ffff | (depth << 32);
        let index = match probe {
            Probe::Found(index) => match self.table.slot(index).record {
                ABSENT => {
                    // A position that left the memo comes back where it was.
                    self.reserve(None)?;
                    self.absent -= 1;
                    *self.table.record(index) = opened;
                    return Ok(Found::Added(index));
                }
                record if in_progress(record).is_some() => return Ok(Found::InProgress),
                record => return Ok(Found::Valued(record)),
            },
            Probe::Empty(index) => index,
        };
        let growth = self.table.growth();
        self.reserve(growth)?;
        self.admit(bytes.len())?;
        let key = if let Some(key) = inline {
            key
        } else {
            let offset = self.arena.len() as u64;
            if offset >= ARENA_OFFSETS {
                return Err(SolverError::TooLarge {
                    needed: offset,
                    limit: ARENA_OFFSETS - 1,
                });
            }
            write_varint(&mut self.arena, bytes.len() as u64);
            self.arena.extend_from_slice(bytes);
            Key::in_arena_at(offset, hash)
        };
        let slot = Slot {
            key: key.0,
            record: opened,
        };
        let (arena, frames) = (&self.arena, &mut self.frames);
        let index = self.table.insert(
            index,
            slot,
            |key| hash_of_key(key, arena),
            |moved, at| {
                // The table grew: the open frames' positions moved.
                if let Some(frame) = in_progress(moved.record).and_then(|d| frames.get_mut(d)) {
                    frame.bucket = at;
                }
            },
        );
        Ok(Found::Added(index))
    }

    /// Hands a valued option to the frame below; returns it if there is none (it was the root).
    fn hand_down(&mut self, valued: Entry) -> Option<Entry> {
        let Some(below) = self.frames.last_mut() else {
            return Some(valued);
        };
        below.absorb(valued);
        self.values.push(valued.nimber);
        None
    }

    /// Values the top frame, whose options are all valued, and hands it down.
    fn close(&mut self) -> Option<Entry> {
        let frame = self.frames.pop().expect("a frame is open");
        let options = &self.values[frame.values..];
        let nimber = if frame.sum {
            options.iter().fold(0, |sum, value| sum ^ value)
        } else {
            for &value in options {
                if (value as usize) <= options.len() {
                    self.seen.insert(value);
                }
            }
            self.seen.take_mex()
        };
        let solved = if frame.sum && options.is_empty() {
            // The empty sum: no move, a loss at once.
            Solved {
                value: Value::Lose,
                remoteness: Some(0),
            }
        } else {
            frame.solved(nimber)
        };
        self.values.truncate(frame.values);
        let valued = Entry { solved, nimber };
        *self.table.record(frame.bucket) = record(valued);
        self.hand_down(valued)
    }

    /// Refuses, before the table or the stacks grow, to pass the byte limit: the table's old and
    /// new allocation are both held while it doubles, and so are a stack's.
    fn reserve(&self, table: Option<usize>) -> Result<(), SolverError> {
        let doubling = |full: bool, bytes: usize| {
            if full {
                (bytes as u64).saturating_mul(2).max(4096)
            } else {
                0
            }
        };
        let growing = [
            table.map_or(0, |bytes| bytes as u64),
            doubling(
                self.frames.len() == self.frames.capacity(),
                self.frames.capacity() * size_of::<Frame>(),
            ),
            doubling(
                self.pending.len() + 64 > self.pending.capacity(),
                self.pending.capacity() * size_of::<S>(),
            ),
        ];
        self.within(growing.iter().sum())
    }

    /// Whether the memo may grow by `more` bytes.
    fn within(&self, more: u64) -> Result<(), SolverError> {
        let needed = self.bytes().saturating_add(more);
        if needed > self.limits.bytes {
            return Err(SolverError::TooLarge {
                needed,
                limit: self.limits.bytes,
            });
        }
        Ok(())
    }

    /// Refuses a new position beyond the limits (the positions, the arena's bytes for a long
    /// key, which doubles), else makes room for its key.
    fn admit(&mut self, key_bytes: usize) -> Result<(), SolverError> {
        let states = self.limits.states;
        if self.len() as u64 >= states || self.frames.len() >= u32::MAX as usize {
            return Err(SolverError::TooManyStates { limit: states });
        }
        let wanted = self.arena.len() + key_bytes + 10;
        if key_bytes > 7 && wanted > self.arena.capacity() {
            let room = (self.arena.capacity() * 2).max(wanted).max(4096);
            self.within((room - self.arena.capacity()) as u64)?;
            self.arena.reserve_exact(room - self.arena.len());
        }
        Ok(())
    }

    /// After an error: the positions still being valued leave the memo (a later search would
    /// take them for cycles) — their slots are marked absent — and the stacks empty.
    fn abandon(&mut self) {
        for frame in self.frames.drain(..) {
            *self.table.record(frame.bucket) = ABSENT;
            self.absent += 1;
        }
        self.pending.clear();
        self.values.clear();
    }
}

/// What the table holds for a position looked up.
enum Found {
    /// Its record.
    Valued(u64),
    /// It is being valued: the search came back to it.
    InProgress,
    /// Nothing: it was added, at this bucket, as the next frame's.
    Added(usize),
}

#[cfg(test)]
mod tests {
    use super::super::{SparseGraph, solve_graph};
    use super::*;
    use crate::NoObserver;

    /// A random game without cycles on `0..n`: each state moves to some smaller ones; states
    /// without moves end lost, won or tied.
    struct Random {
        children: Vec<Vec<u64>>,
        terminal: Vec<Value>,
    }

    impl Rules for Random {
        type State = u64;
        fn moves(&self, state: &u64) -> Result<Vec<(String, u64)>, String> {
            Ok(self.children[*state as usize]
                .iter()
                .map(|&c| (String::new(), c))
                .collect())
        }
        fn terminal(&self, state: &u64) -> Result<Value, String> {
            Ok(self.terminal[*state as usize])
        }
    }

    fn random(seed: u64, n: usize, ties: bool) -> Random {
        let mut seed = seed;
        let mut next = move |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        let children = (0..n)
            .map(|i| {
                if i == 0 {
                    return Vec::new();
                }
                let k = next(5);
                (0..k).map(|_| next(i as u64)).collect()
            })
            .collect();
        let terminal = (0..n)
            .map(|_| match next(if ties { 4 } else { 1 }) {
                0 => Value::Lose,
                1 => Value::Win,
                2 => Value::Tie,
                _ => Value::Draw,
            })
            .collect();
        Random { children, terminal }
    }

    /// The same game with states whose encodings are too long to be kept inline (some 20 bytes,
    /// some 300), so that the memo keeps them in its arena.
    struct Long<'a>(&'a Random);

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Wide(u64);

    impl Pack for Wide {
        fn pack(&self, out: &mut Vec<u8>) {
            let length = if self.0.is_multiple_of(3) { 300 } else { 20 };
            out.extend((0..length).map(|i| (self.0 as u8).wrapping_add(i as u8)));
            self.0.pack(out);
        }
    }

    impl Rules for Long<'_> {
        type State = Wide;
        fn moves(&self, state: &Wide) -> Result<Vec<(String, Wide)>, String> {
            Ok(self
                .0
                .moves(&state.0)?
                .into_iter()
                .map(|(m, c)| (m, Wide(c)))
                .collect())
        }
        fn terminal(&self, state: &Wide) -> Result<Value, String> {
            self.0.terminal(&state.0)
        }
    }

    const ROOMY: Limits = Limits {
        states: 1 << 20,
        bytes: 1 << 30,
    };

    #[test]
    fn agrees_with_the_retrograde_analysis_and_the_mex() {
        for seed in 0..200 {
            let game = random(seed, 60, seed % 2 == 0);
            let graph = SparseGraph::explore(&game, 59, ROOMY, &NoObserver).unwrap();
            let records = solve_graph(&graph);
            let values = super::super::normal_values(&graph).unwrap();
            let mut memo = Memo::new(ROOMY);
            let mut long = Memo::new(ROOMY);
            // Valued from several roots through one memo, the root last.
            for root in [7, 30, 59] {
                memo.solve(&game, root, &NoObserver).unwrap();
                long.solve(&Long(&game), Wide(root), &NoObserver).unwrap();
            }
            assert_eq!(long.len(), memo.len());
            for (i, state) in graph.states.iter().enumerate() {
                let valued = memo.get(state).unwrap();
                assert_eq!(long.get(&Wide(*state)), Some(valued));
                assert_eq!(valued.solved, records.get(i), "seed {seed}, state {state}");
                if seed % 2 == 1 {
                    assert_eq!(valued.nimber, values[i], "seed {seed}, state {state}");
                }
            }
        }
    }

    #[test]
    fn a_cycle_is_reported_and_leaves_no_trace() {
        let mut game = random(3, 40, false);
        game.children[39] = vec![38];
        game.children[38] = vec![20, 39];
        let mut memo = Memo::new(ROOMY);
        assert_eq!(memo.solve(&game, 39, &NoObserver), Err(MemoError::Cycle));
        // What was valued before the cycle stays; nothing is left half done.
        assert!(memo.get(&39).is_none() && memo.get(&38).is_none());
        let twenty = memo.solve(&game, 20, &NoObserver).unwrap();
        assert_eq!(memo.get(&20), Some(twenty));
    }

    #[test]
    fn limits_are_refused_before_they_are_passed() {
        // Every state moves to the one or two below it: all 5000 are reached.
        let game = Random {
            children: (0..5000u64)
                .map(|i| (i.saturating_sub(2)..i).collect())
                .collect(),
            terminal: vec![Value::Lose; 5000],
        };
        let mut few = Memo::new(Limits {
            states: 10,
            bytes: 1 << 30,
        });
        let root = 4999;
        match few.solve(&game, root, &NoObserver) {
            Err(MemoError::Stopped(SolverError::TooManyStates { limit: 10 })) => {}
            other => panic!("{other:?}"),
        }
        assert!(few.len() <= 10);
        let mut small = Memo::new(Limits {
            states: 1 << 20,
            bytes: 20_000,
        });
        match small.solve(&game, root, &NoObserver) {
            Err(MemoError::Stopped(SolverError::TooLarge { limit: 20_000, .. })) => {}
            other => panic!("{other:?}"),
        }
        assert!(small.bytes() <= 20_000);
    }

    /// Heaps of a subtraction game, take 1, 2 or 5, played side by side; split into single
    /// heaps when `split` says so, else played as one game.
    struct Heaps {
        split: bool,
    }

    impl Pack for Vec<u64> {
        fn pack(&self, out: &mut Vec<u8>) {
            write_varint(out, self.len() as u64);
            for heap in self {
                heap.pack(out);
            }
        }
    }

    impl Rules for Heaps {
        type State = Vec<u64>;
        fn moves(&self, state: &Vec<u64>) -> Result<Vec<(String, Vec<u64>)>, String> {
            let mut out = Vec::new();
            for (i, &heap) in state.iter().enumerate() {
                for take in [1, 2, 5] {
                    if take <= heap {
                        let mut next = state.clone();
                        next[i] -= take;
                        next.sort_unstable();
                        out.push((String::new(), next));
                    }
                }
            }
            Ok(out)
        }
        fn components(&self, state: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<bool, String> {
            if !self.split || state.len() == 1 {
                return Ok(false);
            }
            out.extend(state.iter().map(|&heap| vec![heap]));
            Ok(true)
        }
        fn terminal(&self, _: &Vec<u64>) -> Result<Value, String> {
            Ok(Value::Lose)
        }
    }

    #[test]
    fn a_sum_is_the_xor_of_its_components() {
        let mut split = Memo::new(ROOMY);
        let mut whole = Memo::new(ROOMY);
        // Take 1, 2 or 5: G(h) = h mod 3.
        let single = |h: u64| (h % 3) as u32;
        for heaps in [
            vec![],
            vec![4],
            vec![3, 9],
            vec![2, 6, 11],
            vec![7, 7],
            vec![1, 5, 8, 13],
        ] {
            let sum = split
                .solve(&Heaps { split: true }, heaps.clone(), &NoObserver)
                .unwrap();
            let played = whole
                .solve(&Heaps { split: false }, heaps.clone(), &NoObserver)
                .unwrap();
            let xor = heaps.iter().fold(0, |x, &h| x ^ single(h));
            assert_eq!((sum.nimber, played.nimber), (xor, xor), "{heaps:?}");
            assert_eq!(sum.solved.value, played.solved.value, "{heaps:?}");
            // A sum's remoteness is not computed; the empty sum and a single heap have theirs.
            let computed = heaps.len() <= 1;
            assert_eq!(sum.solved.remoteness.is_some(), computed, "{heaps:?}");
            if computed {
                assert_eq!(sum.solved, played.solved);
            }
        }
        // Each heap was valued once, however many sums it is in.
        assert!(split.len() < whole.len());
    }

    #[test]
    fn varints_round_trip() {
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            write_varint(&mut out, n);
            assert_eq!(read_varint(&out), (n, out.len()));
        }
    }
}
