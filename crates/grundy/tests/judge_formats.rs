//! Judge formats end to end in the library: every preset answers its statement's sample input
//! with the statement's sample output (testdata/judge/samples, sources in
//! testdata/judge/SOURCES.md); every layout reads good inputs and points at the first wrong
//! character of bad ones; test inputs written for a format read back as the same cases.

use grundy::analysis::judge::TestInput;
use grundy::input::judge_format::{
    CasePosition, InputLayout, JudgeFormat, OutputFormat, Preset, read_judge,
};
use grundy::render::judge::{first_difference, output_text};
use grundy::{Analyzer, Config, Game, Outcome, Position, parse_game};

fn samples(name: &str) -> String {
    let path = format!(
        "{}/../../testdata/judge/samples/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn answer(format: &JudgeFormat, input: &str, game: Option<&Game>) -> String {
    let cases = read_judge(input, format, game).unwrap_or_else(|e| panic!("{format}: {e}"));
    let verdicts = Analyzer::new(Config::default())
        .judge(&cases, format.output())
        .unwrap_or_else(|e| panic!("{format}: {e}"));
    output_text(format, &cases, &verdicts)
}

#[test]
fn every_preset_answers_its_statements_sample() {
    for preset in Preset::ALL {
        let format = JudgeFormat::of_preset(preset);
        let mut names = vec![preset.name().to_owned()];
        if preset == Preset::Lanqiao2016Qiuqiu {
            names.push(format!("{}-2", preset.name()));
        }
        for name in names {
            let input = samples(&format!("{name}.in"));
            let expected = samples(&format!("{name}.out"));
            assert_eq!(answer(&format, &input, None), expected, "{name}");
        }
    }
}

#[test]
fn aliases_and_generic_names_read() {
    assert_eq!(
        JudgeFormat::parse("hdu-1944").unwrap().preset,
        Some(Preset::Hdu1536)
    );
    for layout in InputLayout::ALL {
        for (output, value) in OutputFormat::generic() {
            let name = format!("{}/{output}", layout.name());
            let format = JudgeFormat::parse(&name).unwrap();
            assert_eq!((format.layout(), format.output()), (Some(layout), &value));
            assert_eq!(format.name(), name);
        }
    }
}

#[test]
fn unknown_formats_point_at_the_unknown_part() {
    for (text, span, hint) in [
        ("hdu-1572", 0..8, "did you mean hdu-1527?"),
        ("line/yes-no", 0..4, "did you mean lines?"),
        ("lines/yes", 6..9, "did you mean yes-no?"),
        ("cases-heap/count", 0..10, "did you mean cases-heaps?"),
    ] {
        let error = JudgeFormat::parse(text).unwrap_err();
        assert_eq!(error.span, span, "{text}");
        assert!(
            error.hint.as_deref().unwrap().contains(hint),
            "{text}: {error}"
        );
    }
}

#[test]
fn generic_layouts_read_their_inputs() {
    use Outcome::{Lose, Tie, Win};
    let nim = parse_game("nim").unwrap();
    let bash = parse_game("bash:3").unwrap();
    let wythoff = parse_game("wythoff").unwrap();
    let outcomes = |format: &str, input: &str, game: Option<&Game>| {
        let format = JudgeFormat::parse(format).unwrap();
        let cases = read_judge(input, &format, game).unwrap();
        Analyzer::new(Config::default())
            .judge(&cases, format.output())
            .unwrap()
            .into_iter()
            .map(|v| v.outcome)
            .collect::<Vec<_>>()
    };
    // Commas and spaces both separate on a line; blank lines are skipped.
    assert_eq!(
        outcomes("lines/yes-no", "1,2,3\n\n 4 4 \n7\n", Some(&nim)),
        [Lose, Lose, Win]
    );
    assert_eq!(
        outcomes("lines-zero/yes-no", "4\n5\n0\n", Some(&bash)),
        [Lose, Win]
    );
    assert_eq!(
        outcomes("cases/win-lose", "2\n3 5\n3 4\n", Some(&wythoff)),
        [Lose, Win]
    );
    // Line breaks do not matter in the stream layouts.
    assert_eq!(
        outcomes("heaps/count", "2 1\n1 3 1 2\n3\n", Some(&nim)),
        [Lose, Lose]
    );
    assert_eq!(
        outcomes("cases-heaps/yes-no", "2\n1 4\n2 4 4\n", Some(&bash)),
        [Lose, Lose]
    );
    assert_eq!(
        outcomes("cases-bash/yes-no", "3\n4 3\n5 3\n10 9\n", None),
        [Lose, Win, Lose]
    );
    assert_eq!(
        outcomes("snim/win-lose", "1 2\n2\n1 1\n1 3\n", None),
        [Lose, Win]
    );
    assert_eq!(
        outcomes("oddball/symbols", "1 2 3 1 2 5", None),
        [Win, Tie, Lose]
    );
    // Several heaps of a one-heap game are one position of several heaps of that game, answered
    // as the sum of its heaps is.
    let format = JudgeFormat::parse("lines/yes-no").unwrap();
    let cases = read_judge("1 4 1\n", &format, Some(&bash)).unwrap();
    let (game, position) = cases[0].game_and_position().unwrap();
    assert_eq!(
        (game.to_string(), position.to_string()),
        ("bash:3".to_owned(), "1,4,1".to_owned())
    );
    let analyzer = Analyzer::new(Config::default());
    let sum = parse_game("bash:3[1] + bash:3[4] + bash:3[1]").unwrap();
    assert_eq!(
        analyzer.solve(&game, &position).unwrap().grundy,
        analyzer.solve(&sum, &Position::Sum).unwrap().grundy
    );
}

/// Bad inputs: format, game, input, the line of the error, its text, the span, the message.
type Bad = (
    &'static str,
    Option<&'static str>,
    &'static str,
    usize,
    &'static str,
    std::ops::Range<usize>,
    &'static str,
);

#[rustfmt::skip]
const BAD_INPUTS: [Bad; 19] = [
    ("lines/yes-no", Some("wythoff"), "3 5\n4\n", 2, "4", 0..1, "exactly two heaps, not 1"),
    ("lines/yes-no", Some("nim"), "3 x\n", 1, "3 x", 2..3, "'x' is not a whole number"),
    ("lines-zero/yes-no", Some("nim"), "3\n0\n5\n", 3, "5", 0..1, "unexpected text after the end of the input (the stop on line 2)"),
    ("cases/yes-no", Some("nim"), "3\n1\n2\n", 3, "2", 1..1, "the line x[] should be read (round 3 of 3 of repeat T)"),
    ("cases/yes-no", Some("nim"), "1 2\n1\n", 1, "1 2", 2..3, "this line holds more than T"),
    ("heaps/count", Some("nim"), "3 1 2\n", 1, "3 1 2", 0..1, "this count says 3 values of h, and the input ends after 2"),
    ("heaps/count", Some("nim"), "1 -4\n", 1, "1 -4", 2..4, "negative"),
    ("cases-heaps/count", Some("nim"), "2\n1 1\n", 2, "1 1", 3..3, "where m should be read (round 2 of 2 of repeat T)"),
    ("cases-bash/yes-no", None, "1\n5 0\n", 2, "5 0", 2..3, "bash:0 is not a game"),
    ("snim/win-lose", None, "2 0 3\n1\n1 3\n", 1, "2 0 3", 2..5, "subtraction:0,3 is not a game"),
    ("snim/win-lose", None, "1 2\n2\n1 2\n", 3, "1 2", 3..3, "where l should be read (round 2 of 2 of repeat m)"),
    ("oddball/symbols", None, "0 1 3\n4\n", 1, "0 1 3", 0..5, "oddball:0,1,3 is not a game"),
    ("read n; line a b; case {a}; say A B", Some("nim"), "1\n2 3 4\n", 2, "2 3 4", 4..5, "this line holds more than a b"),
    ("read n; line a b; case {a}; say A B", Some("nim"), "1 2\n3\n", 1, "1 2", 2..3, "this line holds too few values"),
    ("read n; repeat n - 2 { read x; case {x} }; say A B", Some("nim"), "1 5\n", 1, "1 5", 0..1, "n - 2 is negative"),
    ("read T; repeat T { read n k; case {n} }; game subtraction:1,2,{k}; say A B", None, "1\n5 0\n", 2, "5 0", 2..3, "subtraction:1,2,0 is not a game"),
    ("read k; loop { read h[k]; case {h} }; say W L", Some("bash:3"), "0\n1\n", 1, "0", 0..1, "a round of a loop read nothing"),
    ("read T; repeat T { read m }; case {m}; game bash:3; say W L", None, "0\n", 1, "0", 0..1, "the statement that reads it has not run"),
    ("read m h[m]; case {h}; game fibonacci-nim; say W L", None, "2 2 3\n", 1, "2 2 3", 2..5, "not lists of heaps"),
];

#[test]
fn bad_inputs_are_pointed_at_on_their_line() {
    for (format, game, input, line, text, span, message) in BAD_INPUTS {
        let parsed = JudgeFormat::parse(format).unwrap();
        let game = game.map(|g| parse_game(g).unwrap());
        let error = read_judge(input, &parsed, game.as_ref()).unwrap_err();
        let shown = error.to_string();
        assert_eq!(
            (
                error.line,
                error.error.text.as_str(),
                error.error.span.clone()
            ),
            (line, text, span),
            "{format} {input:?}: {shown}"
        );
        assert!(
            error.error.message.contains(message),
            "{format} {input:?}: {shown}"
        );
        assert!(shown.contains(&format!("line {line}")), "{shown}");
        assert!(shown.contains('^'), "{shown}");
    }
    // A generic format without a game says so.
    let error = read_judge("1\n", &JudgeFormat::parse("lines/yes-no").unwrap(), None).unwrap_err();
    assert!(error.error.message.contains("needs a game"), "{error}");
}

#[test]
fn a_long_line_is_cut_around_the_error() {
    let nim = parse_game("nim").unwrap();
    let mut line = "1 ".repeat(500);
    line.push_str("x ");
    line.push_str(&"1 ".repeat(500));
    let error = read_judge(
        &line,
        &JudgeFormat::parse("lines/yes-no").unwrap(),
        Some(&nim),
    )
    .unwrap_err();
    assert!(error.error.text.len() < 200, "{}", error.error.text);
    assert_eq!(&error.error.text[error.error.span.clone()], "x");
}

#[test]
fn test_inputs_read_back_as_the_same_cases() {
    let analyzer = Analyzer::new(Config::default());
    let mut formats: Vec<(JudgeFormat, Option<Game>)> = Preset::ALL
        .into_iter()
        .map(|preset| (JudgeFormat::of_preset(preset), None))
        .collect();
    for (format, game) in [
        ("lines/yes-no", "subtraction:1,3,4"),
        ("lines/symbols", "oddball:1,4,5"),
        ("lines/yes-no", "fibonacci-nim"),
        ("lines/yes-no", "norepeat:1,2,3"),
        ("lines-zero/first-second", "wythoff"),
        ("cases/win-lose", "misere:bash:3"),
        ("heaps/count", "subtraction:2,5"),
        ("heaps/moves", "nim"),
        ("cases-heaps/one-zero", "0.77"),
    ] {
        formats.push((
            JudgeFormat::parse(format).unwrap(),
            Some(parse_game(game).unwrap()),
        ));
    }
    for (format, game) in &formats {
        for seed in 0..3 {
            for TestInput { text, cases } in analyzer
                .test_inputs(format, game.as_ref(), 8, seed)
                .unwrap()
            {
                let read = read_judge(&text, format, game.as_ref())
                    .unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
                let shape = |cases: &[grundy::input::judge_format::Case]| {
                    cases
                        .iter()
                        .map(|c| (c.game.to_string(), c.position.clone(), c.block))
                        .collect::<Vec<_>>()
                };
                assert_eq!(shape(&read), shape(&cases), "{format}\n{text}");
                // Heaps of one-heap games are read as lists exactly where the layout says.
                if format.layout().is_some_and(InputLayout::reads_heap_lists)
                    && game
                        .as_ref()
                        .is_some_and(|g| matches!(g.base(), Game::Subtraction(_)))
                {
                    assert!(
                        read.iter()
                            .all(|c| matches!(c.position, CasePosition::Heaps(_)))
                    );
                }
                // grundy agrees with itself through the text.
                let verdicts = analyzer.judge(&read, format.output()).unwrap();
                let expected = output_text(format, &read, &verdicts);
                assert_eq!(first_difference(&expected, &expected), None);
            }
        }
    }
}

#[test]
fn outputs_compare_by_tokens() {
    assert_eq!(first_difference("Yes\nNo\n", "Yes   \r\nNo"), None);
    let difference = first_difference("LWW\n", "LW W\n").unwrap();
    assert_eq!(difference.token, 1);
    let difference = first_difference("1\n0\n", "1\n").unwrap();
    assert_eq!((difference.token, difference.actual), (2, None));
    let difference = first_difference("1\n", "1\n0\n").unwrap();
    assert_eq!(
        (difference.expected, difference.actual.as_deref()),
        (None, Some("0"))
    );
    assert!(first_difference("yes\n", "Yes\n").is_some());
}

#[test]
fn large_inputs_are_answered_from_one_period() {
    // 10^5 heaps near 10^18 of a subtraction game: one period search, not one per case.
    let game = parse_game("subtraction:2,5,7").unwrap();
    let format = JudgeFormat::parse("lines/yes-no").unwrap();
    let mut input = String::new();
    for i in 0..100_000u64 {
        input.push_str(&(1_000_000_000_000_000_000u64 - i).to_string());
        input.push('\n');
    }
    let cases = read_judge(&input, &format, Some(&game)).unwrap();
    let verdicts = Analyzer::new(Config::default())
        .judge(&cases, format.output())
        .unwrap();
    assert_eq!(verdicts.len(), 100_000);
    let solution = Analyzer::new(Config::default())
        .solve(&game, &game.parse_position("999999999999999999").unwrap())
        .unwrap();
    assert_eq!(verdicts[1].outcome, solution.outcome);
}

proptest::proptest! {
    /// Any text, in any format: an answer or an error pointing into its line, never a panic.
    #[test]
    fn reading_never_panics(text in "[0-9 ,\n\r\t x-]{0,60}|\\PC{0,40}", pick in 0usize..30) {
        let names: Vec<String> = Preset::ALL
            .iter()
            .map(|p| p.name().to_owned())
            .chain(InputLayout::ALL.iter().map(|l| format!("{}/moves", l.name())))
            .collect();
        let format = JudgeFormat::parse(&names[pick % names.len()]).unwrap();
        let games = [None, Some(parse_game("nim").unwrap()), Some(parse_game("wythoff").unwrap()), Some(parse_game("bash:2").unwrap())];
        for game in &games {
            match read_judge(&text, &format, game.as_ref()) {
                Ok(cases) => {
                    let verdicts = Analyzer::new(Config::default()).judge_each(&cases, format.output());
                    proptest::prop_assert!(verdicts.is_ok());
                }
                Err(error) => {
                    let span = error.error.span.clone();
                    proptest::prop_assert!(span.start <= span.end && span.end <= error.error.text.len());
                    proptest::prop_assert!(error.line >= 1);
                }
            }
        }
    }
}

#[test]
fn test_inputs_start_with_the_edges() {
    let analyzer = Analyzer::new(Config::default());
    let format = JudgeFormat::parse("lines/yes-no").unwrap();
    // subtraction:1,3,4: period 7 from 0, so its boundaries are 0, 6, 7, 8 and 14.
    let game = parse_game("subtraction:1,3,4").unwrap();
    let inputs = analyzer.test_inputs(&format, Some(&game), 3, 1).unwrap();
    let heaps: Vec<String> = inputs[0]
        .cases
        .iter()
        .map(|case| match &case.position {
            CasePosition::Single(position) => position.to_string(),
            CasePosition::Heaps(_) => "a sum".to_owned(),
        })
        .collect();
    assert_eq!(
        heaps,
        [
            "0",
            "1",
            "2",
            "6",
            "7",
            "8",
            "14",
            "2147483647",
            "1000000000000000000",
            "9223372036854775807"
        ]
    );
    // A preset's bounds cut them: HDU 1527 allows heaps up to 10^9.
    let format = JudgeFormat::of_preset(Preset::Hdu1527);
    let first = &analyzer.test_inputs(&format, None, 1, 1).unwrap()[0];
    let text = &first.text;
    // (618033988, 999999999) is the last P-position within 10^9: the next is (618033989, 1000000001).
    assert_eq!(text, "0 0\n1 2\n2 1\n999999999 618033988\n");
    let p = |a: u32, b: u32| grundy::wythoff::is_p_position(&a.into(), &b.into());
    assert!(p(999_999_999, 618_033_988) && p(618_033_989, 1_000_000_001));
}
