//! Typed moves: the position a move says it leaves is the position reached by playing its action,
//! played here from the rules alone (Nim, Wythoff, subtraction, Fibonacci Nim, no-repeat,
//! take-and-break splits, sums) — for whole targets and for the changed part only.

use grundy::render::moves::{description, leads_to, target};
use grundy::{
    Action, Analyzer, Config, Game, Move, MoveTargets, Part, Position, Solution, Target, parse_game,
};
use num_bigint::BigUint;

fn solve(config: Config, spec: &str, position: &str) -> (Game, Position, Solution) {
    let game = parse_game(spec).unwrap();
    let position = if position.is_empty() {
        Position::Sum
    } else {
        game.parse_position(position).unwrap()
    };
    let solution = Analyzer::new(config)
        .solve(&game, &position)
        .unwrap_or_else(|e| panic!("{spec} {position}: {e}"));
    (game, position, solution)
}

/// The components of a sum (through `misere:`), or `None` for a single game.
fn components(game: &Game) -> Option<&[grundy::game::Component]> {
    match game {
        Game::Sum(components) => Some(components),
        Game::Misere(inner) => components(inner),
        _ => None,
    }
}

/// Plays `action` on `position`, by the rules of the game it names.
fn play(action: &Action, position: &Position) -> Position {
    match (action, position) {
        (Action::Take { amount }, Position::Heap(heap)) => Position::Heap(heap - amount),
        (Action::Take { amount }, Position::LastMove { heap, last }) => {
            let amount = u64::try_from(amount).unwrap();
            assert_ne!(
                Some(amount),
                *last,
                "the amount just taken may not be repeated"
            );
            Position::LastMove {
                heap: heap - amount,
                last: Some(amount),
            }
        }
        (Action::TakePowerOfTwo { exponent }, Position::Heap(heap)) => {
            Position::Heap(heap - (BigUint::from(1u32) << exponent))
        }
        (Action::TakeFromHeap { heap, amount }, Position::Heaps(heaps)) => {
            let mut after = heaps.clone();
            assert!(amount > &BigUint::ZERO && amount <= &after[*heap]);
            after[*heap] -= amount;
            Position::Heaps(after)
        }
        (Action::TakeFromHeap { heap, amount }, Position::Pair(a, b)) => match heap {
            0 => Position::Pair(a - amount, b.clone()),
            1 => Position::Pair(a.clone(), b - amount),
            _ => panic!("Wythoff has two heaps"),
        },
        (Action::TakeFromBoth { amount }, Position::Pair(a, b)) => {
            Position::Pair(a - amount, b - amount)
        }
        (Action::TakeUnderQuota { amount }, Position::Quota { heap, quota }) => {
            if let Some(quota) = quota {
                assert!(amount <= quota, "within the quota");
            }
            Position::Quota {
                heap: heap - amount,
                quota: Some(amount * 2u32),
            }
        }
        (Action::TakeAndBreak { heap, take, parts }, Position::Heaps(heaps)) => {
            assert_eq!(
                heap.is_none(),
                heaps.len() == 1,
                "the heap is named among several"
            );
            let index = heap.unwrap_or(0);
            let left: BigUint = parts.iter().sum();
            assert_eq!(
                left + take,
                heaps[index],
                "the parts and the take make the heap"
            );
            let mut after = heaps.clone();
            after.splice(index..=index, parts.iter().cloned());
            Position::Heaps(after)
        }
        other => panic!("no rule plays {other:?}"),
    }
}

/// The components' positions reached by playing `m` from `position` of `game`.
fn reached(game: &Game, position: &Position, m: &Move) -> Vec<Position> {
    match (components(game), m.component) {
        (None, None) => vec![play(&m.action, position)],
        (Some(components), Some(i)) => {
            let mut after: Vec<Position> = components.iter().map(|c| c.position.clone()).collect();
            after[i] = play(&m.action, &after[i]);
            after
        }
        (components, component) => panic!(
            "a move names a component exactly in a sum: {:?} in a sum: {}",
            component,
            components.is_some()
        ),
    }
}

/// The components' positions `m`'s typed target says the move leaves.
fn said(game: &Game, position: &Position, m: &Move) -> Vec<Position> {
    let before: Vec<Position> = match components(game) {
        Some(components) => components.iter().map(|c| c.position.clone()).collect(),
        None => vec![position.clone()],
    };
    match &m.to {
        Target::Whole(position) => vec![position.clone()],
        Target::Sum(positions) => positions.clone(),
        Target::Heap { index, heaps } => {
            let Position::Heaps(mut after) = before[0].clone() else {
                panic!("a heap target replaces one of several heaps")
            };
            after.splice(index..=index, heaps.iter().cloned());
            vec![Position::Heaps(after)]
        }
        Target::Component { index, position } => {
            let mut after = before;
            after[*index] = position.clone();
            after
        }
        Target::Class { .. } => panic!("a class has no single target"),
        Target::Unwritten => panic!("an unwritten target has no position"),
    }
}

/// The move itself, or for a class its least member, with the target the class gives it.
fn member(m: &Move) -> Move {
    let (action, to) = match (&m.action, &m.to) {
        (Action::SplitClass(class), Target::Class { index, others }) => {
            let a = BigUint::from(class.residue);
            let parts = vec![a.clone(), &class.rest - &a];
            let to = match others {
                Some(others) => {
                    let mut after = others.clone();
                    after.splice(index..index, parts.iter().cloned());
                    Target::Whole(Position::Heaps(after))
                }
                None => Target::Heap {
                    index: *index,
                    heaps: parts.clone(),
                },
            };
            let action = Action::TakeAndBreak {
                heap: class.heap,
                take: class.take.into(),
                parts,
            };
            (action, to)
        }
        (Action::PowerClass(class), Target::Class { .. }) => {
            let left = &class.heap - (BigUint::from(1u32) << class.residue);
            let action = Action::TakePowerOfTwo {
                exponent: class.residue,
            };
            (action, Target::Whole(Position::Heap(left)))
        }
        _ => (m.action.clone(), m.to.clone()),
    };
    Move {
        component: m.component,
        action,
        to,
    }
}

/// Checks every winning move of `spec` at `position`: the typed target is the position its action
/// reaches, and the part it reports agrees with the target. Returns the parts seen.
fn check(config: Config, spec: &str, position: &str) -> Vec<Part> {
    let (game, position, solution) = solve(config, spec, position);
    assert!(
        !solution.winning_moves.is_empty() || solution.outcome != grundy::Outcome::Win,
        "{spec} {position}: a win has a winning move"
    );
    let mut parts = Vec::new();
    for m in &solution.winning_moves {
        let words = description(&game, m);
        let member = member(m);
        assert_eq!(
            reached(&game, &position, &member),
            said(&game, &position, &member),
            "{spec} {position}: {words} → {}",
            leads_to(&game, m)
        );
        parts.push(m.part());
    }
    parts
}

#[test]
fn targets_are_the_positions_reached_by_playing_the_moves() {
    let cases = [
        ("nim", "3,4,5"),
        ("nim", "1,2,3,7,9"),
        ("nim", "1000000000000000000000000000005,7,10^30"),
        ("misere:nim", "1,1,5"),
        ("misere:nim", "2,2,3"),
        ("wythoff", "3,5"),
        ("wythoff", "4,5"),
        ("wythoff", "10,17"),
        ("wythoff", "1000000000000000000000,1000000000000000000007"),
        ("misere:wythoff", "4,7"),
        ("subtraction:1,3,4", "10"),
        ("subtraction:1,3,4", "10^18"),
        ("bash:5", "10^30"),
        ("allbut:2,5", "100"),
        ("subtraction:powers-of-2", "1000"),
        ("subtraction:powers-of-2", "10^30"),
        ("subtraction:squares", "100"),
        ("misere:subtraction:1,3,4", "20"),
        ("fibonacci-nim", "20/4"),
        ("fibonacci-nim", "20"),
        ("misere:fibonacci-nim", "20/4"),
        ("norepeat:1,2,3", "10"),
        ("norepeat:1,2,3", "10/2"),
        ("0.77", "10"),
        ("0.77", "10,11,3"),
        ("0.77", "10^30,5"),
        ("0.137", "100"),
        ("0.137", "100,7,9"),
        ("4.7", "1000"),
        ("0.777", "30"),
        ("0.07", "10"),
        ("nim[7] + wythoff[3,5]", ""),
        ("nim[3,4] + wythoff[3,5] + 0.77[10]", ""),
        ("0.137[100] + 0.77[7,9]", ""),
        ("subtraction:1,3,4[10^20] + nim[3]", ""),
        ("fibonacci-nim[20/4] + nim[3]", ""),
        ("norepeat:1,2,3[10] + nim[3]", ""),
        ("misere:nim[1,1] + nim[5]", ""),
        ("misere:nim[2] + wythoff[1,2]", ""),
        ("misere:subtraction:1,2[3] + nim[2]", ""),
    ];
    for (spec, position) in cases {
        for move_targets in [MoveTargets::Automatic, MoveTargets::Whole] {
            let config = one_thread().with_move_targets(move_targets);
            let parts = check(config, spec, position);
            assert!(
                parts.iter().all(|p| *p == Part::Whole),
                "{spec} {position}: {parts:?}"
            );
        }
    }
}

/// Heaps of `digits` digits each, distinct, all with the same top bits.
fn long_heaps(count: u32, digits: u32) -> String {
    // An odd count keeps the top bit in the xor: every heap has a winning move.
    let base = BigUint::from(10u32).pow(digits - 1);
    let heaps: Vec<String> = (0..count)
        .map(|i| (&base + BigUint::from(7u32).pow(i + 20)).to_string())
        .collect();
    heaps.join(",")
}

#[test]
fn long_answers_carry_the_changed_part_and_it_is_the_part_played() {
    // Over the 1 MiB of whole positions, a move carries only the heaps or the component it
    // changes; with whole targets asked for, the whole position again.
    let heaps = long_heaps(31, 3200);
    let sum = format!("nim[{heaps}] + nim[1]");
    let misere_sum = format!("misere:nim[{heaps}] + nim[1]");
    // The largest power of two stands alone, evaluated directly and written whole.
    for (spec, position, part, alone) in [
        ("nim", heaps.as_str(), Part::Heap { index: 0 }, 0),
        ("misere:nim", heaps.as_str(), Part::Heap { index: 0 }, 0),
        ("0.77", heaps.as_str(), Part::Heap { index: 0 }, 0),
        (
            "subtraction:powers-of-2",
            "2^10000",
            Part::Family { moves: 0u32.into() },
            1,
        ),
        (sum.as_str(), "", Part::Component { index: 0 }, 0),
        (misere_sum.as_str(), "", Part::Component { index: 0 }, 0),
    ] {
        let parts = check(one_thread(), spec, position);
        let kind = |p: &Part| std::mem::discriminant(p) == std::mem::discriminant(&part);
        assert!(parts.iter().any(kind), "{spec}: {parts:?}");
        let rest: Vec<&Part> = parts.iter().filter(|p| !kind(p)).collect();
        assert!(rest.len() <= alone, "{spec}: {parts:?}");
        assert!(rest.iter().all(|p| **p == Part::Whole), "{spec}: {parts:?}");
        let whole = one_thread().with_move_targets(MoveTargets::Whole);
        let parts = check(whole, spec, position);
        assert!(parts.iter().all(|p| *p == Part::Whole), "{spec}: {parts:?}");
    }
}

#[test]
fn a_class_of_splits_is_described_by_its_residue_class() {
    // Kayles (period 12) and 0.137 (period 34) at 10^30: the splits with both heaps in the
    // periodic part come in classes of a modulo the period; each class's least member wins (the
    // other tests play it).
    let heap = BigUint::from(10u32).pow(30);
    let others: Vec<BigUint> = vec![7u32.into(), 9u32.into()];
    for (spec, position, named, others, period) in [
        ("0.77", "10^30", None, Vec::new(), 12),
        ("0.137", "10^30,7,9", Some(0), others, 34),
    ] {
        let (game, _, solution) = solve(one_thread(), spec, position);
        let classes: Vec<_> = solution
            .winning_moves
            .iter()
            .filter_map(|m| match &m.action {
                Action::SplitClass(class) => Some((m, class)),
                _ => None,
            })
            .collect();
        assert!(!classes.is_empty(), "{spec} {position}");
        for (m, class) in classes {
            let words = description(&game, m);
            assert_eq!(class.heap, named, "{words}");
            assert_eq!(&class.rest + class.take, heap, "{words}");
            assert_eq!(class.period, period, "{words}");
            assert!(BigUint::from(class.residue) <= class.high, "{words}");
            assert!(class.high <= &class.rest / 2u32, "{words}");
            assert_eq!(
                class.moves,
                (&class.high - class.residue) / class.period + 1u32,
                "{words}"
            );
            let expected = Target::Class {
                index: 0,
                others: Some(others.clone()),
            };
            assert_eq!(m.to, expected, "{words}");
            assert_eq!(m.part(), Part::Whole, "{words}");
            let written = target(&game, m);
            assert!(written.starts_with("a,"), "{written}");
        }
        check(one_thread(), spec, position);
    }
}

/// The default configuration on one thread, so that the take-and-break engine chosen (and so the
/// coverage) does not depend on the machine's cores.
fn one_thread() -> Config {
    Config::default()
        .with_threads(1)
        .expect("one thread is a valid count")
}
