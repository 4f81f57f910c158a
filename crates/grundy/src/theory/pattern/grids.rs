//! The search for tables of pairs: which [`PairSet`]s hold a grid's members and which
//! [`GridValues`] give its values. A grid is square, `grid[a][b]` for `a, b < side`; its entries
//! are read shell by shell (`max(a, b) = 0, 1, 2, …`), so that a first disagreement is the
//! smallest square that holds it.

use super::{GridValues, MIN_PREDICTED, PairSet, Rules, Sequence, sequence_rules, supported};

/// The largest period of a lattice in either coordinate.
const LATTICE_PERIODS: u64 = 12;
/// The largest `d` tried for generalised Wythoff pairs.
const BEATTY_DIFFERENCES: u64 = 8;

/// The cells of a square of `side`, shell by shell (`max(a, b) = 0, 1, 2, …`): the order in which
/// a grid's first disagreement is its smallest counter-example.
///
/// # Example
/// ```
/// let cells: Vec<(usize, usize)> = grundy::theory::pattern::shells(2).collect();
/// assert_eq!(cells, [(0, 0), (1, 0), (0, 1), (1, 1)]);
/// ```
pub fn shells(side: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..side).flat_map(|s| {
        (0..s)
            .map(move |b| (s, b))
            .chain((0..=s).map(move |a| (a, s)))
    })
}

/// The shell-order index of the first cell where `differs` holds, with the cell.
fn first_cell(
    side: usize,
    mut differs: impl FnMut(usize, usize) -> bool,
) -> Option<(u64, Vec<u64>)> {
    shells(side)
        .enumerate()
        .find(|&(_, (a, b))| differs(a, b))
        .map(|(index, (a, b))| (index as u64, vec![a as u64, b as u64]))
}

/// Every rule of [`PairSet`] that holds the members of a square grid (`members[a][b]`) and is
/// [supported](super::supported), simplest first; and the simpler near misses.
///
/// # Complexity
/// `O(s² · P²)` for a side of `s` and lattices of periods up to `P = 12` in each coordinate,
/// `O(s²)` for each other form.
///
/// # Example
/// ```
/// use grundy::theory::pattern::{PairSet, pair_set_rules};
/// let grid: Vec<Vec<bool>> = (0..30).map(|a| (0..30).map(|b| a % 2 == 1 && b % 2 == 1).collect()).collect();
/// let rules = pair_set_rules(&grid);
/// assert_eq!(rules.found[0].rule, PairSet::Lattice { rows: 2, columns: 2, members: vec![(1, 1)] });
/// ```
pub fn pair_set_rules(members: &[Vec<bool>]) -> Rules<PairSet> {
    let side = members.len();
    let entries = (side * side) as u64;
    let mut rules = Rules::default();
    let consider = |rules: &mut Rules<PairSet>, rule: PairSet| {
        let first = first_cell(side, |a, b| {
            rule.contains(a as u64, b as u64) != members[a][b]
        });
        let fitted = rule.fitted();
        let (index, cell) = first.map_or((None, Vec::new()), |(index, cell)| (Some(index), cell));
        rules.consider(rule, fitted, index, entries, |_| cell);
    };
    consider(&mut rules, PairSet::Diagonal);
    for difference in 1..=BEATTY_DIFFERENCES {
        consider(&mut rules, PairSet::Beatty { difference });
    }
    if let Some(lattice) = lattice(members) {
        consider(&mut rules, lattice);
    }
    let range = 2 * side.max(16) as u64;
    rules.simplest_first(PairSet::cost, |a, b| {
        (0..range).all(|x| (0..range).all(|y| a.contains(x, y) == b.contains(x, y)))
    })
}

/// The lattice of least area (then fewest rows) whose residue pairs give every member.
fn lattice(members: &[Vec<bool>]) -> Option<PairSet> {
    let side = members.len() as u64;
    let mut shapes: Vec<(u64, u64)> = (1..=LATTICE_PERIODS)
        .flat_map(|rows| (1..=LATTICE_PERIODS).map(move |columns| (rows, columns)))
        .filter(|&(rows, columns)| 3 * rows.max(columns) <= side)
        .collect();
    shapes.sort_by_key(|&(rows, columns)| (rows * columns, rows));
    shapes.into_iter().find_map(|(rows, columns)| {
        let holds = (0..side as usize).all(|a| {
            (0..side as usize)
                .all(|b| members[a][b] == members[a % rows as usize][b % columns as usize])
        });
        holds.then(|| PairSet::Lattice {
            rows,
            columns,
            members: (0..rows)
                .flat_map(|a| (0..columns).map(move |b| (a, b)))
                .filter(|&(a, b)| members[a as usize][b as usize])
                .collect(),
        })
    })
}

/// Every rule of [`GridValues`] that gives the values of a square grid (`values[a][b] =
/// G(a, b)`) and is [supported](super::supported), simplest first; and the simpler near misses.
///
/// # Complexity
/// `O(s²)` for a side of `s`, with [`sequence_rules`] on the first row and column, and
/// [`pair_set_rules`] for a grid of zeros and ones.
///
/// # Example
/// ```
/// use grundy::theory::pattern::{GridValues, grid_value_rules};
/// let nim: Vec<Vec<u64>> = (0..40).map(|a| (0..40).map(|b| a ^ b).collect()).collect();
/// assert_eq!(grid_value_rules(&nim).found[0].rule, GridValues::Xor);
/// ```
pub fn grid_value_rules(values: &[Vec<u64>]) -> Rules<GridValues> {
    let side = values.len();
    let entries = (side * side) as u64;
    let mut rules = Rules::default();
    let consider = |rules: &mut Rules<GridValues>, rule: GridValues, fitted: u64| {
        let first = first_cell(side, |a, b| {
            rule.value(a as u64, b as u64) != Some(values[a][b])
        });
        let (index, cell) = first.map_or((None, Vec::new()), |(index, cell)| (Some(index), cell));
        rules.consider(rule, fitted, index, entries, |_| cell);
    };
    for rule in [GridValues::Xor, GridValues::Sum, GridValues::Min] {
        consider(&mut rules, rule, 0);
    }
    if let Some(rule) = separable(values) {
        consider(&mut rules, rule, 2 * side as u64);
    }
    if let Some((rule, fitted)) = rows(values) {
        consider(&mut rules, rule, fitted);
    }
    if values.iter().flatten().all(|&value| value <= 1) {
        let zeros: Vec<Vec<bool>> = values
            .iter()
            .map(|row| row.iter().map(|&value| value == 0).collect())
            .collect();
        for fit in pair_set_rules(&zeros).found {
            consider(&mut rules, GridValues::Indicator(fit.rule), fit.fitted);
        }
    }
    let range = 2 * side.max(16) as u64;
    rules.simplest_first(GridValues::cost, |a, b| {
        (0..range).all(|x| (0..range).all(|y| a.value(x, y) == b.value(x, y)))
    })
}

/// Each row periodic in `b` (with a saltus allowed), every row's period supported by the row:
/// the rule and the entries its rows were read from.
fn rows(values: &[Vec<u64>]) -> Option<(GridValues, u64)> {
    let side = values.len();
    let mut rows = Vec::with_capacity(side);
    let mut fitted = 0;
    for row in values {
        let narrow: Vec<u32> = row
            .iter()
            .map(|&value| u32::try_from(value).ok())
            .collect::<Option<_>>()?;
        let periodicity =
            crate::theory::period::least_period(&narrow, |p| (2 * p).max(MIN_PREDICTED as usize))?;
        let read = periodicity.preperiod() + periodicity.period();
        if !supported(read, side as u64) {
            return None;
        }
        fitted += read;
        rows.push(periodicity);
    }
    Some((GridValues::Rows(rows), fitted))
}

/// `G(a, b) = f(a) xor g(b)` with `f(a) = G(a, 0)` and `g(b) = G(0, b) xor G(0, 0)`, when it
/// holds on the whole grid and both `f` and `g` have a rule of their own (neither a xor nor a
/// sum already says it).
fn separable(values: &[Vec<u64>]) -> Option<GridValues> {
    let side = values.len();
    if side < 2 {
        return None;
    }
    let corner = values[0][0];
    let rows: Vec<u64> = (0..side).map(|a| values[a][0]).collect();
    let columns: Vec<u64> = (0..side).map(|b| values[0][b] ^ corner).collect();
    let holds = (0..side).all(|a| (0..side).all(|b| values[a][b] == rows[a] ^ columns[b]));
    if !holds {
        return None;
    }
    let best = |row: &[u64]| -> Option<Sequence> {
        sequence_rules(row)
            .found
            .into_iter()
            .next()
            .map(|fit| fit.rule)
    };
    Some(GridValues::Separable {
        rows: best(&rows)?,
        columns: best(&columns)?,
    })
}
