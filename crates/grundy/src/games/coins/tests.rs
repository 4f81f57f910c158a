use super::*;

/// The mex of a set of values.
fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap_or(0)
}

/// A single head's value by the definition: the mex over the rule's moves of the xor of the
/// other coins' values (the row is a sum of single heads, each turned coin's value added).
fn by_definition(rule: CoinRule, cells: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for cell in 0..cells {
        let options: Vec<u64> = rule
            .moves_listed(cell)
            .iter()
            .map(|others| others.iter().fold(0, |x, &y| x ^ values[y as usize]))
            .collect();
        values.push(mex(&options));
    }
    values
}

#[test]
fn single_heads_follow_their_closed_forms() {
    for rule in CoinRule::ALL {
        let values = by_definition(rule, 64);
        for (cell, &value) in values.iter().enumerate() {
            assert_eq!(
                rule.head_value(&BigUint::from(cell)),
                BigUint::from(value),
                "{} at {cell}",
                rule.name()
            );
        }
    }
}

#[test]
fn moves_listed_match_the_counts() {
    for rule in CoinRule::ALL {
        for cell in 0..40u64 {
            assert_eq!(
                BigUint::from(rule.moves_listed(cell).len()),
                rule.moves_at(&cell.into()),
                "{} at {cell}",
                rule.name()
            );
        }
    }
}

#[test]
fn bits_are_counted_below_a_bound() {
    for n in 0..200u64 {
        for bit in 0..9 {
            let direct = (0..n).filter(|z| z >> bit & 1 == 1).count();
            assert_eq!(count_with_bit(&n.into(), bit), BigUint::from(direct));
        }
    }
}

#[test]
fn gray_codes_invert() {
    for n in 0..5000u32 {
        let n = BigUint::from(n);
        assert_eq!(gray_inverse(&gray(&n)), n);
    }
    let huge = (BigUint::from(1u32) << 300u32) + 12_345u32;
    assert_eq!(gray_inverse(&gray(&huge)), huge);
}

#[test]
fn a_far_mock_turtle_describes_its_pairs() {
    // Heads at 0 and 1 (worth 1 and 2) and at 2^60 + 5: the far head's move must change the
    // value by 1 xor 2 = 3, an evil number — pairs y xor z = 1, too many to list.
    let far = (BigUint::from(1u32) << 60u32) + 5u32;
    let game = CoinTurning::new(CoinRule::MockTurtles);
    let position = Position::Heaps(vec![0u32.into(), 1u32.into(), far.clone()]);
    let moves = game
        .moves_to(&position, &BigUint::ZERO, 256)
        .expect("heads");
    let classes: Vec<&TurnClass> = moves
        .iter()
        .filter_map(|action| match action {
            Action::TurnClass(class) => Some(class.as_ref()),
            _ => None,
        })
        .collect();
    assert_eq!(classes.len(), 1);
    let class = classes[0];
    assert_eq!(class.rightmost, far);
    // Every pair y xor z = mask, z < x with the mask's top bit: checked on a sample.
    assert_eq!(class.mask, BigUint::from(1u32));
    assert_eq!(class.moves, &far / 2u32);
    let wanted = BigUint::from(3u32);
    let z = &far - 1u32;
    let y = &z ^ &class.mask;
    let mock = |c: &BigUint| CoinRule::MockTurtles.head_value(c);
    if y < z {
        assert_eq!(mock(&y) ^ mock(&z), wanted);
    }
}

#[test]
fn positions_must_not_repeat_a_cell() {
    let game = CoinTurning::new(CoinRule::Twins);
    let twice = Position::Heaps(vec![3u32.into(), 3u32.into()]);
    assert!(game.check_position(&twice).is_err());
    assert!(game.check_position(&Position::Heaps(vec![0u32.into(), 3u32.into()])).is_ok());
}

#[test]
fn each_option_is_the_position_its_action_leaves() {
    for rule in CoinRule::ALL {
        let game = CoinTurning::new(rule);
        for set in 0u32..1 << 6 {
            let heads: Vec<BigUint> = (0..6u32)
                .filter(|&c| set >> c & 1 == 1)
                .map(BigUint::from)
                .collect();
            let position = Position::Heaps(heads);
            for (action, after) in game.options(&position).expect("listed") {
                assert_eq!(
                    game.after(&position, &action, 1 << 10),
                    Some(after),
                    "{} at {position}: {action:?}",
                    rule.name()
                );
            }
        }
    }
}
