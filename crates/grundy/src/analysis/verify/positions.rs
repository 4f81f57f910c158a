//! The checks of games whose positions are several numbers — Nim, Wythoff, no-repeat games, the
//! contest game, sums —: random and small positions against the whole game graph.

use num_bigint::BigUint;

use crate::analysis::brute::{self, Memo, State, Stop};
use crate::analysis::{Error, Outcome};
use crate::games::game::{Component, Game};
use crate::games::position::Position;
use crate::games::subtraction::FiniteSet;
use crate::input::contest::ContestInput;
use crate::limits::{
    VERIFY_BRUTE_FORCE_STATES, VERIFY_GRAPH_HEAP, VERIFY_GRID_SIDE, VERIFY_RANDOM_POSITIONS,
    VERIFY_SOLVED_HEAPS,
};

use super::{
    Answer, FastPath, Run, Skip, Tally, random_like, skip_or_stop, skipped, solution_value,
    stopped, value,
};

impl<'r> Run<'r, '_> {
    /// Nim and misère Nim: random positions of one to four heaps against the whole game graph.
    pub(in crate::analysis) fn nim(&mut self) -> Result<(), Error> {
        let cap = VERIFY_GRAPH_HEAP.min(self.to);
        let solver = self.analyzer.path_analyzer(self.analyzer.config);
        let mut memo = self.memo();
        let mut tally = Tally::new(FastPath::Solve);
        for i in 0..VERIFY_RANDOM_POSITIONS {
            let count = 1 + (i % 4);
            let heaps: Vec<u64> = (0..count).map(|_| self.random.between(0, cap)).collect();
            let position = Position::Heaps(heaps.iter().map(|&h| h.into()).collect());
            let state = State::of(self.game, &position).expect("small heaps");
            let solution = solver.solve(self.game, &position)?;
            let mut poll = || self.analyzer.observer().interrupted();
            let (brute, options) = match memo
                .value(&state, &mut poll)
                .and_then(|v| Ok((v, memo.options(&state, &mut poll)?)))
            {
                Ok(found) => found,
                Err(stop) => return Err(stopped(stop)),
            };
            if !self.compare_solution(&mut tally, &position, &solution, brute, || options) {
                break;
            }
        }
        self.brute_force_positions += memo.states();
        self.checks.push(tally.check());
        Ok(())
    }

    /// Wythoff's game: the grid cell by cell, and `solve` on every pair of a smaller square.
    pub(in crate::analysis) fn wythoff(&mut self) -> Result<(), Error> {
        let side = VERIFY_GRID_SIDE.min(self.to);
        let analyzer = self.analyzer;
        let mut memo = self.memo();
        let mut poll = || analyzer.observer().interrupted();
        let mut brute = vec![vec![0u32; side as usize + 1]; side as usize + 1];
        for a in 0..=side {
            for b in 0..=side {
                brute[a as usize][b as usize] =
                    match memo.value(&State::Pair(a.min(b), a.max(b)), &mut poll) {
                        Ok(v) => v,
                        Err(stop) => return Err(stopped(stop)),
                    };
            }
        }
        let path_analyzer = analyzer.path_analyzer(analyzer.config);
        let check = match path_analyzer.grid(self.game, side) {
            Ok(grid) => {
                let mut tally = Tally::new(FastPath::Grid);
                'cells: for (a, row) in grid.values.iter().enumerate() {
                    for (b, &fast) in row.iter().enumerate() {
                        let position = Position::Pair(a.into(), b.into());
                        if !tally.compare(self.game, &position, value(brute[a][b]), value(fast)) {
                            break 'cells;
                        }
                    }
                }
                tally.check()
            }
            Err(error) => skip_or_stop(FastPath::Grid, error)?,
        };
        self.checks.push(check);
        let small = side.min(VERIFY_GRAPH_HEAP * 2);
        let mut tally = Tally::new(FastPath::Solve);
        'pairs: for a in 0..=small {
            for b in 0..=small {
                let position = Position::Pair(a.into(), b.into());
                let solution = path_analyzer.solve(self.game, &position)?;
                let state = State::Pair(a.min(b), a.max(b));
                let mut poll = || analyzer.observer().interrupted();
                let options = match memo.options(&state, &mut poll) {
                    Ok(options) => options,
                    Err(stop) => return Err(stopped(stop)),
                };
                if !self.compare_solution(
                    &mut tally,
                    &position,
                    &solution,
                    brute[a as usize][b as usize],
                    || options,
                ) {
                    break 'pairs;
                }
            }
        }
        self.brute_force_positions += memo.states();
        self.checks.push(tally.check());
        Ok(())
    }

    /// Games whose positions carry more than a heap (Fibonacci Nim's quota, a no-repeat game's
    /// last move): the table (`start(n)`, the position a heap starts in) and `solve` on every
    /// state of the small heaps (`states(n)`). Returns the brute force's solved states, for a
    /// check that asks about the same ones.
    pub(in crate::analysis) fn states(
        &mut self,
        start_state: impl Fn(u64) -> State,
        start: impl Fn(u64) -> Position,
        states: impl Fn(u64) -> Vec<(State, Position)>,
    ) -> Result<Memo<'r>, Error> {
        let analyzer = self.analyzer;
        let mut memo = self.memo();
        let mut poll = || analyzer.observer().interrupted();
        let mut brute = Vec::new();
        for n in 0..=self.to {
            match memo.value(&start_state(n), &mut poll) {
                Ok(v) => brute.push(v),
                Err(stop) => return Err(stopped(stop)),
            }
        }
        let path_analyzer = analyzer.path_analyzer(analyzer.config);
        let path = FastPath::Table {
            engine: analyzer.config.engine(),
        };
        let check = match path_analyzer.table(self.game, &BigUint::ZERO, &self.to.into()) {
            Ok(table) => {
                let mut tally = Tally::new(path);
                for (n, (fast, &b)) in table.values.iter().zip(&brute).enumerate() {
                    if !tally.compare(
                        self.game,
                        &start(n as u64),
                        value(b),
                        Answer::Value(fast.clone()),
                    ) {
                        break;
                    }
                }
                tally.check()
            }
            Err(error) => skip_or_stop(path, error)?,
        };
        self.checks.push(check);
        let mut tally = Tally::new(FastPath::Solve);
        let heaps = self.solved_heaps(None);
        'heaps: for n in heaps.into_iter().filter(|&n| n <= VERIFY_SOLVED_HEAPS / 4) {
            let mut all = vec![(start_state(n), start(n))];
            all.extend(states(n));
            for (state, position) in all {
                let solution = path_analyzer.solve(self.game, &position)?;
                let mut poll = || analyzer.observer().interrupted();
                let found = memo
                    .value(&state, &mut poll)
                    .and_then(|v| Ok((v, memo.options(&state, &mut poll)?)));
                let (b, options) = match found {
                    Ok(found) => found,
                    Err(stop) => return Err(stopped(stop)),
                };
                if !self.compare_solution(&mut tally, &position, &solution, b, || options) {
                    break 'heaps;
                }
            }
        }
        self.brute_force_positions += memo.states();
        self.checks.push(tally.check());
        Ok(memo)
    }

    /// A no-repeat game's certified period of state vectors: every `G(n, last)` it predicts
    /// (the vector of `n` is `G(n, none), G(n, s1), …`), against the brute force's `memo` (the
    /// states the table and `solve` checks solved are not solved again).
    pub(in crate::analysis) fn norepeat_period(
        &mut self,
        set: &FiniteSet,
        mut memo: Memo<'r>,
    ) -> Result<(), Error> {
        let path = FastPath::CertifiedPeriod;
        let report = match self.analyzer.period(self.game) {
            Ok(report) => report,
            Err(error) => {
                self.checks.push(skip_or_stop(path, error)?);
                return Ok(());
            }
        };
        let (Some(certificate), Some(vectors)) =
            (report.search.certificate(), report.state_vectors.as_ref())
        else {
            self.checks.push(skipped(path, Skip::NoCertifiedPeriod));
            return Ok(());
        };
        let periodicity = certificate.periodicity();
        let repeats_from = periodicity.preperiod().saturating_add(periodicity.period());
        if self.to < repeats_from {
            self.checks
                .push(skipped(path, Skip::ShortOfPeriod { repeats_from }));
            return Ok(());
        }
        let analyzer = self.analyzer;
        let solved_before = memo.states();
        let mut poll = || analyzer.observer().interrupted();
        let mut tally = Tally::new(path);
        let lasts: Vec<Option<u64>> = std::iter::once(None)
            .chain(set.members().iter().map(|&s| Some(s)))
            .collect();
        'heaps: for n in 0..=self.to {
            let id = periodicity.value_at(&n.into());
            let Some(vector) = usize::try_from(&id).ok().and_then(|id| vectors.get(id)) else {
                return Err(Error::Internal(format!(
                    "state vector {id} of {} is missing",
                    self.game
                )));
            };
            for (&last, &fast) in lasts.iter().zip(vector) {
                let brute = match memo.value(&State::Last(n, last), &mut poll) {
                    Ok(v) => v,
                    Err(stop) => return Err(stopped(stop)),
                };
                let position = Position::LastMove {
                    heap: n.into(),
                    last,
                };
                if !tally.compare(self.game, &position, value(brute), value(fast)) {
                    break 'heaps;
                }
            }
        }
        self.brute_force_positions += memo.states() - solved_before;
        self.checks.push(tally.check());
        Ok(())
    }

    /// The contest game: `solve` on every position of the small piles (both parities held) and
    /// the contest judge on every pile, against minimax.
    pub(in crate::analysis) fn oddball(&mut self, set: &FiniteSet) -> Result<(), Error> {
        let analyzer = self.analyzer;
        let bytes = self.to.saturating_add(1).saturating_mul(4);
        analyzer.reserve(bytes, || format!("the brute force's {} results", self.to))?;
        let results = brute::oddball_results(set, self.to);
        self.brute_force_positions += 4 * results.len() as u64;
        let path_analyzer = analyzer.path_analyzer(analyzer.config);
        let mut tally = Tally::new(FastPath::Solve);
        'piles: for left in 0..=self.to.min(VERIFY_SOLVED_HEAPS) {
            for (mine, theirs) in [(0u8, 0u8), (0, 1), (1, 0), (1, 1)] {
                let position = Position::Balls {
                    left: left.into(),
                    mine: mine.into(),
                    theirs: theirs.into(),
                };
                let solution = path_analyzer.solve(self.game, &position)?;
                let brute = results[left as usize][usize::from(mine)][usize::from(theirs)];
                if !tally.compare(
                    self.game,
                    &position,
                    Answer::Outcome(brute),
                    Answer::Outcome(solution.outcome),
                ) {
                    break 'piles;
                }
            }
        }
        self.checks.push(tally.check());
        let piles: Vec<usize> = (0..=self.to).map(|n| n as usize).collect();
        let input = ContestInput {
            set: set.clone(),
            piles,
        };
        let check = match path_analyzer.contest(&input) {
            Ok(answers) => {
                let mut tally = Tally::new(FastPath::Contest);
                for (n, fast) in answers.into_iter().enumerate() {
                    let position = Position::Balls {
                        left: n.into(),
                        mine: 0u8.into(),
                        theirs: 0u8.into(),
                    };
                    if !tally.compare(
                        self.game,
                        &position,
                        Answer::Outcome(results[n][0][0]),
                        Answer::Outcome(fast),
                    ) {
                        break;
                    }
                }
                tally.check()
            }
            Err(error) => skip_or_stop(FastPath::Contest, error)?,
        };
        self.checks.push(check);
        Ok(())
    }

    /// Sums: the sum as given, then random positions of the same components, each against the
    /// whole graph of the sum.
    pub(super) fn sum(&mut self, components: &[Component]) -> Result<(), Error> {
        let analyzer = self.analyzer;
        let solver = analyzer.path_analyzer(analyzer.config);
        let misere = self.game.is_misere();
        let mut tally = Tally::new(FastPath::SolveRandom);
        let mut states = 0;
        let cap = VERIFY_GRAPH_HEAP.min(self.to);
        for i in 0..=VERIFY_RANDOM_POSITIONS {
            let game = if i == 0 {
                self.game.clone()
            } else {
                let random: Vec<Component> = components
                    .iter()
                    .map(|c| Component {
                        game: c.game.clone(),
                        position: random_like(&c.position, &mut self.random, cap),
                    })
                    .collect();
                if misere {
                    Game::Misere(Box::new(Game::Sum(random)))
                } else {
                    Game::Sum(random)
                }
            };
            let Some(state) = State::of(&game, &Position::Sum) else {
                continue; // numbers too large for a brute force (the sum as given)
            };
            let mut memo = Memo::new(&game, VERIFY_BRUTE_FORCE_STATES);
            let mut poll = || analyzer.observer().interrupted();
            let brute = match memo.value(&state, &mut poll) {
                Ok(v) => v,
                Err(Stop::TooManyStates) => continue,
                Err(stop) => return Err(stopped(stop)),
            };
            states += memo.states();
            let solution = match solver.solve(&game, &Position::Sum) {
                Ok(solution) => solution,
                Err(Error::Refused(_)) => continue,
                Err(other) => return Err(other),
            };
            let outcome = if brute == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            let compared = match solution_value(&game, &solution) {
                Some(fast) => {
                    tally.compare(&game, &Position::Sum, value(brute), Answer::Value(fast))
                }
                None => tally.compare(
                    &game,
                    &Position::Sum,
                    Answer::Outcome(outcome),
                    Answer::Outcome(solution.outcome),
                ),
            };
            if !compared {
                break;
            }
        }
        self.brute_force_positions += states;
        self.checks.push(tally.check());
        Ok(())
    }
}
