//! General games: the contest game, scripts, loopy games and the retrograde solver's self-check,
//! against brute force and against the built-in games they imitate.

use grundy::script::{Script, ScriptRules};
use grundy::solver::{Loopy, SparseGraph, Value, loopy_values, self_check, solve_graph};
use grundy::spec::parse_game_with_loader;
use grundy::{Action, Analyzer, Config, Game, Outcome, Position, Solution};
use proptest::prelude::*;

fn example(name: &str) -> Script {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    Script::new(path.clone(), std::fs::read_to_string(&path).unwrap())
}

fn game(spec: &str) -> Game {
    let root = format!("{}/../../", env!("CARGO_MANIFEST_DIR"));
    parse_game_with_loader(spec, &|path| {
        std::fs::read_to_string(format!("{root}{path}")).map_err(|e| e.to_string())
    })
    .unwrap()
}

fn solve(spec: &str, position: &str) -> Solution {
    let game = game(spec);
    let position = if position.is_empty() {
        Position::Sum
    } else {
        game.parse_position(position).unwrap()
    };
    Analyzer::new(one_thread()).solve(&game, &position).unwrap()
}

#[test]
fn scripts_agree_with_the_built_in_games() {
    for n in 0..60 {
        let script = solve("script:examples/oddball.rhai", &n.to_string());
        let builtin = solve("oddball:1,2,3", &n.to_string());
        assert_eq!(
            (script.outcome, script.remoteness),
            (builtin.outcome, builtin.remoteness),
            "oddball {n}"
        );
        let script = solve("script:examples/norepeat.rhai", &n.to_string());
        let builtin = solve("norepeat:1,2,3", &n.to_string());
        assert_eq!(script.grundy, builtin.grundy, "norepeat {n}");
    }
}

#[test]
fn every_explored_script_graph_passes_the_self_check() {
    for (name, arguments) in [
        ("oddball.rhai", 0..40),
        ("norepeat.rhai", 0..40),
        ("cycle.rhai", 0..6),
    ] {
        let rules = ScriptRules::compile(&example(name)).unwrap();
        for argument in arguments {
            let start = rules.start(&argument.to_string()).unwrap();
            let graph = SparseGraph::explore(
                &rules,
                start,
                grundy::solver::Limits {
                    states: 1_000_000,
                    bytes: u64::MAX,
                },
                &grundy::NoObserver,
            )
            .unwrap();
            let records = solve_graph(&graph);
            self_check(&graph, &records).unwrap_or_else(|e| panic!("{name} {argument}: {e}"));
        }
    }
}

#[test]
fn the_cyclic_example_has_its_known_values() {
    // 0 → 1 → 2 → 0, 2 → 3, 4 ⇄ 5 (examples/cycle.rhai).
    let expected = [
        (Outcome::Win, Some(1u32)),
        (Outcome::Lose, Some(0)),
        (Outcome::Win, Some(2)),
        (Outcome::Lose, Some(0)),
        (Outcome::Draw, None),
        (Outcome::Draw, None),
    ];
    for (node, (value, grundy)) in expected.into_iter().enumerate() {
        let solution = solve("script:examples/cycle.rhai", &node.to_string());
        assert_eq!(solution.outcome, value, "node {node}");
        assert_eq!(solution.grundy, grundy.map(Into::into), "node {node}");
    }
    let rules = ScriptRules::compile(&example("cycle.rhai")).unwrap();
    let graph = SparseGraph::explore(
        &rules,
        rules.start("4").unwrap(),
        grundy::solver::Limits {
            states: 100,
            bytes: u64::MAX,
        },
        &grundy::NoObserver,
    )
    .unwrap();
    assert_eq!(loopy_values(&graph)[0], Loopy::Infinite(vec![]));
}

#[test]
fn a_loopy_component_in_a_sum_follows_smith() {
    // *1 + *1 loses.
    assert_eq!(
        solve("script:examples/cycle.rhai[0] + nim[1]", "").outcome,
        Outcome::Lose
    );
    // ∞(∅) + *x is a draw for every x.
    for heap in 0..4 {
        let solution = solve(&format!("script:examples/cycle.rhai[4] + nim[{heap}]"), "");
        assert_eq!(solution.outcome, Outcome::Draw, "nim[{heap}]");
        assert!(solution.winning_moves.is_empty());
    }
    // Two infinite components are refused with the reason.
    let game = game("script:examples/cycle.rhai[4] + script:examples/cycle.rhai[5]");
    let error = Analyzer::new(one_thread())
        .solve(&game, &Position::Sum)
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("two components that can be played forever"),
        "{error}"
    );
}

/// A token on a directed graph, plus a Nim heap: the sum played as one graph.
struct TokenAndHeap(Vec<Vec<usize>>);

impl grundy::solver::Rules for TokenAndHeap {
    type State = (usize, u32);
    fn moves(&self, &(node, heap): &(usize, u32)) -> Result<Vec<(String, (usize, u32))>, String> {
        let mut out: Vec<(String, (usize, u32))> = self.0[node]
            .iter()
            .map(|&next| (format!("go to {next}"), (next, heap)))
            .collect();
        out.extend((0..heap).map(|k| (format!("heap to {k}"), (node, k))));
        Ok(out)
    }
    fn terminal(&self, _: &(usize, u32)) -> Result<Value, String> {
        Ok(Value::Lose)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn smith_values_predict_sums_with_nimbers(edges in prop::collection::vec(prop::collection::vec(0usize..7, 0..3), 7)) {
        // Random graphs on 7 nodes, cycles allowed: Smith's value of each node, alone and plus
        // *heap, against retrograde analysis of the sum's whole graph (docs/theory.md §14).
        let children: Vec<Vec<u32>> = edges.iter().map(|e| e.iter().map(|&v| v as u32).collect()).collect();
        let values = grundy::solver::smith_values(&children);
        let rules = TokenAndHeap(edges.clone());
        for (node, value) in values.iter().enumerate() {
            for heap in 0u32..4 {
                let graph = SparseGraph::explore(&rules, (node, heap), grundy::solver::Limits { states: 10_000, bytes: u64::MAX }, &grundy::NoObserver).unwrap();
                let solved = solve_graph(&graph).get(0).value;
                prop_assert_eq!(value.plus_nimber(heap), solved, "node {} + *{}: {:?} in {:?}", node, heap, value, edges);
            }
            prop_assert_eq!(value.value(), value.plus_nimber(0));
        }
    }
}

#[test]
fn runaway_scripts_stop_with_a_clear_error() {
    let script = Script::new(
        "spin.rhai",
        "fn start(n) { n } fn moves(n) { let i = 0; loop { i += 1; } }",
    );
    let game = Game::Script(script);
    let error = Analyzer::new(one_thread())
        .solve(&game, &Position::Argument("1".into()))
        .unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("moves(1)") && message.to_lowercase().contains("operations"),
        "{message}"
    );
    let wide = Script::new("wide.rhai", "fn start(n) { n } fn moves(n) { [n + 1] }");
    let error = Analyzer::new(one_thread().with_max_values(1000).unwrap())
        .solve(&Game::Script(wide), &Position::Argument("0".into()))
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("more than 1000 reachable positions"),
        "{error}"
    );
}

/// Brute-force minimax over the contest game with actual ball counts, written from the statement.
fn minimax(amounts: &[u64], left: u64, mine: u64, theirs: u64) -> Value {
    let moves: Vec<u64> = amounts.iter().copied().filter(|&n| n <= left).collect();
    if moves.is_empty() {
        return match (mine % 2, theirs % 2) {
            (1, 0) => Value::Win,
            (0, 1) => Value::Lose,
            _ => Value::Tie,
        };
    }
    moves
        .iter()
        .map(|&n| minimax(amounts, left - n, theirs, mine + n).flipped())
        .max_by_key(|v| v.rank())
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn the_contest_game_matches_minimax(
        amounts in prop::collection::btree_set(1u64..=9, 1..=3),
        piles in prop::collection::vec(0u64..24, 1..6),
    ) {
        let amounts: Vec<u64> = amounts.into_iter().collect();
        let list = amounts.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        for &pile in &piles {
            let solution = solve(&format!("oddball:{list}"), &pile.to_string());
            prop_assert_eq!(solution.outcome, minimax(&amounts, pile, 0, 0), "{} {}", list, pile);
            for m in &solution.moves {
                let Action::Take { amount } = &m.play.action else {
                    panic!("an oddball move takes balls: {:?}", m.play.action)
                };
                let take = u64::try_from(amount).unwrap();
                prop_assert_eq!(m.value, minimax(&amounts, pile - take, 0, take).flipped());
            }
        }
    }
}

/// The bounded contest answer agrees with the plain judge, and refuses before solving beyond the
/// memory budget.
#[test]
fn the_contest_answer_is_the_judges_within_the_budget() {
    use grundy::input::contest::read_contest;
    let text = "1 4 5\n1 2 3 10 11 12 13 15 40 99\n";
    let input = read_contest(text, 1000).unwrap();
    let answers = Analyzer::new(one_thread()).contest(&input).unwrap();
    let symbols: Vec<&str> = answers
        .iter()
        .map(|&a| grundy::oddball::symbol(a))
        .collect();
    assert_eq!(
        symbols.join(" "),
        grundy::oddball::judge(text, 1000).unwrap()
    );
    let small = one_thread().with_max_memory(1000).unwrap();
    let error = Analyzer::new(small).contest(&input).unwrap_err();
    assert!(
        matches!(error, grundy::Error::OutOfMemory { .. }),
        "{error}"
    );
}

/// The default configuration on one thread, so that the take-and-break engine chosen (and so the
/// coverage) does not depend on the machine's cores.
fn one_thread() -> Config {
    Config::default()
        .with_threads(1)
        .expect("one thread is a valid count")
}
