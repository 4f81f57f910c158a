//! The tests of `analysis::plot`.

use super::*;
use crate::analysis::Config;
use crate::input::spec::parse_game;

fn plot(spec: &str, request: PlotRequest) -> Plot {
    let game = parse_game(spec).expect("a game");
    Analyzer::new(Config::default())
        .plot(&game, &request)
        .expect("a plot")
}

#[test]
fn strip_of_134_is_wrapped_by_its_certified_period() {
    let plot = plot("subtraction:1,3,4", PlotRequest::new(70));
    let Marks::Strip(strip) = &plot.marks else {
        panic!("a strip")
    };
    assert_eq!(strip.values.len(), 71);
    assert_eq!((strip.row_length, strip.wrapped_by_period), (7, true));
    assert!(matches!(strip.pattern, Some(Search::Certified(_))));
    for (n, &value) in strip.values.iter().enumerate() {
        assert_eq!(value == 0, [0, 2].contains(&(n % 7)), "heap {n}");
    }
}

#[test]
fn kayles_strip_is_certified_beyond_the_values_drawn() {
    let plot = plot("kayles", PlotRequest::new(30));
    let Marks::Strip(strip) = &plot.marks else {
        panic!("a strip")
    };
    assert_eq!(strip.periodicity(), Some((71, 12)));
    assert_eq!(strip.row_length, 12);
}

#[test]
fn a_strip_without_a_certificate_is_an_observation_or_nothing() {
    let plot = plot("subtraction:primes", PlotRequest::new(40));
    let Marks::Strip(strip) = &plot.marks else {
        panic!("a strip")
    };
    assert!(!matches!(strip.pattern, Some(Search::Certified(_))));
}

#[test]
fn wythoff_grid_has_the_beatty_pairs_as_p_positions() {
    let plot = plot("wythoff", PlotRequest::new(40));
    let Marks::Grid(grid) = &plot.marks else {
        panic!("a grid")
    };
    // ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ exactly, and ⌊kφ²⌋ = ⌊kφ⌋ + k.
    let mut expected = Vec::new();
    for k in 0..=40u64 {
        let low = k.midpoint((5 * k * k).isqrt());
        let high = low + k;
        for (x, y) in [(low, high), (high, low)] {
            if x <= 40 && y <= 40 && !expected.contains(&(x, y)) {
                expected.push((x, y));
            }
        }
    }
    expected.sort_unstable();
    assert_eq!(grid.p_positions(), expected);
}

#[test]
fn two_heaps_of_a_game_are_the_xor_of_their_values() {
    let plot = plot(
        "subtraction:1,3,4",
        PlotRequest::new(20).with_kind(PlotKind::Grid),
    );
    let Marks::Grid(grid) = &plot.marks else {
        panic!("a grid")
    };
    assert_eq!(grid.source, GridSource::TwoHeaps);
    let g = [0, 1, 0, 1, 2, 3, 2];
    for a in 0..=20 {
        for b in 0..=20 {
            assert_eq!(grid.values[a][b], g[a % 7] ^ g[b % 7]);
        }
    }
}

#[test]
fn officers_scatter_is_binned_with_rare_values() {
    let plot = plot("0.6", PlotRequest::new(20_000).with_kind(PlotKind::Scatter));
    let Marks::Scatter(scatter) = &plot.marks else {
        panic!("a scatter plot")
    };
    assert_eq!(scatter.scale, Scale::Logarithmic);
    assert!(scatter.points.is_empty());
    assert!(scatter.bins.len() as u64 <= PLOT_BINS);
    assert!(scatter.split.is_some());
    assert!(scatter.rare_heaps > 0 && scatter.rare_heaps < scatter.common_heaps);
    assert_eq!(scatter.rare_heaps + scatter.common_heaps, 20_001);
    // Bins cover heaps 1..=20000 in order, without overlap.
    assert_eq!(scatter.bins.first().map(|bin| bin.first), Some(1));
    assert_eq!(scatter.bins.last().map(|bin| bin.last), Some(20_000));
    for pair in scatter.bins.windows(2) {
        assert_eq!(pair[0].last + 1, pair[1].first);
    }
}

#[test]
fn oddball_outcomes_match_solve() {
    use Outcome::{Lose, Tie, Win};
    let plot = plot("oddball:1,2,3", PlotRequest::new(5));
    let Marks::Outcomes(map) = &plot.marks else {
        panic!("outcomes")
    };
    let fresh: Vec<Outcome> = map.rows[0].outcomes[1..].iter().map(|o| o.0).collect();
    assert_eq!(fresh, [Win, Tie, Win, Tie, Lose]);
}

fn refusal(spec: &str, request: PlotRequest) -> Error {
    let game = parse_game(spec).expect("a game");
    Analyzer::new(Config::default())
        .plot(&game, &request)
        .expect_err("a refusal")
}

fn strip_of(plot: &Plot) -> &Strip {
    let Marks::Strip(strip) = &plot.marks else {
        panic!("a strip")
    };
    strip
}

#[test]
fn a_costly_code_is_searched_within_the_work_cap() {
    // 8.0 splits into three heaps: a value costs O(n²), so 2^16 of them would take hours.
    // The search stops once its work passes the cap, and the values drawn are the table's.
    for (spec, to) in [("8.0", 100), ("8.0", 10), ("4.5[3]", 10)] {
        let plot = plot(spec, PlotRequest::new(to).with_kind(PlotKind::Strip));
        let strip = strip_of(&plot);
        let checked = match &strip.pattern {
            Some(Search::Observed(observation)) => observation.checked_to(),
            Some(Search::NotFound { checked_to }) => *checked_to,
            other => panic!("{spec}: {other:?}"),
        };
        assert!(
            checked > to && checked < PLOT_STRIP_SEARCH,
            "{spec}: {checked} values searched"
        );
        let game = parse_game(spec).expect("a game");
        let table = Analyzer::new(Config::default())
            .table(&game, &BigUint::ZERO, &BigUint::from(to))
            .expect("a table");
        let expected: Vec<u32> = table
            .values
            .iter()
            .map(|v| v.to_u32().expect("small"))
            .collect();
        assert_eq!(strip.values, expected, "{spec}");
    }
}

#[test]
fn tails_the_family_criterion_proves_are_searched_only_until_proved() {
    for spec in ["0.[7]", "0.[37]", "4.[3]"] {
        let plot = plot(spec, PlotRequest::new(10).with_kind(PlotKind::Strip));
        let Some(Search::Certified(certificate)) = &strip_of(&plot).pattern else {
            panic!("{spec}: certified")
        };
        assert!(certificate.checked_to() <= 64, "{spec}");
    }
}

#[test]
fn the_work_cap_never_cuts_the_values_drawn() {
    // More values than the cap pays for are still drawn, every one.
    let plot = plot("8.0", PlotRequest::new(1200).with_kind(PlotKind::Strip));
    assert_eq!(strip_of(&plot).values.len(), 1201);
}

#[test]
fn a_saltus_is_part_of_the_pattern() {
    // 0.[3] is Nim: G(n) = n, arithmetic-periodic with period 1 and saltus 1 (certified by
    // the family criterion); hex:0.3F has saltus 3, which no theorem proves for splits.
    let nim = plot("0.[3]", PlotRequest::new(50));
    let Some(Search::Certified(certificate)) = &strip_of(&nim).pattern else {
        panic!("certified")
    };
    let p = certificate.periodicity();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (0, 1, 1));
    let odd = plot("hex:0.3F", PlotRequest::new(50));
    let Some(Search::Observed(observation)) = &strip_of(&odd).pattern else {
        panic!("observed")
    };
    let p = observation.periodicity();
    assert_eq!((p.preperiod(), p.period(), p.saltus()), (0, 6, 3));
    // All but {2, 3}: period 4 and saltus 2, certified.
    let all_but = plot("allbut:2,3", PlotRequest::new(60));
    let strip = strip_of(&all_but);
    let Some(Search::Certified(certificate)) = &strip.pattern else {
        panic!("certified")
    };
    let p = certificate.periodicity();
    assert_eq!((p.period(), p.saltus()), (4, 2));
    for n in p.preperiod() as usize + 4..strip.values.len() {
        assert_eq!(strip.values[n], strip.values[n - 4] + 2, "heap {n}");
    }
}

#[test]
fn a_strip_says_what_its_search_examined() {
    // Officers: no period in the 2^16 values searched, not merely in the 201 drawn.
    let plot = plot("0.6", PlotRequest::new(200));
    let checked = match &strip_of(&plot).pattern {
        Some(Search::NotFound { checked_to }) => *checked_to,
        Some(Search::Observed(observation)) => observation.checked_to(),
        other => panic!("{other:?}"),
    };
    assert_eq!(checked, PLOT_STRIP_SEARCH);
}

#[test]
fn a_grid_needs_heaps_whose_positions_are_sums() {
    for spec in ["norepeat:1,2,3", "fibonacci-nim"] {
        let error = refusal(spec, PlotRequest::new(30).with_kind(PlotKind::Grid));
        assert!(matches!(error, Error::Refused(_)), "{spec}: {error}");
        assert_eq!(error.remedy(), Some(Remedy::UseTable), "{spec}");
    }
    for spec in ["nim", "0.77", "subtraction:2..5,rest"] {
        let plot = plot(spec, PlotRequest::new(12).with_kind(PlotKind::Grid));
        assert!(matches!(plot.marks, Marks::Grid(_)), "{spec}");
    }
}

#[test]
fn misere_one_heap_strips_or_a_remedy() {
    // Misère Nim has no table: solve its positions.
    let error = refusal("misere:nim", PlotRequest::new(40));
    assert_eq!(error.remedy(), Some(Remedy::SolvePositions));
    assert!(error.to_string().contains("exactly when n = 1"), "{error}");
    // Misère bash:3 (a subtraction game) is drawn from its misère values: P exactly at
    // n ≡ 1 (mod 4).
    let plot = plot("misere:bash:3", PlotRequest::new(40));
    for (n, &value) in strip_of(&plot).values.iter().enumerate() {
        assert_eq!(value == 0, n % 4 == 1, "heap {n}");
    }
}

#[test]
fn ranges_beyond_the_limits_are_refused_before_computing() {
    let game = parse_game("wythoff").expect("a game");
    let error = Analyzer::new(Config::default())
        .plot(&game, &PlotRequest::new(PLOT_GRID_SIDE + 1))
        .unwrap_err();
    assert_eq!(
        error.remedy(),
        Some(Remedy::AskLess {
            most: PLOT_GRID_SIDE
        })
    );
    let game = parse_game("nim").expect("a game");
    let error = Analyzer::new(Config::default())
        .plot(&game, &PlotRequest::new(5).with_kind(PlotKind::Outcomes))
        .unwrap_err();
    assert!(matches!(error, Error::Refused(_)));
}
