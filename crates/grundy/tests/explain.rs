//! `Analyzer::explain` for every game family, in both languages: every number an explanation
//! states is re-derived here from the library's own answers (tables, solutions), so an
//! explanation that states a wrong mex, xor or residue fails; and the Fluent messages exist in
//! both languages and format without errors.

use std::collections::BTreeSet;

use grundy::analysis::explain::{Derivation, Explanation, Rule, Step};
use grundy::render::explain::{Arg, Format, Language, Messages, message_ids, render};
use grundy::spec::parse_game_with_loader;
use grundy::{Analyzer, Config, Game, Outcome, Position};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// Every family, with a position (or none).
const CASES: &[(&str, Option<&str>)] = &[
    ("subtraction:1,3,4", Some("10^18")),
    ("subtraction:1,3,4", Some("5")),
    ("subtraction:2,5,7", Some("100")),
    ("subtraction:1,3,4", Some("10^99999")),
    ("allbut:2,3,7", Some("1000")),
    ("subtraction:powers-of-2", Some("100")),
    ("subtraction:fibonacci", Some("30")),
    ("bash:3", Some("10")),
    ("bash:3", Some("12")),
    ("misere:subtraction:1,3,4", Some("9")),
    ("misere:bash:3", None),
    ("nim", Some("3,4,5")),
    ("nim", Some("1,2,3")),
    ("misere:nim", Some("1,1,1")),
    ("misere:nim", Some("1,1,5")),
    ("wythoff", Some("3,5")),
    ("wythoff", Some("4,5")),
    ("wythoff", Some("1000000000000000000,1618033988749894848")),
    ("fibonacci-nim", Some("20/4")),
    ("fibonacci-nim", Some("21")),
    ("misere:fibonacci-nim", Some("1")),
    ("misere:fibonacci-nim", Some("10")),
    ("norepeat:1,2,3", Some("10")),
    ("norepeat:1,2,3", Some("10/2")),
    ("oddball:1,2,3", Some("5")),
    ("oddball:1,4,5", Some("13")),
    ("0.77", Some("5,7")),
    ("0.77", None),
    ("4.07", Some("9")),
    (
        "subtraction:1,3,4[10] + nim[7] + wythoff[3,5] + fibonacci-nim[20/4]",
        None,
    ),
    (
        "subtraction:fibonacci[1] + subtraction:fibonacci[4] + subtraction:fibonacci[1]",
        None,
    ),
    ("misere:nim[2] + bash:3[3]", None),
    ("coins:mock-turtles", Some("0,3,5")),
    ("turning-corners", Some("5:6,3:3")),
    ("every:nim[3] + subtraction:1,2[5]", None),
    ("every:nim[3] + subtraction:1,2[6]", None),
    ("staircase", Some("3,0,5,2")),
    ("moore:2", Some("7,5,6,1")),
    ("moore:2", Some("3,3,3,5,5,5")),
    ("moore:2[1,2,3] + nim[3]", None),
    ("dynamic:3x", Some("45")),
    ("dynamic:3x", Some("40/5")),
    ("dynamic:x+2", Some("1000000000000000000")),
    ("dynamic:3x[45] + nim[3]", None),
    ("dynamic:10-x", Some("12")),
    ("hackenbush", Some("0-1,1-2,2-0,2-3,0-4")),
    ("digraph:0>1,1>2,0>2,2>3", Some("0,1")),
    ("digraph:0>0,0>1", Some("0")),
    ("script:examples/cycle.rhai", Some("4")),
    ("script:examples/norepeat.rhai", Some("10")),
];

fn game(spec: &str) -> Game {
    let root = format!("{}/../../", env!("CARGO_MANIFEST_DIR"));
    parse_game_with_loader(spec, &|path| {
        std::fs::read_to_string(format!("{root}{path}")).map_err(|e| e.to_string())
    })
    .unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn analyzer() -> Analyzer<'static> {
    Analyzer::new(Config::default().with_threads(1).unwrap())
}

fn explained(spec: &str, position: Option<&str>) -> (Game, Option<Position>, Explanation) {
    let game = game(spec);
    let position = match (position, game.has_positions()) {
        (Some(text), _) => Some(game.parse_position(text).unwrap()),
        (None, true) => Some(Position::Sum),
        (None, false) => None,
    };
    let explanation = analyzer()
        .explain(&game, position.as_ref())
        .unwrap_or_else(|e| panic!("{spec}: {e}"));
    (game, position, explanation)
}

fn small(n: &BigUint) -> u64 {
    n.to_u64().expect("a small number")
}

/// Re-derives every row of a table from the library's own table of values.
fn check_table(game: &Game, table: &grundy::analysis::explain::ValueTable) {
    let last = table.rows.last().expect("rows").n;
    let values = analyzer()
        .table(game, &0u32.into(), &last.into())
        .unwrap()
        .values;
    let value = |n: u64| small(&values[n as usize]) as u32;
    for (row, expected) in table.rows.iter().zip(&values) {
        assert_eq!(
            u64::from(row.value),
            small(expected),
            "{game} row {}",
            row.n
        );
        for option in &row.options {
            assert_eq!(
                option.parts.iter().sum::<u64>() + option.take,
                row.n,
                "{game} row {}: the parts and the take add up to n",
                row.n
            );
            if table.forbids {
                continue; // the value of a state with a forbidden amount: checked below
            }
            let parts: Vec<u32> = option.parts.iter().map(|&p| value(p)).collect();
            assert_eq!(option.part_values, parts, "{game} row {}", row.n);
            assert_eq!(
                option.value,
                parts.iter().fold(0, |x, v| x ^ v),
                "{game} row {}: the xor of the parts",
                row.n
            );
        }
        let set: BTreeSet<u32> = row.options.iter().map(|o| o.value).collect();
        assert_eq!(row.mex_set, set.iter().copied().collect::<Vec<_>>());
        let mex = (0..).find(|v| !set.contains(v)).unwrap();
        assert_eq!(row.mex, mex, "{game} row {}", row.n);
        if game.is_misere() && row.options.is_empty() {
            assert_eq!(row.value, 1);
        } else {
            assert_eq!(row.value, mex);
        }
        if let (true, Game::NoRepeat(_)) = (table.forbids, game.base()) {
            for option in &row.options {
                let state = Position::LastMove {
                    heap: option.parts[0].into(),
                    last: Some(option.take),
                };
                let solution = analyzer().solve(game, &state).unwrap();
                assert_eq!(
                    solution.outcome == Outcome::Lose,
                    option.value == 0,
                    "{game} {state}"
                );
            }
        }
    }
    // The subtraction options are exactly n − s for s in S.
    if let Game::Subtraction(subtraction) = game.base() {
        for row in &table.rows {
            let takes: Vec<u64> = row.options.iter().map(|o| o.take).collect();
            let expected: Vec<u64> = (1..=row.n)
                .filter(|&s| subtraction.set().contains(s))
                .collect();
            assert_eq!(takes, expected, "{game} row {}", row.n);
        }
    }
}

/// Re-derives a xor: the total, each target, and each term's value alone.
fn check_xor(
    game: &Game,
    position: &Position,
    sum: &grundy::analysis::explain::XorSum,
    answer: &grundy::analysis::explain::Answer,
) {
    let total = sum.terms.iter().fold(BigUint::ZERO, |x, t| x ^ &t.value);
    assert_eq!(total, sum.total, "{game}: the xor");
    assert_eq!(Some(&total), answer.value.as_ref());
    for term in &sum.terms {
        assert_eq!(term.target, &term.value ^ &total);
    }
    match (game.base(), position) {
        (Game::Nim, Position::Heaps(heaps)) => {
            let values: Vec<&BigUint> = sum.terms.iter().map(|t| &t.value).collect();
            assert_eq!(values, heaps.iter().collect::<Vec<_>>());
        }
        (Game::Sum(components), _) => {
            for (component, term) in components.iter().zip(&sum.terms) {
                let alone = analyzer()
                    .solve(&component.game, &component.position)
                    .unwrap();
                match &alone.grundy {
                    Some(value) => assert_eq!(value, &term.value, "{component:?}"),
                    // A theorem of outcomes alone (Nim_k): the sum searched its value, which
                    // must agree with the outcome alone.
                    None => assert_eq!(
                        alone.outcome == Outcome::Lose,
                        term.value == BigUint::ZERO,
                        "{component:?}"
                    ),
                }
            }
        }
        (Game::Octal(_), Position::Heaps(heaps)) => {
            for (heap, term) in heaps.iter().zip(&sum.terms) {
                let alone = analyzer()
                    .solve(game, &Position::Heaps(vec![heap.clone()]))
                    .unwrap();
                assert_eq!(alone.grundy.as_ref(), Some(&term.value));
            }
        }
        other => panic!("a xor for {other:?}"),
    }
}

/// Every move leaves a position the library itself values at 0, or a loss for the opponent.
fn check_moves(game: &Game, answer: &grundy::analysis::explain::Answer) {
    for check in &answer.moves {
        if let Some(value) = &check.value {
            assert_eq!(*value, BigUint::ZERO, "{game}: a winning move leaves 0");
        }
        if let (Some(left), Game::Subtraction(_)) = (&check.leaves, game.base()) {
            let after = analyzer()
                .solve(game, &Position::Heap(left.clone()))
                .unwrap();
            assert_eq!(
                after.outcome,
                Outcome::Lose,
                "{game}: {left} is a P-position"
            );
        }
    }
}

/// Smith's rule: one infinite token wins exactly when the others' xor is in its `K`.
fn check_infinite(
    finite: &grundy::analysis::explain::XorSum,
    one: bool,
    options: &[BigUint],
    outcome: Outcome,
) {
    let total = finite.terms.iter().fold(BigUint::ZERO, |x, t| x ^ &t.value);
    assert_eq!(total, finite.total);
    assert_eq!(one && options.contains(&total), outcome == Outcome::Win);
}

/// Re-counts each binary place's ones from the heaps, and the verdict by Moore's rule.
fn check_places(heaps: &[BigUint], places: &[(u64, BigUint)], modulus: u64, outcome: Outcome) {
    for (place, ones) in places {
        let counted = heaps.iter().filter(|h| h.bit(*place)).count();
        assert_eq!(*ones, BigUint::from(counted), "{heaps:?}: 2^{place}");
    }
    let balanced = places
        .iter()
        .all(|(_, ones)| ones % BigUint::from(modulus) == BigUint::ZERO);
    assert_eq!(balanced, outcome == Outcome::Lose, "{heaps:?}");
}

/// Re-derives a periodic answer: `n mod p`, the stored index, and `G(n) = G(index) + periods · s`.
fn check_periodic(
    game: &Game,
    answer: &grundy::analysis::explain::Answer,
    n: &BigUint,
    period: u64,
    (residue, index, preperiod): (u64, u64, u64),
    periods: &BigUint,
    saltus: u64,
) {
    assert_eq!(BigUint::from(residue), n % period);
    assert_eq!(BigUint::from(index) % period, n % period);
    assert!(index >= preperiod && index < preperiod + period);
    let at_index = analyzer()
        .solve(game, &game.parse_position(&index.to_string()).unwrap())
        .unwrap();
    let stored = at_index.grundy.or(at_index.misere_grundy).unwrap();
    assert_eq!(
        Some(stored + periods * saltus),
        answer.value,
        "{game}: G(n) = G(index) + periods · saltus"
    );
    assert_eq!(
        BigUint::from(index) + periods * period,
        n.clone(),
        "{game}: n = index + periods · p"
    );
}

/// Dynamic subtraction: the terms add up to the heap, each is the sequence's term of its index,
/// and the player to move wins exactly when the smallest is within the quota.
fn check_greedy(game: &Game, derivation: &Derivation, outcome: Outcome) {
    let Derivation::Greedy {
        heap,
        quota,
        sequence,
        terms,
        next_quota,
    } = derivation
    else {
        return;
    };
    assert_eq!(terms.iter().map(|(_, t)| t).sum::<BigUint>(), *heap);
    assert_eq!(sequence.first(), Some(&BigUint::from(1u32)), "{game}");
    assert!(sequence.windows(2).all(|w| w[0] < w[1]));
    for (index, term) in terms {
        if let Some(listed) = usize::try_from(*index - 1)
            .ok()
            .and_then(|i| sequence.get(i))
        {
            assert_eq!(listed, term, "{game}: H_{index}");
        }
    }
    let smallest = terms.last().map(|(_, t)| t);
    assert_eq!(
        smallest.is_some_and(|s| s <= quota),
        outcome == Outcome::Win
    );
    assert_eq!(next_quota.is_some(), smallest.is_some());
}

/// Re-derives the answer: outcome and value from `solve`, the arithmetic of each derivation.
fn check_answer(game: &Game, position: &Position, answer: &grundy::analysis::explain::Answer) {
    let solution = analyzer().solve(game, position).unwrap();
    assert_eq!(answer.outcome, solution.outcome, "{game} {position}");
    assert_eq!(
        answer.value,
        solution.grundy.clone().or(solution.misere_grundy.clone())
    );
    assert_eq!(answer.winning_moves, solution.winning_moves.len() as u64);
    match &answer.derivation {
        Derivation::Periodic {
            n,
            period,
            residue,
            index,
            periods,
            saltus,
            preperiod,
        } => check_periodic(
            game,
            answer,
            n,
            *period,
            (*residue, *index, *preperiod),
            periods,
            *saltus,
        ),
        Derivation::Xor(sum) => check_xor(game, position, sum, answer),
        Derivation::Theorem(sum) => {
            let total = sum.terms.iter().fold(BigUint::ZERO, |x, t| x ^ &t.value);
            assert_eq!(total, sum.total, "{game}: the parts xor to the total");
            assert_eq!(Some(total), answer.value, "{game} {position}");
        }
        Derivation::Places {
            heaps,
            places,
            modulus,
        } => check_places(heaps, places, *modulus, answer.outcome),
        // Every-SG: the player to move wins exactly when the largest number of steps is odd.
        Derivation::Steps { components } => {
            let largest = components.iter().map(|(_, steps)| steps).max().cloned();
            let odd = largest.is_some_and(|steps| steps.bit(0));
            assert_eq!(odd, answer.outcome == Outcome::Win, "{game}");
        }
        // Smith's rule: one infinite token wins exactly when the others' xor is in its K.
        Derivation::Infinite {
            finite,
            node,
            options,
        } => check_infinite(finite, node.is_some(), options, answer.outcome),
        Derivation::MisereNim {
            heaps,
            ones,
            all_small,
            xor,
        } => {
            let Position::Heaps(list) = position else {
                panic!("heaps")
            };
            assert_eq!(*heaps, list.len() as u64);
            assert_eq!(
                *ones,
                list.iter().filter(|&h| *h == 1u32.into()).count() as u64
            );
            assert_eq!(*all_small, list.iter().all(|h| *h <= 1u32.into()));
            assert_eq!(*xor, list.iter().fold(BigUint::ZERO, |x, h| x ^ h));
        }
        Derivation::Wythoff {
            small: a,
            large: b,
            difference,
            five_k_squared,
            root,
            lower,
        } => {
            assert_eq!(*difference, b - a);
            assert_eq!(*five_k_squared, difference * difference * 5u32);
            assert!(root * root <= *five_k_squared);
            assert!((root + 1u32) * (root + 1u32) > *five_k_squared);
            assert_eq!(*lower, (difference + root) / 2u32);
            assert_eq!(lower == a, answer.outcome == Outcome::Lose);
        }
        Derivation::Zeckendorf {
            heap,
            terms,
            smallest,
            quota,
            ..
        } => {
            assert_eq!(terms.iter().sum::<BigUint>(), *heap);
            assert_eq!(smallest.as_ref(), terms.last());
            let wins = smallest.as_ref().is_some_and(|s| s <= quota);
            assert_eq!(wins, answer.outcome == Outcome::Win);
        }
        Derivation::Greedy { .. } => check_greedy(game, &answer.derivation, answer.outcome),
        Derivation::Table { n } => {
            if let Position::Heap(_) = position {
                let table = analyzer().table(game, n, n).unwrap();
                assert_eq!(answer.value.as_ref(), table.values.first());
            }
        }
        Derivation::Parity { .. } | Derivation::Graph { .. } => {}
    }
    check_moves(game, answer);
}

fn check(spec: &str, position: Option<&str>) {
    let (game, position, explanation) = explained(spec, position);
    let mut answered = false;
    for step in &explanation.steps {
        match step {
            Step::Table(table) => check_table(&table.game, table),
            Step::Outcomes(table) => {
                let Game::Oddball(contest) = game.base() else {
                    panic!("outcomes for {game}")
                };
                for (n, outcome) in table.fresh.iter().enumerate() {
                    let pile = game.parse_position(&n.to_string()).unwrap();
                    let solution = analyzer().solve(&game, &pile).unwrap();
                    assert_eq!(*outcome, solution.outcome, "{game} pile {n}");
                }
                for row in &table.rows {
                    for (take, next, _) in &row.options {
                        assert!(contest.set.members().contains(take));
                        assert_eq!(next.left + take, row.state.left);
                        assert_eq!(next.theirs_odd, row.state.mine_odd ^ (take % 2 == 1));
                        assert_eq!(next.mine_odd, row.state.theirs_odd);
                    }
                }
            }
            Step::Rule(Rule::Residues {
                preperiod,
                period,
                residues,
                early,
            }) => {
                // The rule agrees with the library's table over two periods past the preperiod.
                let last = preperiod + 2 * period + 5;
                let table = analyzer().table(&game, &0u32.into(), &last.into()).unwrap();
                for (n, value) in (0..).zip(&table.values) {
                    let loses = if n < *preperiod {
                        early.contains(&n)
                    } else {
                        residues.contains(&(n % period))
                    };
                    assert_eq!(loses, *value == BigUint::ZERO, "{game}: rule at {n}");
                }
            }
            Step::Answer(answer) => {
                check_answer(&game, position.as_ref().unwrap(), answer);
                answered = true;
            }
            _ => {}
        }
    }
    assert_eq!(answered, position.is_some(), "{spec}");
    for language in Language::ALL {
        for format in [Format::Text, Format::Markdown] {
            let text = render(&explanation, language, format, 80).unwrap();
            assert!(
                !text.contains("{explain-"),
                "{spec}: a missing message\n{text}"
            );
            assert!(
                !text.contains(['\u{2068}', '\u{2069}']),
                "{spec}: bidi isolation marks"
            );
            if format == Format::Text {
                for line in text.lines().filter(|l| !l.starts_with("      ")) {
                    let plain = !line.contains("  ") || line.starts_with("   •");
                    if plain && !line.trim_start().starts_with(['n', 'G']) {
                        assert!(
                            unicode_width::UnicodeWidthStr::width(line) <= 80,
                            "{spec}: a line wider than 80 columns: {line}"
                        );
                    }
                }
            }
            if language == Language::Zh {
                assert!(
                    text.contains("必") || text.contains("平局") || text.contains("和棋"),
                    "{spec}: Chinese terms\n{text}"
                );
            }
        }
    }
}

#[test]
fn every_family_in_both_languages_states_the_library_numbers() {
    for (spec, position) in CASES {
        check(spec, *position);
    }
}

#[test]
fn the_seed_rule_and_answer_at_10_to_the_18() {
    let (_, _, explanation) = explained("subtraction:1,3,4", Some("10^18"));
    let rule = explanation.steps.iter().find_map(|s| match s {
        Step::Rule(rule) => Some(rule.clone()),
        _ => None,
    });
    assert_eq!(
        rule,
        Some(Rule::Residues {
            preperiod: 0,
            period: 7,
            residues: vec![0, 2],
            early: vec![],
        })
    );
    let text = render(&explanation, Language::Zh, Format::Text, 80).unwrap();
    for needle in [
        "1000000000000000000 mod 7 = 1",
        "G(0..3) = 0 1 0 1",
        "G(7..10) = 0 1 0 1",
        "窗口判据",
        "n mod 7 ∈ {0, 2}",
        "拿走 1 → 999999999999999999",
        "必败态",
        "先手必胜",
        "mex{1, 2} = 0",
    ] {
        assert!(text.contains(needle), "missing {needle}:\n{text}");
    }
}

#[test]
fn a_low_value_limit_shortens_the_table_instead_of_refusing() {
    let game = game("subtraction:1,3,4");
    let analyzer = Analyzer::new(Config::default().with_max_values(3).unwrap());
    let explanation = analyzer.explain(&game, None).unwrap();
    let rows = explanation.steps.iter().find_map(|s| match s {
        Step::Table(table) => Some(table.rows.len()),
        _ => None,
    });
    assert!(rows.is_some_and(|rows| (1..=3).contains(&rows)), "{rows:?}");
}

#[test]
fn a_huge_heap_is_answered_from_the_period_with_a_bounded_table() {
    let (_, _, explanation) = explained("subtraction:1,3,4", Some("10^99999"));
    for step in &explanation.steps {
        if let Step::Table(table) = step {
            assert!(table.rows.len() <= 40);
        }
    }
    let text = render(&explanation, Language::En, Format::Text, 80).unwrap();
    assert!(text.contains("(100000 digits)"), "{text}");
}

/// The variables a message refers to (`{ $name }` and selectors).
fn variables(source: &str, id: &str) -> Vec<String> {
    let start = source
        .lines()
        .position(|line| line.starts_with(&format!("{id} =")))
        .unwrap();
    let mut text = String::new();
    for (i, line) in source.lines().enumerate().skip(start) {
        if i > start && !line.starts_with(' ') {
            break;
        }
        text.push_str(line);
    }
    text.split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn every_message_exists_in_both_languages_and_formats() {
    let english: BTreeSet<&str> = message_ids(Language::En.messages()).into_iter().collect();
    let chinese: BTreeSet<&str> = message_ids(Language::Zh.messages()).into_iter().collect();
    assert_eq!(english, chinese, "the two files hold the same message ids");
    assert!(english.len() > 80);
    for language in Language::ALL {
        let messages = Messages::new(language).unwrap();
        for id in &english {
            let names = variables(language.messages(), id);
            let args: Vec<(&str, Arg)> = names
                .iter()
                .map(|name| (name.as_str(), Arg::Text("7".to_owned())))
                .collect();
            let text = messages
                .format_checked(id, &args)
                .unwrap_or_else(|e| panic!("{language:?} {id}: {e:?}"));
            assert!(!text.is_empty());
            assert!(!text.contains(['\u{2068}', '\u{2069}']));
        }
    }
    // Every id the renderer names is in the files, and every id in the files is used.
    let source = [
        include_str!("../src/render/explain/mod.rs"),
        include_str!("../src/render/explain/messages.rs"),
        include_str!("../src/render/explain/writer.rs"),
        include_str!("../src/render/explain/story.rs"),
    ]
    .concat();
    let used: BTreeSet<&str> = source
        .split('"')
        .filter(|s| s.starts_with("explain-") && !s.contains(' '))
        .collect();
    let missing: Vec<_> = used.difference(&english).collect();
    assert!(missing.is_empty(), "used but not defined: {missing:?}");
    let unused: Vec<_> = english.difference(&used).collect();
    assert!(unused.is_empty(), "defined but not used: {unused:?}");
}

/// An open family's rules are stated in the explanation's language.
#[test]
fn an_open_family_is_explained_in_the_language_asked_for() {
    let analyzer = Analyzer::new(Config::default());
    for family in grundy::games::FAMILIES {
        let game =
            parse_game_with_loader(family.example, &|_| Err("no script".to_owned())).unwrap();
        let explanation = analyzer.explain(&game, None).unwrap();
        for (language, own, other) in [
            (Language::En, family.summary.en, family.summary.zh),
            (Language::Zh, family.summary.zh, family.summary.en),
        ] {
            // Wrapping may break the summary; compare without line breaks and indents.
            let text: String = render(&explanation, language, Format::Text, 10_000)
                .unwrap()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            assert!(text.contains(own), "{language:?}: {text}");
            assert!(!text.contains(other), "{language:?}: {text}");
        }
    }
}
