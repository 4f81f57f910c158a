use super::*;

/// The P/N table of the literal rules for heaps up to `largest`: `lost[n][q]` is whether the
/// player to move loses at a heap of `n` who may take at most `q ≤ n`. Taking `t` leaves
/// `(n − t, min(f(t), n − t))`, `f(t)` below 0 counted as 0; an empty heap is lost.
fn lost_table(bound: Bound, largest: usize) -> Vec<Vec<bool>> {
    let f = |t: usize| -> usize {
        let value = i128::from(bound.slope) * t as i128 + i128::from(bound.offset);
        usize::try_from(value.max(0)).unwrap_or(usize::MAX)
    };
    let mut lost: Vec<Vec<bool>> = Vec::with_capacity(largest + 1);
    for n in 0..=largest {
        let mut row = vec![true; n + 1];
        let mut wins = false;
        for q in 1..=n {
            // Raising the quota to q adds the move t = q.
            let left = n - q;
            wins = wins || lost[left][f(q).min(left)];
            row[q] = !wins;
        }
        lost.push(row);
    }
    lost
}

/// Every winning take at a heap of `n` whatever the quota (`q = n`), from the literal rules.
fn winning_takes(bound: Bound, lost: &[Vec<bool>], n: usize) -> Vec<u64> {
    let f = |t: usize| -> usize {
        let value = i128::from(bound.slope) * t as i128 + i128::from(bound.offset);
        usize::try_from(value.max(0)).unwrap_or(usize::MAX)
    };
    (1..=n)
        .filter(|&t| lost[n - t][f(t).min(n - t)])
        .map(|t| t as u64)
        .collect()
}

/// Outcomes and every winning move of every heap up to 2000 with every quota (fresh heaps are
/// the quota `n − 1`) equal the literal rules, for `kx` with k from 1 to 6 and a few other
/// bounds within the theorem.
#[test]
fn the_theorem_matches_the_literal_rules() {
    const LARGEST: usize = 2000;
    let mut bounds: Vec<Bound> = (1..=6).map(|slope| Bound { slope, offset: 0 }).collect();
    bounds.extend([
        Bound { slope: 1, offset: 1 },
        Bound { slope: 1, offset: 3 },
        Bound { slope: 3, offset: -2 },
        Bound { slope: 2, offset: 5 },
    ]);
    for bound in bounds {
        assert!(bound.has_theorem());
        let game = Dynamic::new(bound);
        game.terms.write().unwrap_or_else(PoisonError::into_inner).keep_all = true;
        let lost = lost_table(bound, LARGEST);
        game.with_words(LARGEST as u64, |kept, top| {
            assert!(top.is_none(), "every term up to the largest heap is kept");
            for n in 0..=LARGEST {
                let all = winning_takes(bound, &lost, n);
                let representation = kept.greedy(&(n as u64), None).expect("kept");
                let below = match n {
                    0 => Vec::new(),
                    _ => kept.greedy(&(n as u64 - 1), None).expect("kept"),
                };
                for q in 0..=n as u64 + 1 {
                    let capped = (q as usize).min(n);
                    let expected_wins = !lost[n][capped];
                    let smallest = representation.last().map(|&(_, term)| term);
                    assert_eq!(
                        smallest.is_some_and(|s| s <= q),
                        expected_wins,
                        "f = {bound}, n = {n}, q = {q}"
                    );
                    let takes = sequence::winning_takes(&below, bound, &(n as u64), &q);
                    let expected: Vec<u64> = all.iter().copied().filter(|&t| t <= q).collect();
                    assert_eq!(takes, expected, "f = {bound}, n = {n}, q = {q}");
                }
            }
        })
        .expect("a theorem");
    }
}

/// The public answers in big integers agree with the machine-word ones, and `dynamic:2x` is
/// Fibonacci Nim.
#[test]
fn the_big_integer_path_and_fibonacci_nim_agree() {
    let game = Dynamic::new(Bound {
        slope: 2,
        offset: 0,
    });
    for n in 0u32..400 {
        for q in [1u32, 2, 3, 5, 8, 13, n.saturating_sub(1), n] {
            let (n, q) = (BigUint::from(n), BigUint::from(q));
            assert_eq!(
                game.wins(&n, &q),
                Some(crate::games::fibonacci_nim::wins(&n, &q)),
                "n = {n}, q = {q}"
            );
            let fibonacci: Vec<BigUint> = crate::games::fibonacci_nim::winning_moves(&n, &q)
                .into_iter()
                .map(|m| m.take)
                .collect();
            assert_eq!(game.winning_moves(&n, &q), Some(fibonacci));
            let mut kept: Kept<BigUint> = Kept::new(game.bound());
            assert!(kept.extend_through(&n, u64::MAX));
            let below = if n.is_zero() {
                Vec::new()
            } else {
                kept.greedy(&(&n - 1u32), None).expect("kept")
            };
            assert_eq!(
                sequence::winning_takes(&below, game.bound(), &n, &q),
                game.winning_moves(&n, &q).unwrap_or_default()
            );
        }
    }
    // Beyond 64 bits: 2^100 in Fibonacci Nim.
    let n = BigUint::from(1u32) << 100;
    let q = &n - 1u32;
    assert_eq!(
        game.wins(&n, &q),
        Some(crate::games::fibonacci_nim::wins(&n, &q))
    );
    let fibonacci: Vec<BigUint> = crate::games::fibonacci_nim::winning_moves(&n, &q)
        .into_iter()
        .map(|m| m.take)
        .collect();
    assert_eq!(game.winning_moves(&n, &q), Some(fibonacci));
}

/// A second implementation of the sequence, from its definition with the index `m` found by a
/// binary search each time (no pointer kept).
fn sequence_by_definition(k: u64, limit: u64) -> Vec<u64> {
    let mut terms = vec![1u64];
    loop {
        let last = *terms.last().expect("a term");
        if last > limit {
            return terms;
        }
        let m = terms
            .binary_search_by(|&term| {
                if u128::from(k) * u128::from(term) >= u128::from(last) {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Less
                }
            })
            .unwrap_err();
        match last.checked_add(terms[m]) {
            Some(next) => terms.push(next),
            None => return terms,
        }
    }
}

/// The smallest term of `n`, taking the largest term that fits the rest over the whole
/// sequence each time (a representation never needs the bound to be checked: Lemma 2).
fn smallest_by_walk(terms: &[u64], n: u64) -> Option<u64> {
    let mut rest = n;
    let mut smallest = None;
    while rest > 0 {
        let fits = terms.partition_point(|&term| term <= rest);
        let term = terms[fits - 1];
        rest -= term;
        smallest = Some(term);
    }
    smallest
}

/// For k up to 10^5 and heaps up to 10^18: the outcome equals the second implementation's, each
/// move listed wins by it, and no take among the 300 smallest or largest is missing.
#[test]
fn large_bounds_and_heaps_agree_with_a_second_implementation() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for k in [1u64, 3, 7, 100, 1000, 100_000] {
        let bound = Bound {
            slope: i64::try_from(k).expect("a small k"),
            offset: 0,
        };
        let game = Dynamic::new(bound);
        let terms = sequence_by_definition(k, 1_000_000_000_000_000_000);
        for _ in 0..20 {
            let n = random() % 1_000_000_000_000_000_000 + 1;
            let q = match random() % 3 {
                0 => n - 1,
                1 => random() % n + 1,
                _ => random() % 1000 + 1,
            };
            let (big_n, big_q) = (BigUint::from(n), BigUint::from(q));
            let smallest = smallest_by_walk(&terms, n).expect("n > 0");
            assert_eq!(game.wins(&big_n, &big_q), Some(smallest <= q), "k = {k}, n = {n}");
            let wins_by_taking = |t: u64| {
                t <= q
                    && (t == n
                        || smallest_by_walk(&terms, n - t)
                            .is_some_and(|s| u128::from(s) > u128::from(k) * u128::from(t)))
            };
            let moves = game.winning_moves(&big_n, &big_q).expect("a theorem");
            for take in &moves {
                let take = take.to_u64().expect("a take below n");
                assert!(wins_by_taking(take), "k = {k}, n = {n}, q = {q}: take {take}");
            }
            let listed = |t: u64| moves.contains(&BigUint::from(t));
            for t in (1..=300.min(n)).chain(n.saturating_sub(300).max(1)..=n) {
                assert_eq!(listed(t), wins_by_taking(t), "k = {k}, n = {n}, q = {q}: take {t}");
            }
        }
    }
}

#[test]
fn bounds_read_and_write_back() {
    for (text, slope, offset, written) in [
        ("3x", 3, 0, "3x"),
        ("3*x", 3, 0, "3x"),
        ("x+2", 1, 2, "x + 2"),
        (" 2x - 1 ", 2, -1, "2x - 1"),
        ("10-x", -1, 10, "10 - x"),
        ("-x+10", -1, 10, "10 - x"),
        ("5", 0, 5, "5"),
        ("x+x", 2, 0, "2x"),
    ] {
        let bound = parse_bound(text).expect(text);
        assert_eq!(bound, Bound { slope, offset }, "{text}");
        assert_eq!(bound.to_string(), written);
    }
    for (text, at) in [
        ("", 0..0),
        ("3y", 1..2),
        ("x+", 1..2),
        ("2 3", 2..3),
        ("*x", 0..2),
        ("10000000000000000000x", 0..20),
        ("x++2", 1..3),
    ] {
        let problem = parse_bound(text).expect_err(text);
        assert_eq!(problem.span, at, "{text}: {problem:?}");
    }
}

/// The sequence of `kx` starts `1, 2, …, k + 1` and then grows by about `1 + 1/k` a term: a
/// question at `10^18` for `k = 10^5` keeps the terms up to about `10^13` (the first run and
/// those `c` apart for each `c` up to about `k/3` as runs, the others one by one) and walks
/// past the 1.15 million above them; asked again below, every term is kept, and the answers
/// stay the same.
#[test]
fn the_sequence_stays_within_its_memory() {
    let game = Dynamic::new(Bound {
        slope: 100_000,
        offset: 0,
    });
    let n = BigUint::from(10u32).pow(18);
    let representation = game.representation(&n).expect("within the limit");
    let indices: Vec<u64> = representation.iter().map(|&(index, _)| index).collect();
    assert_eq!(indices, [3_051_087, 1_826_490, 629_490, 290]);
    {
        let words = game.terms.read().unwrap_or_else(PoisonError::into_inner);
        let walk = words.frontier.as_ref().expect("a walk past the kept terms");
        assert_eq!(walk.top().0, 3_051_086);
        assert!(words.kept.len() < 2_000_000, "{}", words.kept.len());
        assert!(words.kept.bytes() < 8 << 20, "{}", words.kept.bytes());
    }
    // Back below the walk: every term is kept from then on.
    let lower = BigUint::from(10u32).pow(17) + 12_345u32;
    let again = game.representation(&lower).expect("within the limit");
    assert_eq!(again.iter().map(|(_, term)| term).sum::<BigUint>(), lower);
    {
        let words = game.terms.read().unwrap_or_else(PoisonError::into_inner);
        assert!(words.keep_all && words.frontier.is_none());
    }
    assert_eq!(game.representation(&n), Some(representation));
    let words = game.terms.read().unwrap_or_else(PoisonError::into_inner);
    assert_eq!(words.kept.len(), 3_051_088, "through 10^18 and one beyond");
    drop(words);
    let first = game.sequence(100_002, u64::MAX).expect("a theorem");
    assert!(first[..100_001].iter().copied().eq(1..=100_001));
    assert_eq!(first[100_001], 100_003);
}

/// Questions beyond the kept terms, asked in every order (one heap, then one above it, then
/// below: the heap and the heap less one, as `solve` asks), in machine words and in big
/// integers (each question alone), give the representation the whole sequence gives.
#[test]
fn walks_past_the_kept_terms_agree_with_the_whole_sequence() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let bounds = [
        Bound { slope: 1, offset: 0 },
        Bound { slope: 2, offset: 0 },
        Bound { slope: 3, offset: -2 },
        Bound { slope: 7, offset: 0 },
        Bound { slope: 1, offset: 3 },
        Bound { slope: 1000, offset: 5 },
        Bound { slope: 100_000, offset: 0 },
    ];
    for bound in bounds {
        let whole = Dynamic::new(bound);
        whole.terms.write().unwrap_or_else(PoisonError::into_inner).keep_all = true;
        let walking = Dynamic::new(bound);
        for round in 0..12u32 {
            let n = match round {
                0 => 1_000_000_000_000_000_000,
                1 => 1_000_000_000_000_000_001,
                2 => u64::MAX,
                _ => (random() >> (random() % 40)).max(1),
            };
            for x in [n, n - 1, n.saturating_add(1)] {
                let big = BigUint::from(x);
                let expected = whole.representation(&big).expect("a theorem");
                assert_eq!(
                    expected.iter().map(|(_, term)| term).sum::<BigUint>(),
                    big,
                    "f = {bound}, x = {x}"
                );
                assert_eq!(walking.representation(&big).as_ref(), Some(&expected), "f = {bound}, x = {x}");
                let fresh = Dynamic::new(bound).representation(&big);
                assert_eq!(fresh.as_ref(), Some(&expected), "f = {bound}, x = {x}");
                if bound.slope >= 1000 && round > 0 {
                    continue; // big integers are slow to walk millions of terms
                }
                let in_big = whole
                    .with_big(&big, |kept, top| kept.greedy(&big, top))
                    .flatten()
                    .expect("a theorem");
                let in_big: Vec<(u64, BigUint)> = in_big
                    .into_iter()
                    .map(|(index, term)| (index as u64 + 1, term))
                    .collect();
                assert_eq!(in_big, expected, "f = {bound}, x = {x}");
            }
        }
    }
}

/// Heaps near 2^64: the machine-word sequence stops where the next term would pass 2^64 (it is
/// then complete, and asked again it is not rebuilt), and big integers take over beyond.
#[test]
fn heaps_near_two_to_the_sixty_four() {
    let game = Dynamic::new(Bound {
        slope: 1,
        offset: 0,
    });
    let top = BigUint::from(u64::MAX);
    for n in [&top - 5u32, top.clone(), &top + 1u32, &top + 7u32] {
        let quota = &n - 1u32;
        // f(x) = x: H is the powers of two, the smallest term the lowest bit of n.
        let lowest = BigUint::from(1u32) << n.trailing_zeros().unwrap_or(0);
        for _ in 0..2 {
            assert_eq!(game.wins(&n, &quota), Some(lowest <= quota), "{n}");
            assert_eq!(game.wins(&n, &(&lowest - 1u32)), Some(false), "{n}");
        }
    }
    let words = game.terms.read().unwrap_or_else(PoisonError::into_inner);
    assert!(words.kept.is_complete());
    assert_eq!(words.kept.len(), 64);
}

/// The terms kept one by one read back as a list holds them: whole, at any index, after any
/// index, the largest at most any number; across the mark every 64 terms and the change from
/// 32-bit differences to whole terms (differences non-decreasing, as `H_m(j)` is), in machine
/// words and in big integers.
#[test]
fn terms_kept_by_their_differences_read_back_whole() {
    fn check<T: sequence::Term + std::fmt::Debug + From<u64>>() {
        let before = T::from(1000);
        let mut terms: Vec<T> = Vec::new();
        let mut plain = plain::Plain::default();
        let mut last = before.clone();
        let mut step = 1u64;
        for i in 0..400u64 {
            // Past 2^32 from the 300th term on.
            step = if i == 300 { 1 << 33 } else { step + i % 3 };
            let next = last.plus(&T::from(step)).expect("no overflow in the test");
            let bytes = plain.push(next.clone(), &last);
            assert!(bytes >= 4, "a term takes bytes");
            terms.push(next.clone());
            last = next;
        }
        assert_eq!(plain.len(), terms.len());
        assert_eq!(plain.first(), terms.first());
        assert_eq!(plain.iter().collect::<Vec<_>>(), terms);
        for (index, term) in terms.iter().enumerate() {
            assert_eq!(plain.get(index).as_ref(), Some(term), "get({index})");
            assert_eq!(plain.after(index, term), terms.get(index + 1).cloned(), "after({index})");
            let after: Vec<T> = plain.terms_after(index, term).collect();
            assert_eq!(after, terms[index + 1..], "terms_after({index})");
            assert_eq!(plain.floor(term), Some((index, term.clone())));
            let above = term.plus(&T::one()).expect("small");
            let at_most = terms.partition_point(|t| t <= &above) - 1;
            assert_eq!(plain.floor(&above), Some((at_most, terms[at_most].clone())));
        }
        assert_eq!(plain.floor(&before), None);
        assert_eq!(plain.get(terms.len()), None);
    }
    check::<u64>();
    check::<BigUint>();
}

/// An extension stopped by its bytes among the terms kept one by one keeps what it added
/// whole: its last term, its count and its terms agree, and extending on from there (with
/// room) gives the sequence.
#[test]
fn an_extension_past_its_bytes_keeps_its_terms_whole() {
    let k = 1000;
    let bound = Bound {
        slope: i64::try_from(k).expect("small"),
        offset: 0,
    };
    let mut kept: Kept<u64> = Kept::new(bound);
    assert!(kept.extend_until(|_, last| *last > 10_000_000, u64::MAX));
    let budget = kept.bytes() + 1000;
    assert!(!kept.extend_until(|_, _| false, budget), "the budget stops it");
    let terms: Vec<u64> = kept.iter().collect();
    assert_eq!(terms.len(), kept.len());
    assert_eq!(terms.last(), Some(kept.last()));
    let whole = sequence_by_definition(k, 1 << 40);
    assert_eq!(terms, whole[..terms.len()]);
    assert!(kept.extend_until(|_, last| *last > 1 << 40, u64::MAX));
    let terms: Vec<u64> = kept.iter().collect();
    assert_eq!(terms, whole[..terms.len()]);
    assert_eq!(terms.len(), whole.len());
}

/// An extension with no bytes left keeps its word: it says the terms stay within the budget
/// exactly when they do, also where the term that passes the budget is the last of the width
/// (`x`: the terms are the powers of 2, and from 2^62 one more fits 64 bits).
#[test]
fn an_extension_without_room_says_whether_it_passed_its_bytes() {
    for slope in 1..=3 {
        for stop in [1u64 << 40, 1 << 62] {
            let mut kept: Kept<u64> = Kept::new(Bound { slope, offset: 0 });
            assert!(kept.extend_until(|_, last| *last >= stop, u64::MAX));
            let budget = kept.bytes();
            let within = kept.extend_until(|_, _| false, budget);
            assert_eq!(within, kept.bytes() <= budget, "{slope}x past {stop}");
        }
    }
}
