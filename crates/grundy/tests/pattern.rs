//! 打表找规律 on games of every kind: the rule `Analyzer::pattern` reports on positions up to
//! `N` must hold on positions up to `10 N` of a brute force written here from the game's rules
//! (sharing nothing with grundy's engines, scripts or rule forms); games without a simple rule
//! (random rules, Officers, Grundy's game) must get none.

use grundy::analysis::pattern::{
    Membership, OutcomeRule, PatternPlan, PatternReport, RuleProof, RuleStatus, ValueRule,
};
use grundy::spec::parse_game_with_loader;
use grundy::theory::pattern::{BinaryForm, GridValues, NumberSet, PairSet, Parity, Sequence};
use grundy::{Analyzer, Config, Game, Outcome};

/// Example scripts by path from the repository's root; test scripts by name.
fn game(spec: &str, sources: &[(&str, &str)]) -> Game {
    let root = format!("{}/../../", env!("CARGO_MANIFEST_DIR"));
    let sources: Vec<(String, String)> = sources
        .iter()
        .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
        .collect();
    parse_game_with_loader(spec, &|path| {
        if let Some((_, text)) = sources.iter().find(|(name, _)| name == path) {
            return Ok(text.clone());
        }
        std::fs::read_to_string(format!("{root}{path}")).map_err(|e| e.to_string())
    })
    .unwrap()
}

/// The rules found on positions up to `to`, checked no further (the tests check beyond).
fn pattern(game: &Game, to: u64) -> PatternReport {
    let plan = PatternPlan {
        to: Some(to),
        check_to: Some(to),
    };
    Analyzer::new(Config::default())
        .pattern(game, &plan)
        .unwrap()
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: Vec<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// `G(0..len)` of a game whose options of `n` are `options(n)`, each below `n`.
fn values(len: u64, options: impl Fn(u64) -> Vec<u64>) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for n in 0..len {
        let value = mex(options(n).into_iter().map(|m| out[m as usize]));
        out.push(value);
    }
    out
}

fn outcomes_of(values: &[u64]) -> Vec<Outcome> {
    values
        .iter()
        .map(|&v| if v == 0 { Outcome::Lose } else { Outcome::Win })
        .collect()
}

/// The first outcome rule, which must hold on every `n` of `outcomes`.
fn check_outcomes(report: &PatternReport, outcomes: &[Outcome]) -> OutcomeRule {
    let found = report
        .outcomes
        .rules
        .first()
        .unwrap_or_else(|| panic!("{}: no outcome rule: {report:#?}", report.game));
    for (n, &outcome) in outcomes.iter().enumerate() {
        assert_eq!(
            found.rule.outcome(&[n as u64]),
            outcome,
            "{}: {:?} fails at n = {n}",
            report.game,
            found.rule
        );
    }
    found.rule.clone()
}

/// The first value rule, which must hold on every `n` of `values`.
fn check_values(report: &PatternReport, values: &[u64]) -> ValueRule {
    let found = report
        .values
        .as_ref()
        .and_then(|values| values.rules.first())
        .unwrap_or_else(|| panic!("{}: no value rule: {report:#?}", report.game));
    for (n, &value) in values.iter().enumerate() {
        assert_eq!(
            found.rule.value(&[n as u64]),
            Some(value),
            "{}: {:?} fails at n = {n}",
            report.game,
            found.rule
        );
    }
    found.rule.clone()
}

fn lose_iff(set: NumberSet) -> OutcomeRule {
    OutcomeRule {
        classes: vec![(Outcome::Lose, Membership::Numbers(set))],
        otherwise: Outcome::Win,
    }
}

fn certified(report: &PatternReport) -> bool {
    matches!(report.outcomes.rules[0].status, RuleStatus::Certified(_))
}

#[test]
fn subtraction_games_one_two_k_have_their_period_certified() {
    // {1, 2, k}: period 3 unless k ≡ 0 (mod 3), then period k + 1.
    for k in [3u64, 4, 5, 6, 9, 12, 13] {
        let report = pattern(&game(&format!("subtraction:1,2,{k}"), &[]), 100);
        let brute = values(1000, |n| {
            [1, 2, k]
                .into_iter()
                .filter(|&t| t <= n)
                .map(|t| n - t)
                .collect()
        });
        let rule = check_outcomes(&report, &outcomes_of(&brute));
        check_values(&report, &brute);
        assert!(certified(&report), "{report:#?}");
        let period = if k % 3 == 0 { k + 1 } else { 3 };
        let Membership::Numbers(NumberSet::Periodic { period: found, .. }) = &rule.classes[0].1
        else {
            panic!("{rule:?}")
        };
        assert_eq!(*found, period, "k = {k}");
    }
}

#[test]
fn heap_games_with_known_theorems() {
    // Bash's game: G(n) = n mod 4, certified.
    let report = pattern(&game("bash:3", &[]), 100);
    let brute = values(1000, |n| (1..=3.min(n)).map(|t| n - t).collect());
    assert_eq!(
        check_values(&report, &brute),
        ValueRule::Sequence(Sequence::Remainder {
            modulus: 4,
            shift: 0,
            add: 0
        })
    );
    // Nim: G(n) = n, certified by its own theorem, as is its outcome.
    let report = pattern(&game("nim", &[]), 100);
    let brute = values(1000, |n| (0..n).collect());
    check_values(&report, &brute);
    assert_eq!(
        check_outcomes(&report, &outcomes_of(&brute)),
        lose_iff(NumberSet::Finite(vec![0]))
    );
    assert!(matches!(
        report.values.as_ref().unwrap().rules[0].status,
        RuleStatus::Certified(RuleProof::Theorem(_))
    ));
    assert!(certified(&report));
    // All-but {1, 2}: G(n) = ⌊n/3⌋.
    let report = pattern(&game("allbut:1,2", &[]), 100);
    let brute = values(1000, |n| (3..=n).map(|t| n - t).collect());
    assert_eq!(
        check_values(&report, &brute),
        ValueRule::Sequence(Sequence::Linear {
            slope: 1,
            offset: 0,
            divisor: 3
        })
    );
    // Kayles: period 12 from 71, certified by Guy and Smith; lose iff n = 0.
    let report = pattern(&game("kayles", &[]), 300);
    let brute = kayles_values(3000);
    check_values(&report, &brute);
    assert!(matches!(
        report.values.as_ref().unwrap().rules[0].status,
        RuleStatus::Certified(RuleProof::Period { .. })
    ));
    assert_eq!(
        check_outcomes(&report, &outcomes_of(&brute)),
        lose_iff(NumberSet::Finite(vec![0]))
    );
}

/// Kayles from its rules: knock down one pin or two adjacent ones, splitting the row.
fn kayles_values(len: usize) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for take in [1, 2] {
            if take <= n {
                for left in 0..=n - take {
                    options.push(out[left] ^ out[n - take - left]);
                }
            }
        }
        out.push(mex(options));
    }
    out
}

#[test]
fn fibonacci_nim_loses_exactly_at_fibonacci_numbers() {
    // m(n): the least first move that wins from n tokens (n itself when none does); a heap of
    // n with quota q is won iff m(n) <= q. Taking t leaves n - t with quota 2t.
    let len = 3000;
    let mut least = vec![0u64; len];
    for n in 1..len {
        least[n] = (1..=n as u64)
            .find(|&t| t == n as u64 || 2 * t < least[n - t as usize])
            .unwrap();
    }
    // A fresh heap of n may take at most n - 1.
    let outcomes: Vec<Outcome> = (0..len)
        .map(|n| {
            if n == 0 || least[n] > n as u64 - 1 {
                Outcome::Lose
            } else {
                Outcome::Win
            }
        })
        .collect();
    let report = pattern(&game("fibonacci-nim", &[]), 300);
    let rule = check_outcomes(&report, &outcomes);
    assert_eq!(
        rule,
        lose_iff(NumberSet::Except {
            set: Box::new(NumberSet::Fibonacci),
            added: vec![0],
            removed: vec![]
        })
    );
    assert!(matches!(
        report.outcomes.rules[0].status,
        RuleStatus::Certified(RuleProof::Theorem(_))
    ));
}

#[test]
fn divisor_games() {
    // Subtract a divisor d < n (LeetCode 1025): lose iff n is odd (and at 0, with no move);
    // the values are the 2-adic valuation.
    let report = pattern(&game("script:examples/divisors.rhai", &[]), 200);
    let brute = values(2000, |n| {
        (1..n).filter(|d| n % d == 0).map(|d| n - d).collect()
    });
    assert_eq!(
        check_outcomes(&report, &outcomes_of(&brute)),
        lose_iff(NumberSet::Periodic {
            preperiod: 1,
            period: 2,
            members: vec![0, 1]
        })
    );
    check_values(&report, &brute);
    assert!(!certified(&report));
    // Deleting divisors (Codeforces 1537D): 1 < d < n; lose iff n is odd or an odd power of two.
    let report = pattern(&game("script:examples/deleting-divisors.rhai", &[]), 1000);
    let brute = values(10_000, |n| {
        (2..n).filter(|d| n % d == 0).map(|d| n - d).collect()
    });
    let rule = check_outcomes(&report, &outcomes_of(&brute));
    let odd = NumberSet::Periodic {
        preperiod: 0,
        period: 2,
        members: vec![1],
    };
    let powers = NumberSet::Powers {
        base: 2,
        exponents: Parity::Odd,
    };
    assert_eq!(
        rule,
        lose_iff(NumberSet::Except {
            set: Box::new(NumberSet::Union(Box::new(odd), Box::new(powers))),
            added: vec![0],
            removed: vec![]
        })
    );
}

#[test]
fn the_multiplication_race_goes_by_bands_of_powers_of_eighteen() {
    // Win iff some product 2..=9 reaches n at once, or leads to a lost position.
    fn wins(p: u64, n: u64, memo: &mut std::collections::HashMap<u64, bool>) -> bool {
        if p >= n {
            return false;
        }
        if let Some(&known) = memo.get(&p) {
            return known;
        }
        let win = (2..=9).any(|k| p * k >= n || !wins(p * k, n, memo));
        memo.insert(p, win);
        win
    }
    let outcomes: Vec<Outcome> = (0..5000)
        .map(|n| {
            let mut memo = std::collections::HashMap::new();
            if wins(1, n, &mut memo) {
                Outcome::Win
            } else {
                Outcome::Lose
            }
        })
        .collect();
    let report = pattern(&game("script:examples/multiplication.rhai", &[]), 500);
    let rule = check_outcomes(&report, &outcomes);
    assert_eq!(
        rule,
        OutcomeRule {
            classes: vec![(
                Outcome::Win,
                Membership::Numbers(NumberSet::Bands {
                    base: 18,
                    low: 1,
                    high: 9
                })
            )],
            otherwise: Outcome::Lose,
        }
    );
}

#[test]
fn coin_turning_games() {
    // Mock Turtles: the value of a head at cell n (from 0) is the n-th odious number.
    let report = pattern(&game("script:examples/mock-turtles.rhai", &[]), 30);
    let mut mock: Vec<u64> = Vec::new();
    for n in 0..300usize {
        let mut options = vec![0];
        for a in 0..n {
            options.push(mock[a]);
            for b in a + 1..n {
                options.push(mock[a] ^ mock[b]);
            }
        }
        mock.push(mex(options));
    }
    assert_eq!(
        check_values(&report, &mock),
        ValueRule::Sequence(Sequence::Binary {
            form: BinaryForm::Odious,
            shift: 0
        })
    );
    // Ruler: a run of coins ending at the head is turned; cells from 1, start(0) no head.
    let ruler_script = r"
        fn start(n) { if n == 0 { [] } else { [n] } }
        fn turn(heads, c) {
            let out = []; let found = false;
            for h in heads { if h == c { found = true; } else { out.push(h); } }
            if !found { out.push(c); out.sort(); }
            out
        }
        fn moves(heads) {
            let out = [];
            for x in heads {
                let row = heads;
                for a in 0..x {
                    row = turn(row, x - a);
                    out.push(row);
                }
            }
            out
        }
        fn components(heads) {
            if heads.len() <= 1 { return [heads]; }
            let parts = []; for h in heads { parts.push([h]); } parts
        }
    ";
    let report = pattern(
        &game("script:ruler.rhai", &[("ruler.rhai", ruler_script)]),
        100,
    );
    let mut ruler: Vec<u64> = vec![0];
    for x in 1..1000usize {
        // Turning cells a..=x of a lone head at x leaves heads at a..x.
        let options = (1..=x).map(|a| (a..x).fold(0, |acc, c| acc ^ ruler[c]));
        ruler.push(mex(options));
    }
    assert_eq!(
        check_values(&report, &ruler),
        ValueRule::Sequence(Sequence::Except {
            rule: Box::new(Sequence::Binary {
                form: BinaryForm::Ruler,
                shift: 0
            }),
            values: vec![(0, 0)]
        })
    );
}

/// The outcomes or values of a grid `side × side` by a brute force over moves to smaller
/// cells.
fn grid_values(
    side: usize,
    options: impl Fn(usize, usize) -> Vec<(usize, usize)>,
) -> Vec<Vec<u64>> {
    let mut grid = vec![vec![0u64; side]; side];
    // Every option lies in an earlier row, or earlier in the same row.
    for a in 0..side {
        for b in 0..side {
            grid[a][b] = mex(options(a, b).into_iter().map(|(x, y)| grid[x][y]));
        }
    }
    grid
}

fn check_grid(report: &PatternReport, grid: &[Vec<u64>]) -> (OutcomeRule, Option<ValueRule>) {
    let outcome = report
        .outcomes
        .rules
        .first()
        .expect("an outcome rule")
        .rule
        .clone();
    let value = report
        .values
        .as_ref()
        .and_then(|values| values.rules.first())
        .map(|found| found.rule.clone());
    for (a, row) in grid.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let at = [a as u64, b as u64];
            let expected = if v == 0 { Outcome::Lose } else { Outcome::Win };
            assert_eq!(
                outcome.outcome(&at),
                expected,
                "{}: {outcome:?} at {at:?}",
                report.game
            );
            if let Some(rule) = &value {
                assert_eq!(
                    rule.value(&at),
                    Some(v),
                    "{}: {rule:?} at {at:?}",
                    report.game
                );
            }
        }
    }
    (outcome, value)
}

#[test]
fn games_of_two_numbers() {
    // A king walking home: lose iff both distances are even.
    let king = r"
        fn start(a, b) { [a, b] }
        fn moves(s) {
            let out = [];
            if s[0] > 0 { out.push([s[0] - 1, s[1]]); }
            if s[1] > 0 { out.push([s[0], s[1] - 1]); }
            if s[0] > 0 && s[1] > 0 { out.push([s[0] - 1, s[1] - 1]); }
            out
        }
    ";
    let report = pattern(&game("script:king.rhai", &[("king.rhai", king)]), 30);
    let brute = grid_values(300, |a, b| {
        let mut out = Vec::new();
        if a > 0 {
            out.push((a - 1, b));
        }
        if b > 0 {
            out.push((a, b - 1));
        }
        if a > 0 && b > 0 {
            out.push((a - 1, b - 1));
        }
        out
    });
    let (outcome, _) = check_grid(&report, &brute);
    assert_eq!(
        outcome.classes[0].1,
        Membership::Pairs(PairSet::Lattice {
            rows: 2,
            columns: 2,
            members: vec![(0, 0)]
        })
    );
}

#[test]
fn sums_of_two_games_as_one_script() {
    // Two subtraction games {1, 2} side by side: (a mod 3) xor (b mod 3); lose iff a ≡ b (mod 3).
    let pair = r"
        fn start(a, b) { [a, b] }
        fn moves(s) {
            let out = [];
            for t in [1, 2] {
                if s[0] >= t { out.push([s[0] - t, s[1]]); }
                if s[1] >= t { out.push([s[0], s[1] - t]); }
            }
            out
        }
    ";
    let report = pattern(&game("script:pair.rhai", &[("pair.rhai", pair)]), 30);
    let brute = grid_values(300, |a, b| {
        let mut out = Vec::new();
        for t in [1, 2] {
            if a >= t {
                out.push((a - t, b));
            }
            if b >= t {
                out.push((a, b - t));
            }
        }
        out
    });
    let (outcome, value) = check_grid(&report, &brute);
    let mod_3 = Sequence::Remainder {
        modulus: 3,
        shift: 0,
        add: 0,
    };
    assert_eq!(
        value,
        Some(ValueRule::Grid(GridValues::Separable {
            rows: mod_3.clone(),
            columns: mod_3
        }))
    );
    assert_eq!(
        outcome.classes[0].1,
        Membership::Pairs(PairSet::Lattice {
            rows: 3,
            columns: 3,
            members: vec![(0, 0), (1, 1), (2, 2)]
        })
    );
    // Nim of two heaps: a xor b; lose iff a = b.
    let nim = r"
        fn start(a, b) { [a, b] }
        fn moves(s) {
            let out = [];
            for t in 0..s[0] { out.push([t, s[1]]); }
            for t in 0..s[1] { out.push([s[0], t]); }
            out
        }
    ";
    let report = pattern(&game("script:nim2.rhai", &[("nim2.rhai", nim)]), 30);
    let brute = grid_values(120, |a, b| {
        (0..a)
            .map(|t| (t, b))
            .chain((0..b).map(|t| (a, t)))
            .collect()
    });
    let (outcome, value) = check_grid(&report, &brute);
    assert_eq!(value, Some(ValueRule::Grid(GridValues::Xor)));
    assert_eq!(outcome.classes[0].1, Membership::Pairs(PairSet::Diagonal));
}

#[test]
fn wythoff_built_in_and_scripted() {
    // Wythoff's game, built in (certified by Wythoff's theorem) and as a queen script.
    let brute = grid_values(400, |a, b| {
        let mut out: Vec<(usize, usize)> = (0..a)
            .map(|t| (t, b))
            .chain((0..b).map(|t| (a, t)))
            .collect();
        out.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
        out
    });
    for spec in ["wythoff", "script:examples/queen.rhai"] {
        let report = pattern(&game(spec, &[]), 40);
        let (outcome, _) = check_grid(&report, &brute);
        assert_eq!(
            outcome.classes[0].1,
            Membership::Pairs(PairSet::Beatty { difference: 1 })
        );
        assert_eq!(certified(&report), spec == "wythoff");
    }
}

#[test]
fn the_contest_game_with_ties_has_a_rule_per_outcome() {
    // 取球博弈 with amounts 1, 2, 3: a player with an odd number of balls at the end wins.
    // value(left, mine, theirs) for the player to move: 1 win, 0 tie, -1 lose.
    let len = 2000;
    let mut memo = vec![[[0i8; 2]; 2]; len];
    for left in 0..len {
        for (mine, theirs) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let value = if left == 0 {
                match (mine, theirs) {
                    (1, 0) => 1,
                    (0, 1) => -1,
                    _ => 0,
                }
            } else {
                (1..=3usize)
                    .filter(|&t| t <= left)
                    .map(|t| -memo[left - t][theirs][(mine + t) % 2])
                    .max()
                    .unwrap()
            };
            memo[left][mine][theirs] = value;
        }
    }
    let outcomes: Vec<Outcome> = (0..len)
        .map(|n| match memo[n][0][0] {
            1 => Outcome::Win,
            -1 => Outcome::Lose,
            _ => Outcome::Tie,
        })
        .collect();
    let report = pattern(&game("script:examples/oddball.rhai", &[]), 200);
    assert!(report.values.is_none());
    let rule = check_outcomes(&report, &outcomes);
    assert_eq!(rule.classes.len(), 2, "{rule:?}");
}

#[test]
fn no_rule_is_invented() {
    // Games whose tables have no simple rule: Officers, Grundy's game, squares, and random
    // rules (each n has its own pseudo-random moves to the six below it).
    for spec in ["0.6", "4!.0", "subtraction:squares"] {
        let report = pattern(&game(spec, &[]), 500);
        assert!(
            report.values.as_ref().unwrap().rules.is_empty(),
            "{report:#?}"
        );
    }
    for seed in 1..=8u64 {
        let script = format!(
            r"
            fn start(n) {{ n }}
            fn moves(n) {{
                let out = [];
                for d in 1..7 {{
                    let h = (n * 2654435761 + d * 40503 + {seed} * 97) % 1000003;
                    if d <= n && h % 2 == 1 {{ out.push(n - d); }}
                }}
                out
            }}
        "
        );
        let report = pattern(
            &game("script:random.rhai", &[("random.rhai", &script)]),
            600,
        );
        assert!(report.outcomes.rules.is_empty(), "seed {seed}: {report:#?}");
        assert!(
            report.values.as_ref().unwrap().rules.is_empty(),
            "seed {seed}: {report:#?}"
        );
    }
}

#[test]
fn a_rule_found_on_few_positions_that_fails_further_is_reported_as_failed() {
    // Deleting divisors on n <= 300 and checked to 3000: the list of powers of two seen below
    // 300 as exceptions of "n is odd" cannot survive 512.
    let plan = PatternPlan {
        to: Some(300),
        check_to: Some(3000),
    };
    let game = game("script:examples/deleting-divisors.rhai", &[]);
    let report = Analyzer::new(Config::default())
        .pattern(&game, &plan)
        .unwrap();
    assert_eq!(report.checked_to, 3000);
    assert!(!report.outcomes.rules.is_empty());
    for failed in report.outcomes.failed.iter().filter(|failed| failed.beyond) {
        assert!(failed.at[0] > 300, "{failed:?}");
    }
}

#[test]
fn explain_shows_the_rule_found_with_its_table_and_what_would_prove_it() {
    use grundy::analysis::explain::Step;
    use grundy::render::explain::{Format, Language, render};
    let game = game("script:examples/divisors.rhai", &[]);
    let explanation = Analyzer::new(Config::default())
        .explain(&game, None)
        .unwrap();
    let found = explanation
        .steps
        .iter()
        .find_map(|step| match step {
            Step::Found(report) => Some(report),
            _ => None,
        })
        .expect("a step with the rule found");
    assert_eq!(
        found.outcomes.rules[0].rule,
        lose_iff(NumberSet::Periodic {
            preperiod: 1,
            period: 2,
            members: vec![0, 1]
        })
    );
    assert_eq!(found.head.len(), 24);
    let text = render(&explanation, Language::En, Format::Text, 100).unwrap();
    assert!(text.contains("loses iff n is odd, or n is 0"), "{text}");
    assert!(text.contains("Observed, not proved"), "{text}");
    assert!(text.contains("What would prove it"), "{text}");
    let chinese = render(&explanation, Language::Zh, Format::Text, 100).unwrap();
    assert!(
        chinese.contains("打表找规律") && chinese.contains("n 为奇数"),
        "{chinese}"
    );
    // A game with a certified period explains its pattern by the theorem, with no table step.
    let explanation = Analyzer::new(Config::default())
        .explain(&grundy::parse_game("subtraction:1,3,4").unwrap(), None)
        .unwrap();
    assert!(
        !explanation
            .steps
            .iter()
            .any(|step| matches!(step, Step::Found(_)))
    );
}

#[test]
fn built_in_games_without_grundy_tables_have_rules_of_outcomes() {
    // Misère Nim on one heap: lost exactly at 1 (at 0 the player to move has already won).
    let report = pattern(&game("misere:nim", &[]), 100);
    let outcomes: Vec<Outcome> = (0..1000)
        .map(|n| if n == 1 { Outcome::Lose } else { Outcome::Win })
        .collect();
    assert_eq!(
        check_outcomes(&report, &outcomes),
        lose_iff(NumberSet::Finite(vec![1]))
    );
    // The built-in contest game has the script's rule: period 8 with ties.
    let built_in = pattern(&game("oddball:1,2,3", &[]), 200);
    let scripted = pattern(&game("script:examples/oddball.rhai", &[]), 200);
    assert_eq!(
        built_in.outcomes.rules[0].rule,
        scripted.outcomes.rules[0].rule
    );
}
