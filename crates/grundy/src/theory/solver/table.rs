//! The memo's hash table: open addressing with linear probing over 16-byte slots, each holding a
//! position's key and its record, so that a lookup touches one cache line where a table with
//! separate tags and slots touches two. The memo's positions are never removed, only marked
//! absent, which keeps every probe sequence whole.

/// A slot: a key (0 when the slot is empty) and a record.
#[derive(Clone, Copy, Default)]
pub(super) struct Slot {
    pub(super) key: u64,
    pub(super) record: u64,
}

/// The slots, a power of two of them, at most three quarters full.
#[derive(Default)]
pub(super) struct Table {
    slots: Vec<Slot>,
    /// Slots in use.
    used: usize,
}

/// Where a key is, or where it would go.
pub(super) enum Probe {
    /// The key is at this index.
    Found(usize),
    /// The key is absent; this empty index is where it goes.
    Empty(usize),
}

impl Table {
    /// Slots in use.
    pub(super) fn used(&self) -> usize {
        self.used
    }

    /// The bytes the slots take.
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>()
    }

    /// Whether one more key makes the table grow, and then the bytes of the new slots.
    pub(super) fn growth(&self) -> Option<usize> {
        ((self.used + 1) * 4 > self.slots.len() * 3)
            .then(|| (self.slots.len() * 2).max(64) * size_of::<Slot>())
    }

    /// The index of the key for which `matches` holds, among those with `hash`, or where it
    /// would go.
    pub(super) fn probe(&self, hash: u64, mut matches: impl FnMut(u64) -> bool) -> Probe {
        if self.slots.is_empty() {
            return Probe::Empty(0);
        }
        let mask = self.slots.len() - 1;
        let mut index = (hash as usize) & mask;
        loop {
            let key = self.slots[index].key;
            if key == 0 {
                return Probe::Empty(index);
            }
            if matches(key) {
                return Probe::Found(index);
            }
            index = (index + 1) & mask;
        }
    }

    /// The slot at `index`.
    pub(super) fn slot(&self, index: usize) -> Slot {
        self.slots[index]
    }

    /// The record at `index`, to change.
    pub(super) fn record(&mut self, index: usize) -> &mut u64 {
        &mut self.slots[index].record
    }

    /// Puts `slot` at `index`, an empty index [`probe`](Self::probe) returned (with the table
    /// unchanged since), after growing the table if it must: the new index is returned, and
    /// `moved` is told where each old slot went (`hash` gives a key's hash).
    pub(super) fn insert(
        &mut self,
        index: usize,
        slot: Slot,
        hash: impl Fn(u64) -> u64,
        mut moved: impl FnMut(&Slot, usize),
    ) -> usize {
        if self.growth().is_none() {
            self.slots[index] = slot;
            self.used += 1;
            return index;
        }
        let size = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let mask = size - 1;
        let place = |slots: &mut [Slot], slot: Slot| {
            let mut at = (hash(slot.key) as usize) & mask;
            while slots[at].key != 0 {
                at = (at + 1) & mask;
            }
            slots[at] = slot;
            at
        };
        for slot in old.iter().filter(|slot| slot.key != 0) {
            let at = place(&mut self.slots, *slot);
            moved(slot, at);
        }
        self.used += 1;
        place(&mut self.slots, slot)
    }
}
