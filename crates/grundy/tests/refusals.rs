//! The library speaks no front end's language: refusals and bad settings are typed, their
//! messages name no command-line flag, and no string literal in the library's source does.

use grundy::{
    Analyzer, Config, Error, Limit, Position, Refusal, Remedy, Setting, SettingError, parse_game,
};

fn analyzer(max_values: Option<u64>) -> Analyzer<'static> {
    let config = Config::default().with_threads(1).unwrap();
    Analyzer::new(match max_values {
        Some(max) => config.with_max_values(max).unwrap(),
        None => config,
    })
}

fn solve(spec: &str, position: &str, max_values: Option<u64>) -> Error {
    let game = parse_game(spec).unwrap();
    let position = if position.is_empty() {
        Position::Sum
    } else {
        game.parse_position(position).unwrap()
    };
    analyzer(max_values)
        .solve(&game, &position)
        .expect_err(&format!("{spec} {position}: expected an error"))
}

fn table(spec: &str, from: u64, to: u64, max_values: Option<u64>) -> Error {
    let game = parse_game(spec).unwrap();
    analyzer(max_values)
        .table(&game, &from.into(), &to.into())
        .expect_err(&format!("{spec} table: expected an error"))
}

fn remedy(error: &Error) -> Option<Remedy> {
    match error {
        Error::Refused(Refusal { remedy, .. }) => remedy.clone(),
        other => panic!("expected a refusal: {other}"),
    }
}

fn raise(limit: Limit, needed: Option<u64>) -> Remedy {
    Remedy::RaiseLimit {
        limit,
        needed: needed.map(Into::into),
    }
}

/// Refusals and setting errors from every part of the library, each with the remedy it offers.
fn representative_errors() -> Vec<(&'static str, Error)> {
    let period = |spec: &str| {
        analyzer(None)
            .period(&parse_game(spec).unwrap())
            .unwrap_err()
    };
    let grid = |spec: &str, to: u64| {
        analyzer(None)
            .grid(&parse_game(spec).unwrap(), to)
            .unwrap_err()
    };
    let wythoff = parse_game("wythoff").unwrap();
    let pair = wythoff.parse_position("3,5").unwrap();
    vec![
        (
            "infinite family",
            solve("subtraction:fibonacci", "10^6", Some(1000)),
        ),
        (
            "infinite family beyond any limit",
            solve("subtraction:fibonacci", "10^18", None),
        ),
        (
            "no period found",
            solve("subtraction:2,5,7", "10^20", Some(20)),
        ),
        (
            "no-repeat: no period found",
            solve("norepeat:1,2,3", "10^20", Some(2)),
        ),
        (
            "take-and-break: no period found",
            solve("0.6", "10^12", Some(100)),
        ),
        (
            "misère Wythoff",
            solve("misere:wythoff", "1000000,1000000", None),
        ),
        (
            "misère Fibonacci Nim",
            solve("misere:fibonacci-nim", "10^7", None),
        ),
        (
            "Fibonacci Nim table",
            table("fibonacci-nim", 0, 100_000, None),
        ),
        (
            "misère sum",
            solve("misere:bash:3[60] + bash:2[60]", "", Some(100)),
        ),
        (
            "misère sum of large components",
            solve("misere:bash:3[1000] + bash:2[1000]", "", Some(100)),
        ),
        ("oddball", solve("oddball:1,2,3", "1000", Some(100))),
        // A wild code whose quotient does not reach these heaps, beyond the position limit.
        (
            "misère code beyond the position limit",
            solve("misere:0.07", "30,30,30", Some(1000)),
        ),
        ("misère oddball", solve("misere:oddball:1,2,3", "4", None)),
        ("Wythoff table", table("wythoff", 0, 9, None)),
        ("grid of a heap game", grid("bash:3", 9)),
        ("period of Nim", period("nim")),
        ("reversed table", table("bash:3", 9, 3, None)),
        ("long table", table("bash:3", 0, 1_000_000_000, None)),
        ("large grid", grid("wythoff", 10_000)),
        (
            "wrong position",
            analyzer(None)
                .solve(&parse_game("nim").unwrap(), &pair)
                .unwrap_err(),
        ),
        (
            "value limit",
            Config::default().with_max_values(0).unwrap_err(),
        ),
        ("threads", Config::default().with_threads(0).unwrap_err()),
        (
            "memory limit",
            Config::default().with_max_memory(0).unwrap_err(),
        ),
        (
            "out of memory",
            Error::OutOfMemory {
                what: "the table".to_owned(),
                needed: 1 << 40,
                limit: 1 << 30,
            },
        ),
        (
            "timed out",
            Error::TimedOut {
                allowed: std::time::Duration::from_secs(2),
                checked_to: 10,
                unit: grundy::Unit::Values,
            },
        ),
    ]
}

#[test]
fn no_error_message_names_a_flag() {
    for (case, error) in representative_errors() {
        let message = error.to_string();
        assert!(!message.contains("--"), "{case}: {message}");
        if let Some(remedy) = error.remedy() {
            let words = remedy.to_string();
            assert!(!words.contains("--"), "{case}: {words}");
            if matches!(error, Error::Refused(_)) {
                assert!(message.ends_with(&words), "{case}: {message}");
            }
        }
    }
}

#[test]
fn refusals_carry_typed_remedies() {
    let errors = representative_errors();
    let error = |case: &str| &errors.iter().find(|(c, _)| *c == case).unwrap().1;
    assert_eq!(
        remedy(error("infinite family")),
        Some(raise(Limit::Values, Some(1_000_001)))
    );
    assert_eq!(
        remedy(error("infinite family beyond any limit")),
        Some(raise(Limit::Values, Some(1_000_000_000_000_000_001)))
    );
    assert_eq!(
        remedy(error("no period found")),
        Some(raise(Limit::Values, None))
    );
    assert_eq!(
        remedy(error("no-repeat: no period found")),
        Some(raise(Limit::Values, None))
    );
    assert!(matches!(
        remedy(error("take-and-break: no period found")),
        Some(Remedy::RaiseLimit {
            limit: Limit::Values,
            ..
        })
    ));
    assert_eq!(
        remedy(error("misère Wythoff")),
        Some(raise(Limit::Positions, Some(1_000_001 * 1_000_001)))
    );
    assert_eq!(
        remedy(error("misère Fibonacci Nim")),
        Some(raise(Limit::Positions, Some(10_000_001 * 10_000_002 / 2)))
    );
    assert_eq!(
        remedy(error("Fibonacci Nim table")),
        Some(raise(Limit::Positions, Some(100_001 * 100_002 / 2)))
    );
    assert_eq!(
        remedy(error("misère sum")),
        Some(raise(Limit::Positions, None))
    );
    assert_eq!(
        remedy(error("misère sum of large components")),
        Some(raise(Limit::Positions, Some(1000)))
    );
    assert_eq!(
        remedy(error("oddball")),
        Some(raise(Limit::Positions, Some(1001 * 4)))
    );
    assert_eq!(
        remedy(error("misère code beyond the position limit")),
        Some(raise(Limit::Positions, None))
    );
    assert_eq!(remedy(error("misère oddball")), Some(Remedy::UseNormalPlay));
    assert_eq!(remedy(error("Wythoff table")), Some(Remedy::UseGrid));
    assert_eq!(remedy(error("grid of a heap game")), Some(Remedy::UseTable));
    assert_eq!(remedy(error("period of Nim")), None);
    assert_eq!(
        error("out of memory").remedy(),
        Some(raise(Limit::Memory, Some(1 << 40)))
    );
    assert_eq!(error("timed out").remedy(), Some(raise(Limit::Time, None)));
    let message = error("misère Wythoff").to_string();
    assert!(
        message.ends_with("; raise the position limit (this needs 1000002000001, more than the largest limit accepted, 1000000000)"),
        "{message}"
    );
}

#[test]
fn setting_errors_name_the_setting_its_bounds_and_the_value() {
    let errors = representative_errors();
    let setting = |case: &str| match &errors.iter().find(|(c, _)| *c == case).unwrap().1 {
        Error::Setting(error) => error.clone(),
        other => panic!("{case}: expected a setting error: {other}"),
    };
    assert_eq!(
        setting("value limit"),
        SettingError::OutOfRange {
            setting: Setting::MaxValues,
            least: 1,
            most: Some(grundy::analysis::MAX_VALUES_LIMIT),
            given: 0
        }
    );
    assert_eq!(
        setting("threads"),
        SettingError::OutOfRange {
            setting: Setting::Threads,
            least: 1,
            most: None,
            given: 0
        }
    );
    assert_eq!(
        setting("memory limit"),
        SettingError::OutOfRange {
            setting: Setting::MaxMemory,
            least: 1,
            most: None,
            given: 0
        }
    );
    assert_eq!(
        setting("reversed table"),
        SettingError::Reversed {
            from: 9u32.into(),
            to: 3u32.into()
        }
    );
    assert_eq!(
        setting("long table"),
        SettingError::TooManyRows {
            from: 0u32.into(),
            to: 1_000_000_000u32.into(),
            most: grundy::analysis::MAX_TABLE_ROWS
        }
    );
    assert_eq!(
        setting("large grid"),
        SettingError::TooManyCells {
            to: 10_000,
            most: grundy::analysis::MAX_TABLE_ROWS
        }
    );
    assert!(matches!(
        setting("wrong position"),
        SettingError::WrongPosition { .. }
    ));
    assert_eq!(
        setting("value limit").to_string(),
        "the value limit must be between 1 and 1000000000; got 0"
    );
}

/// Every string literal of a Rust source, skipping comments and character literals.
fn string_literals(source: &str) -> Vec<(usize, String)> {
    let bytes = source.as_bytes();
    let line_of = |at: usize| source[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = source[i..].find('\n').map_or(bytes.len(), |end| i + end);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = source[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |end| i + 2 + end + 2);
            }
            // A character literal ('"', '\'', 'x'); otherwise a lifetime.
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => {
                i = source[i + 2..]
                    .find('\'')
                    .map_or(bytes.len(), |end| i + 2 + end + 1);
            }
            b'\'' if source[i + 1..].chars().nth(1) == Some('\'') => {
                i += 1 + source[i + 1..].chars().next().map_or(0, char::len_utf8) + 1;
            }
            b'r' if starts_token(bytes, i) && matches!(bytes.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = source[i + 1..].bytes().take_while(|&b| b == b'#').count();
                let open = i + 1 + hashes;
                if bytes.get(open) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let end = source[open + 1..]
                    .find(&close)
                    .map_or(bytes.len(), |end| open + 1 + end);
                out.push((line_of(i), source[open + 1..end].to_owned()));
                i = end + close.len();
            }
            b'"' => {
                let mut end = i + 1;
                while end < bytes.len() && bytes[end] != b'"' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let end = end.min(bytes.len());
                out.push((line_of(i), source[i + 1..end].to_owned()));
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// Whether the `r` at `at` starts a raw string's prefix (`r"`, `br"`), not ends a word.
fn starts_token(bytes: &[u8], at: usize) -> bool {
    let word = |i: usize| bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_';
    match at {
        0 => true,
        1 => !word(0) || bytes[0] == b'b',
        _ => !word(at - 1) || (bytes[at - 1] == b'b' && !word(at - 2)),
    }
}

/// A command-line flag in `text`: `--` and a letter, not inside a word.
fn names_a_flag(text: &str) -> bool {
    text.match_indices("--").any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + 2..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
            && after.is_some_and(|c| c.is_ascii_lowercase())
    })
}

fn rust_files(directory: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_scanner_finds_flags_in_strings_only() {
    let source = r##"
        // raise it with --max (a comment)
        let quote = '"'; let escaped = '\''; fn f<'a>(x: &'a str) {}
        let message = "raise it with --max";
        let raw = r#"and --timeout"#; let bytes = br"--threads\"; let word = for"--to";
        let fine = "a dash -- and then more; x--y; --";
    "##;
    let flagged: Vec<String> = string_literals(source)
        .into_iter()
        .filter(|(_, text)| names_a_flag(text))
        .map(|(_, text)| text)
        .collect();
    assert_eq!(
        flagged,
        [
            "raise it with --max",
            "and --timeout",
            "--threads\\",
            "--to"
        ]
    );
}

#[test]
fn no_string_in_the_library_names_a_flag() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 10, "{}: too few sources", root.display());
    let mut found = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for (line, text) in string_literals(&source) {
            if names_a_flag(&text) {
                found.push(format!("{}:{line}: {text}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the library names command-line flags (refuse with a typed Remedy or SettingError instead):\n{}",
        found.join("\n")
    );
}
