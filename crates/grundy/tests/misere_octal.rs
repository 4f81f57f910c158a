//! Misère take-and-break codes against a brute force written from the definitions: the misère
//! outcome of every multiset of heaps up to a token bound, by exhaustive search over the code's
//! digits (not grundy's move generator), compared with grundy's answers — the tame rule, the
//! exact search, and sums with Nim; Conway's genus by the rule on options against its definition
//! (misère values of `G + k·*2`).

use std::collections::HashMap;

use grundy::games::octal::{Code, Modifier};
use grundy::render::moves::description;
use grundy::theory::genus::Tame;
use grundy::{Analyzer, Config, Game, Outcome, Position, Tameness, parse_game};
use num_bigint::BigUint;

fn analyzer() -> Analyzer<'static> {
    Analyzer::new(Config::default().with_threads(1).unwrap())
}

fn code(spec: &str) -> Code {
    match parse_game(spec).unwrap() {
        Game::Octal(code) => code,
        other => panic!("{spec} is not a code: {other}"),
    }
}

/// The heaps a move of `code` may leave from a heap of `n`, from the digits: digit `j` says
/// what may be done when `j` tokens are removed — bit 1 the whole heap, bit 2 leave one heap,
/// bit 4 two, bit 8 three (nonempty heaps; `!` pairwise unequal, `?` not all equal).
fn options(code: &Code, n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for j in 0..=n {
        let (digit, modifier) = code.digit(j as usize);
        let rest = n - j;
        let fits = |parts: &[u32]| match modifier {
            Modifier::None => true,
            Modifier::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
            Modifier::NotAllEqual => parts.windows(2).any(|w| w[0] != w[1]),
        };
        if j > 0 && digit & 1 != 0 && rest == 0 {
            out.push(Vec::new());
        }
        if j > 0 && digit & 2 != 0 && rest >= 1 {
            out.push(vec![rest]);
        }
        if digit & 4 != 0 {
            for a in 1..rest {
                let b = rest - a;
                if a <= b && fits(&[a, b]) {
                    out.push(vec![a, b]);
                }
            }
        }
        if digit & 8 != 0 {
            for a in 1..rest {
                for b in a..rest {
                    if a + b >= rest {
                        break;
                    }
                    let c = rest - a - b;
                    if b <= c && fits(&[a, b, c]) {
                        out.push(vec![a, b, c]);
                    }
                }
            }
        }
    }
    out
}

/// Misère Grundy values of positions made of heaps of several games (`(game index, size)`),
/// by the definition: the mex of the options' values, 1 without a move.
struct Oracle {
    codes: Vec<Code>,
    memo: HashMap<Vec<(usize, u32)>, u32>,
}

impl Oracle {
    fn new(specs: &[&str]) -> Self {
        Self {
            codes: specs.iter().map(|s| code(s)).collect(),
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, position: &[(usize, u32)]) -> u32 {
        let mut key: Vec<(usize, u32)> = position.iter().copied().filter(|p| p.1 > 0).collect();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            let (game, n) = key[i];
            for parts in options(&self.codes[game], n) {
                let mut next = key.clone();
                next.remove(i);
                next.extend(parts.iter().map(|&p| (game, p)));
                seen.push(self.value(&next));
            }
        }
        let value = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert(key, value);
        value
    }

    fn loses(&mut self, heaps: &[u32]) -> bool {
        let position: Vec<(usize, u32)> = heaps.iter().map(|&h| (0, h)).collect();
        self.value(&position) == 0
    }
}

/// Every multiset of heaps (nonincreasing lists of parts at most `largest`) with at most
/// `tokens` tokens in all.
fn multisets(tokens: u32, largest: u32) -> Vec<Vec<u32>> {
    fn extend(left: u32, largest: u32, current: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.push(current.clone());
        for part in (1..=largest.min(left)).rev() {
            current.push(part);
            extend(left - part, part, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    extend(tokens, largest, &mut Vec::new(), &mut out);
    out
}

fn heaps_of(list: &[u32]) -> Vec<BigUint> {
    list.iter().map(|&h| BigUint::from(h)).collect()
}

/// The positions a solution's winning moves leave, sorted, each sorted.
fn winning_positions(solution: &grundy::Solution) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = solution
        .winning_moves
        .iter()
        .map(|m| match &m.to {
            grundy::Target::Whole(Position::Heaps(heaps)) => {
                let mut left: Vec<u32> = heaps.iter().map(|h| u32::try_from(h).unwrap()).collect();
                left.sort_unstable();
                left
            }
            other => panic!("expected the whole position: {other:?}"),
        })
        .collect();
    out.sort();
    out
}

/// The oracle's winning positions from `heaps`: every option that loses for the player to move.
fn oracle_winning(oracle: &mut Oracle, heaps: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (i, &n) in heaps.iter().enumerate() {
        for parts in options(&oracle.codes[0].clone(), n) {
            let mut next = heaps.to_vec();
            next.splice(i..=i, parts);
            if oracle.loses(&next) {
                let mut sorted = next.clone();
                sorted.retain(|&h| h > 0);
                sorted.sort_unstable();
                out.push(sorted);
            }
        }
    }
    out.sort();
    out
}

/// `solve` on every multiset of heaps up to `tokens` tokens against the oracle: outcome, misère
/// value and every winning move; the tame rule where it applies, else the search. Returns how
/// many positions each answered.
fn check_every_position(spec: &str, tokens: u32, search_tokens: u32) -> (u64, u64) {
    let game = parse_game(&format!("misere:{spec}")).unwrap();
    let analyzer = analyzer();
    let mut oracle = Oracle::new(&[spec]);
    let report = analyzer.genus(&game, u64::from(tokens)).unwrap();
    let (mut tame, mut searched) = (0, 0);
    for heaps in multisets(tokens, tokens) {
        let total: u32 = heaps.iter().sum();
        let in_range = report.every_heap || heaps.iter().all(|&h| u64::from(h) <= report.tame_to);
        if !in_range && total > search_tokens {
            continue;
        }
        let solution = match analyzer.solve(&game, &Position::Heaps(heaps_of(&heaps))) {
            Ok(solution) => solution,
            Err(error) => panic!("{game} {heaps:?}: {error}"),
        };
        let by_rule = matches!(solution.basis, grundy::Basis::Rule(_));
        assert_eq!(
            by_rule, in_range,
            "{game} {heaps:?}: the tame rule answers the tame range"
        );
        if by_rule {
            tame += 1;
        } else {
            searched += 1;
        }
        let context = format!("{game} {heaps:?} ({:?})", solution.basis);
        let loses = oracle.loses(&heaps);
        assert_eq!(solution.outcome == Outcome::Lose, loses, "{context}");
        let position: Vec<(usize, u32)> = heaps.iter().map(|&h| (0, h)).collect();
        assert_eq!(
            solution.misere_grundy,
            Some(oracle.value(&position).into()),
            "{context}: misère value"
        );
        assert_eq!(
            winning_positions(&solution),
            oracle_winning(&mut oracle, &heaps),
            "{context}: winning moves"
        );
    }
    (tame, searched)
}

#[test]
fn kayles_every_position_to_24_tokens() {
    // Heaps 1 to 4 are tame: every multiset of them is answered by the tame rule; the others are
    // searched.
    let (tame, searched) = check_every_position("0.77", 24, 24);
    assert!(
        tame > 1000 && searched > 500,
        "{tame} by rule, {searched} by search"
    );
}

#[test]
fn search_alone_matches_the_oracle_on_kayles_to_24_tokens() {
    let game = parse_game("misere:0.77").unwrap();
    let analyzer = analyzer();
    let mut oracle = Oracle::new(&["0.77"]);
    // Single heaps and pairs to 24 tokens, each with its winning moves.
    let mut positions: Vec<Vec<u32>> = (0..=24).map(|n| vec![n]).collect();
    positions.extend((1..=12).flat_map(|a| (a..=24 - a).map(move |b| vec![a, b])));
    for heaps in positions {
        let solution = analyzer
            .solve_misere_by_search(&game, &heaps_of(&heaps))
            .unwrap();
        assert_eq!(
            solution.outcome == Outcome::Lose,
            oracle.loses(&heaps),
            "{heaps:?}"
        );
        assert_eq!(
            winning_positions(&solution),
            oracle_winning(&mut oracle, &heaps),
            "{heaps:?}"
        );
    }
}

#[test]
fn other_codes_every_position_to_20_tokens() {
    // 0.07 (Dawson's Kayles), 0.31 (tame), 0.[7] (Be the Winner), 4!.0 (Grundy's game, with
    // `!`), 0.6 (wild), 4.7 (Daisies: splits without taking).
    for (spec, tokens, search_tokens) in [
        ("0.07", 20, 20),
        ("0.31", 20, 20),
        ("0.[7]", 20, 20),
        ("4!.0", 20, 20),
        ("0.6", 20, 20),
        ("4.7", 16, 16),
        ("0.137", 20, 20),
        ("0.4?", 20, 20),
    ] {
        check_every_position(spec, tokens, search_tokens);
    }
}

#[test]
fn genus_by_rule_matches_genus_by_definition() {
    let analyzer = analyzer();
    for spec in [
        "0.77", "0.07", "0.31", "0.[7]", "4!.0", "0.6", "4.7", "0.137", "0.[3]", "0.15",
    ] {
        let game = parse_game(&format!("misere:{spec}")).unwrap();
        let to = 12;
        let report = analyzer.genus(&game, to).unwrap();
        let definition = analyzer.genus_by_definition(&game, to, 6).unwrap();
        for (row, (normal, gammas)) in report.heaps.iter().zip(&definition) {
            let by_rule: Vec<u32> = (0..gammas.len()).map(|k| row.genus.exponent(k)).collect();
            assert_eq!(
                (row.genus.normal(), &by_rule),
                (*normal, gammas),
                "{game} heap {}",
                row.heap
            );
        }
    }
}

#[test]
fn tame_heaps_play_like_their_types_with_nim() {
    // Sums of tame heaps of 0.31 and Nim heaps of any size up to 6: the oracle against the type
    // rule, and against grundy's answer for the misère sum across the two families.
    let analyzer = analyzer();
    let report = analyzer
        .genus(&parse_game("misere:0.31").unwrap(), 10)
        .unwrap();
    assert_eq!(report.tame_to, 10);
    let types: Vec<Tame> = report
        .heaps
        .iter()
        .map(|h| match h.tameness {
            Tameness::Tame(t) => t,
            ref other => panic!("heap {}: {other:?}", h.heap),
        })
        .collect();
    let mut oracle = Oracle::new(&["0.31", "0.[3]"]);
    for codes in multisets(10, 10) {
        for nims in multisets(6, 6) {
            if codes.len() + nims.len() > 4 {
                continue;
            }
            let total = codes
                .iter()
                .map(|&h| types[h as usize])
                .chain(nims.iter().map(|&h| Tame::nim_heap(h)))
                .fold(Tame::ZERO, Tame::plus);
            let position: Vec<(usize, u32)> = codes
                .iter()
                .map(|&h| (0, h))
                .chain(nims.iter().map(|&h| (1, h)))
                .collect();
            let value = oracle.value(&position);
            assert_eq!(total.misere(), value, "0.31 {codes:?} + nim {nims:?}");
            let spec = format!(
                "misere:nim[{}] + 0.31[{}]",
                Position::Heaps(heaps_of(&nims)),
                Position::Heaps(heaps_of(&codes))
            );
            let game = parse_game(&spec).unwrap();
            let solution = analyzer.solve(&game, &Position::Sum).unwrap();
            assert_eq!(solution.outcome == Outcome::Lose, value == 0, "{spec}");
            // Every winning move leaves a P-position; there is one exactly when the sum is an
            // N-position with a move (the empty sum is won without moving).
            let winning = solution.winning_moves.len();
            let empty = codes.is_empty() && nims.is_empty();
            assert_eq!(
                winning == 0,
                value == 0 || empty,
                "{spec}: {winning} winning moves"
            );
        }
    }
}

#[test]
fn be_the_winner_is_misere_nim_at_any_size() {
    // 0.[7]: every heap pretends to be the Nim heap of its size (docs/misere.md §4), so the
    // misère outcome is Bouton's misère rule on the sizes, at any size.
    let game = parse_game("misere:0.[7]").unwrap();
    let analyzer = analyzer();
    let positions = [
        vec![2u32, 2, 3],
        vec![1, 1, 1],
        vec![1_000_000, 1_000_000],
        vec![4_000_000_000, 4_000_000_000, 1, 1],
        vec![1000, 7, 3],
    ];
    for heaps in positions {
        let solution = analyzer
            .solve(&game, &Position::Heaps(heaps_of(&heaps)))
            .unwrap();
        let big: Vec<BigUint> = heaps_of(&heaps);
        assert_eq!(
            solution.outcome == Outcome::Lose,
            grundy::nim::misere_loses(&big),
            "{heaps:?}"
        );
        assert!(matches!(
            solution.basis,
            grundy::Basis::Rule(grundy::ClosedForm::TameMisere {
                range: grundy::TameRange::EveryHeap,
                ..
            })
        ));
    }
    let solution = analyzer
        .solve(&game, &game.parse_position("2,2,3").unwrap())
        .unwrap();
    let moves: Vec<String> = solution
        .winning_moves
        .iter()
        .map(|m| description(&game, m))
        .collect();
    assert_eq!(
        moves,
        [
            "take 1 (heap 1)",
            "take 1 (heap 2)",
            "take 1 and split the rest into 1 and 1 (heap 3)",
            "take all 3 (heap 3)"
        ]
    );
}

#[test]
fn known_misere_answers() {
    // testdata/misere.json: misère Kayles' single-heap values, misère Nim and 0.31 tame.
    let path = format!("{}/../../testdata/misere.json", env!("CARGO_MANIFEST_DIR"));
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let analyzer = analyzer();
    for entry in file["games"].as_array().unwrap() {
        let game = parse_game(entry["game"].as_str().unwrap()).unwrap();
        let source = entry["source"].as_str().unwrap();
        if let Some(values) = entry["misere_values"].as_array() {
            let expected: Vec<u64> = values.iter().map(|v| v.as_u64().unwrap()).collect();
            let table = analyzer
                .table(&game, &0u32.into(), &(expected.len() as u64 - 1).into())
                .unwrap();
            let got: Vec<u64> = table
                .values
                .iter()
                .map(|v| u64::try_from(v).unwrap())
                .collect();
            assert_eq!(got, expected, "{game} ({source})");
        }
        if let Some(genera) = entry["genera"].as_array() {
            let report = analyzer.genus(&game, genera.len() as u64 - 1).unwrap();
            let got: Vec<String> = report
                .heaps
                .iter()
                .map(|h| grundy::render::genus_notation(&h.genus))
                .collect();
            let expected: Vec<&str> = genera.iter().map(|g| g.as_str().unwrap()).collect();
            assert_eq!(got, expected, "{game} ({source})");
        }
        if let Some(genera) = entry["cgsuite_genera"].as_str() {
            let expected = cgsuite_genera(genera);
            let report = analyzer.genus(&game, expected.len() as u64 - 1).unwrap();
            for (heap, expected) in report.heaps.iter().zip(&expected) {
                if let Some(expected) = expected {
                    let got = grundy::render::genus_notation(&heap.genus);
                    assert_eq!(&got, expected, "{game} heap {} ({source})", heap.heap);
                }
            }
        }
        if let Some(tame_to) = entry["tame_to_at_least"].as_u64() {
            let report = analyzer.genus(&game, tame_to).unwrap();
            assert!(
                report.tame_to >= tame_to,
                "{game} ({source}): tame to {}",
                report.tame_to
            );
        }
        if let Some(first_wild) = entry["first_not_tame"].as_u64() {
            let report = analyzer.genus(&game, first_wild).unwrap();
            assert_eq!(report.tame_to + 1, first_wild, "{game} ({source})");
        }
    }
}

/// `CGSuite`'s list of genera in grundy's notation: `g` alone is the genus of the Nim heap `*g`,
/// `g^abc` and `g^(a,b,c)` are superscripts; `None` where `CGSuite` writes fewer than two exponents
/// (its abbreviation, not comparable).
fn cgsuite_genera(list: &str) -> Vec<Option<String>> {
    let mut out = Vec::new();
    let mut rest = list;
    while !rest.is_empty() {
        let end = if let Some(open) = rest
            .find('(')
            .filter(|&o| o < rest.find(',').unwrap_or(usize::MAX))
        {
            rest[open..].find(')').unwrap() + open + 1
        } else {
            rest.find(',').unwrap_or(rest.len())
        };
        let item = &rest[..end];
        rest = rest[end..].trim_start_matches(',');
        out.push(match item.split_once('^') {
            None => {
                let g: u32 = item.parse().unwrap();
                Some(grundy::render::genus_notation(&Tame::nim_heap(g).genus()))
            }
            Some((g, sup)) if sup.starts_with('(') => Some(format!(
                "{g}^{{{}}}",
                sup.trim_matches(|c| c == '(' || c == ')')
            )),
            Some((_, sup)) if sup.len() < 2 => None,
            Some((g, sup)) => Some(format!("{g}^{{{sup}}}")),
        });
    }
    out
}

#[test]
fn wild_misere_sums_with_nim_are_searched_exactly() {
    // Kayles heaps of 5 and more are wild: a misère sum with Nim is searched, and its outcome
    // and winning moves agree with the oracle.
    let analyzer = analyzer();
    let mut oracle = Oracle::new(&["0.77", "0.[3]"]);
    for codes in [vec![5u32], vec![6, 2], vec![7, 1], vec![5, 5], vec![8]] {
        for nims in [vec![], vec![1u32], vec![2], vec![3, 1], vec![4]] {
            let spec = format!(
                "misere:nim[{}] + 0.77[{}]",
                Position::Heaps(heaps_of(&nims)),
                Position::Heaps(heaps_of(&codes))
            );
            let game = parse_game(&spec).unwrap();
            let solution = analyzer.solve(&game, &Position::Sum).unwrap();
            let position: Vec<(usize, u32)> = codes
                .iter()
                .map(|&h| (0, h))
                .chain(nims.iter().map(|&h| (1, h)))
                .collect();
            let value = oracle.value(&position);
            assert_eq!(solution.outcome == Outcome::Lose, value == 0, "{spec}");
            assert!(
                matches!(solution.basis, grundy::Basis::Search { .. }),
                "{spec}"
            );
            for play in &solution.winning_moves {
                let grundy::Target::Sum(after) = &play.to else {
                    panic!("{spec}: {play:?}");
                };
                let mut left = Vec::new();
                for (index, part) in after.iter().enumerate() {
                    let Position::Heaps(heaps) = part else {
                        panic!("{part:?}")
                    };
                    let game = 1 - index; // nim is component 0, the code component 1
                    left.extend(heaps.iter().map(|h| (game, u32::try_from(h).unwrap())));
                }
                assert_eq!(oracle.value(&left), 0, "{spec}: {play:?}");
            }
        }
    }
}
