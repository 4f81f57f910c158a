use super::*;

/// The side of the grid the brute force plays on: every set of heads among its 16 cells.
const SIDE: u64 = 4;

fn bit((a, b): (u64, u64)) -> u32 {
    (a * SIDE + b) as u32
}

/// A move of the literal rules: the farthest corner, the nearest, and the set of heads after.
type LiteralMove = ((u64, u64), (u64, u64), u32);

/// The moves of the literal rules from the set of heads `set` (a bit per cell): for every head
/// `(a, b)` and `x < a`, `y < b`, the set after turning over the four corners.
fn literal_moves(set: u32) -> Vec<LiteralMove> {
    let mut moves = Vec::new();
    for a in 0..SIDE {
        for b in 0..SIDE {
            if set >> bit((a, b)) & 1 == 0 {
                continue;
            }
            for x in 0..a {
                for y in 0..b {
                    let after = corners((a, b), (x, y))
                        .iter()
                        .fold(set, |after, &cell| after ^ 1 << bit(cell));
                    moves.push(((a, b), (x, y), after));
                }
            }
        }
    }
    moves
}

/// The Grundy value of every set of heads of the grid by the mex of the literal rules; every
/// move lowers the set's number (its farthest coin is its highest bit), so increasing order
/// values options first.
fn literal_values() -> Vec<u64> {
    let mut values = vec![0u64; 1 << (SIDE * SIDE)];
    for set in 0..values.len() as u32 {
        let mut seen = [false; 64];
        for (_, _, after) in literal_moves(set) {
            assert!(after < set);
            seen[values[after as usize] as usize] = true;
        }
        values[set as usize] = seen.iter().position(|s| !s).unwrap_or(64) as u64;
    }
    values
}

fn position(set: u32) -> Position {
    let cells = (0..SIDE)
        .flat_map(|a| (0..SIDE).map(move |b| (a, b)))
        .filter(|&cell| set >> bit(cell) & 1 == 1)
        .collect();
    Position::Cells(cells)
}

#[test]
fn every_grid_of_sixteen_coins_agrees_with_the_literal_rules() {
    let values = literal_values();
    let game = TurningCorners;
    for set in 0..values.len() as u32 {
        let here = position(set);
        let reading = game.read(&here).expect("a grid");
        assert_eq!(
            reading.worth,
            crate::games::theorem::Worth::Grundy(values[set as usize].into()),
            "{here}"
        );
        // Every move to each value the options take, against the theorem's.
        let mut targets: Vec<u64> = literal_moves(set)
            .iter()
            .map(|&(_, _, after)| values[after as usize])
            .collect();
        targets.push(0);
        targets.sort_unstable();
        targets.dedup();
        for target in targets {
            let mut literal: Vec<Action> = literal_moves(set)
                .into_iter()
                .filter(|&(_, _, after)| values[after as usize] == target)
                .map(|(corner, opposite, _)| Action::TurnCorners { corner, opposite })
                .collect();
            let mut theorem = game
                .moves_to(&here, &target.into(), u64::MAX)
                .expect("moves");
            let key = |action: &Action| format!("{action:?}");
            literal.sort_by_key(key);
            theorem.sort_by_key(key);
            assert_eq!(theorem, literal, "{here} to {target}");
            for action in &theorem {
                let after = game.after(&here, action, u64::MAX).expect("one move");
                let literal_after = literal_moves(set)
                    .into_iter()
                    .find(|(corner, opposite, _)| {
                        *action
                            == Action::TurnCorners {
                                corner: *corner,
                                opposite: *opposite,
                            }
                    })
                    .map(|(_, _, after)| position(after));
                assert_eq!(Some(after), literal_after);
            }
        }
    }
}

#[test]
fn huge_heads_are_valued_and_their_moves_found_or_withheld() {
    let game = TurningCorners;
    let far = u64::MAX;
    let here = Position::Cells(vec![(far, far), (3, 1 << 40)]);
    let reading = game.read(&here).expect("a grid");
    let total = nimber::multiply(far, far) ^ nimber::multiply(3, 1 << 40);
    assert_eq!(
        reading.worth,
        crate::games::theorem::Worth::Grundy(total.into())
    );
    assert!(Theorem::unlisted_reason(&game, &here).is_some());
    assert_eq!(game.moves_to(&here, &BigUint::ZERO, 8), None);
    // A short side lists its moves, each reaching the target.
    let here = Position::Cells(vec![(5, far), (1 << 40, 6)]);
    let moves = game.moves_to(&here, &BigUint::ZERO, 8).expect("few divisions");
    assert!(!moves.is_empty());
    for action in &moves {
        let after = game.after(&here, action, 64).expect("one move");
        assert_eq!(
            game.read(&after).expect("a grid").worth,
            crate::games::theorem::Worth::Grundy(BigUint::ZERO)
        );
    }
}
