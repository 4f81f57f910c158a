//! How many places outside the rules ask which family a game is: every `match`, `matches!`,
//! `if let` or `let … else` whose patterns name a `Game` variant, in the library's non-test code
//! outside `games/` (the rules) and in the command line. Questions should ask a game for what it
//! can do instead; this count may only fall (ARCHITECTURE.md, "Which family a game is"). The
//! command line names no variant at all.
//!
//! The count reads code as text, a heuristic: a file is read up to its first test module
//! (`#[cfg(test)]` then `mod`); a comparison with a variant (`== Game::Nim`) counts as a site.
//! Asking for a combinator's parts (`Game::{base, play, components, code}`) is not a site.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The most sites allowed today; lower it as families move behind their capabilities.
const MOST_SITES: usize = 1;

/// The variants of `Game`.
const VARIANTS: [&str; 11] = [
    "Subtraction",
    "Remainder",
    "Nim",
    "Wythoff",
    "FibonacciNim",
    "NoRepeat",
    "Oddball",
    "Octal",
    "Script",
    "Misere",
    "Sum",
];

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a source folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code of a file without its test module, comments, strings, character literals and
/// letters beyond ASCII (each byte replaced by a space, so that offsets stay put).
fn code_of(text: &str) -> Vec<u8> {
    let end = text.find("#[cfg(test)]\nmod ").unwrap_or(text.len());
    let bytes = &text.as_bytes()[..end];
    let mut code = bytes.to_vec();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let blank_to = |code: &mut Vec<u8>, to: usize| {
            for byte in &mut code[i..to] {
                if *byte != b'\n' {
                    *byte = b' ';
                }
            }
        };
        if rest.starts_with(b"//") {
            let to = i + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            blank_to(&mut code, to);
            i = to;
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let to = (j + 1).min(bytes.len());
            blank_to(&mut code, to);
            i = to;
        } else if rest[0] == b'\'' && rest.len() > 2 && (rest[2] == b'\'' || rest[1] == b'\\') {
            let to = i + rest[1..]
                .iter()
                .position(|&b| b == b'\'')
                .map_or(1, |p| p + 2);
            blank_to(&mut code, to);
            i = to;
        } else {
            i += 1;
        }
    }
    // Letters beyond ASCII (in names or a character literal) play no part in the structure.
    for byte in &mut code {
        if !byte.is_ascii() {
            *byte = b' ';
        }
    }
    code
}

fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The start of each site whose patterns name a variant: the `{` of a `match`, the `(` of a
/// `matches!`, or the statement of an `if let` or `let … else`.
fn sites(code: &[u8]) -> Vec<usize> {
    let text = String::from_utf8_lossy(code);
    // Open brackets with the header before each (from the last `;`, `{` or `}`).
    let mut stack: Vec<(u8, usize, usize)> = Vec::new();
    let mut statement = 0;
    let mut found = Vec::new();
    let mut i = 0;
    while i < code.len() {
        match code[i] {
            b'{' | b'(' | b'[' => {
                stack.push((code[i], i, statement));
                if code[i] == b'{' {
                    statement = i + 1;
                }
            }
            b'}' | b')' | b']' => {
                if let Some((open, _, outer)) = stack.pop()
                    && open == b'{'
                {
                    statement = outer;
                }
                if code[i] == b'}' {
                    statement = i + 1;
                }
            }
            b';' => statement = i + 1,
            _ => {}
        }
        let at_variant = text[i..].starts_with("Game::")
            && (i == 0 || !is_ident(code[i - 1]))
            && VARIANTS.iter().any(|v| {
                text[i + 6..].starts_with(v)
                    && !is_ident(code.get(i + 6 + v.len()).copied().unwrap_or(b' '))
            });
        if at_variant {
            // A comparison with a variant asks which family a game is as a pattern does.
            let before = text[..i].trim_end();
            if before.ends_with("==") || before.ends_with("!=") {
                found.push(i);
            } else if let Some(site) = site_of(&text, &stack, statement, i) {
                found.push(site);
            }
        }
        i += 1;
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// The site a variant at `at` belongs to, if it stands in a pattern.
fn site_of(text: &str, stack: &[(u8, usize, usize)], statement: usize, at: usize) -> Option<usize> {
    // Where the arm begins: the outermost group opened inside the arm, or the variant itself.
    let mut arm = at;
    for &(open, position, outer) in stack.iter().rev() {
        let header = text[outer..position].trim();
        match open {
            b'(' if header.ends_with("matches!") => return Some(position),
            b'{' if has_word(header, "match") => {
                // An arm's pattern, not an expression in its body: `=>` follows before a `,`
                // or a block at this depth.
                return pattern_at(text, arm).then_some(position);
            }
            b'{' => break,
            _ => arm = position,
        }
    }
    let header = text[statement..at].trim_start();
    // In `let x = if let PATTERN = …` the variant stands in the pattern of the last `if let`.
    let pattern = header.rfind("if let").map_or(header, |k| &header[k..]);
    (has_word(pattern, "let") && !assigns(pattern)).then_some(statement)
}

/// Whether `header` holds an assignment `=` (not `==`, `=>`, `<=`, `>=` or `!=`): a variant after
/// it stands in the value, not in the pattern.
fn assigns(header: &str) -> bool {
    let bytes = header.as_bytes();
    (0..bytes.len()).any(|i| {
        bytes[i] == b'='
            && !matches!(bytes.get(i + 1), Some(b'=' | b'>'))
            && !matches!(
                i.checked_sub(1).map(|j| bytes[j]),
                Some(b'=' | b'<' | b'>' | b'!')
            )
    })
}

/// Whether `word` stands in `text` as a word of its own.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i]
            .bytes()
            .next_back()
            .is_none_or(|b| !is_ident(b) && b != b'!');
        let after = text
            .as_bytes()
            .get(i + word.len())
            .is_none_or(|&b| !is_ident(b) && b != b'!');
        before && after
    })
}

/// Whether the text at `at` lies in a match arm's pattern: `=>` comes before any `{`, `;` or
/// `,` at depth 0.
fn pattern_at(text: &str, at: usize) -> bool {
    let mut depth = 0i32;
    let bytes = text.as_bytes();
    let mut i = at;
    while i + 1 < bytes.len() {
        match bytes[i] {
            // A block, not a struct pattern (`Position::Balls { left, .. }`): the arm's body.
            b'{' if depth == 0
                && !text[..i]
                    .trim_end()
                    .ends_with(|c: char| c.is_alphanumeric()) =>
            {
                return false;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth == 0 && bytes[i + 1] == b'>' => return true,
            b';' | b',' if depth == 0 => return false,
            _ => {}
        }
        i += 1;
    }
    false
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The lines of the sites of every file outside the rules, by file.
fn count() -> BTreeMap<String, Vec<String>> {
    let mut files = Vec::new();
    rust_files(&root().join("crates/grundy/src"), &mut files);
    rust_files(&root().join("crates/grundy-cli/src"), &mut files);
    let mut counts = BTreeMap::new();
    for path in files {
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        if name.contains("/src/games/") || name.ends_with("/tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines: Vec<String> = sites(&code_of(&text))
            .into_iter()
            .map(|at| (text[..at].matches('\n').count() + 1).to_string())
            .collect();
        if !lines.is_empty() {
            counts.insert(name, lines);
        }
    }
    counts
}

#[test]
fn questions_ask_which_family_a_game_is_in_no_more_places_than_allowed() {
    let counts = count();
    let total: usize = counts.values().map(Vec::len).sum();
    let listing: Vec<String> = counts
        .iter()
        .map(|(file, lines)| format!("{:>4} {file}: lines {}", lines.len(), lines.join(", ")))
        .collect();
    assert!(
        total <= MOST_SITES,
        "{total} places outside games/ match on a Game variant (at most {MOST_SITES}); ask the game for a capability instead:\n{}",
        listing.join("\n")
    );
    // The ceiling follows the code down: lower MOST_SITES when places go.
    assert!(
        total + 5 > MOST_SITES,
        "only {total} places remain: lower MOST_SITES from {MOST_SITES} to {total}\n{}",
        listing.join("\n")
    );
}

#[test]
fn the_command_line_names_no_variant_of_a_game() {
    let mut files = Vec::new();
    rust_files(&root().join("crates/grundy-cli/src"), &mut files);
    let mut named = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let code = String::from_utf8_lossy(&code_of(&text)).into_owned();
        for (number, line) in code.lines().enumerate() {
            let names_variant = line.match_indices("Game::").any(|(i, _)| {
                let before = line[..i].bytes().next_back().is_none_or(|b| !is_ident(b));
                before && VARIANTS.iter().any(|v| line[i + 6..].starts_with(v))
            });
            if names_variant {
                named.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        named.is_empty(),
        "the command line asks which family a game is:\n{}",
        named.join("\n")
    );
}

#[test]
fn the_counter_finds_each_kind_of_site_once() {
    let code = code_of(
        "fn f(game: &Game) -> u8 {\n    match game {\n        Game::Nim | Game::Wythoff => 1,\n        Game::Misere(inner) => match inner.as_ref() { Game::Sum(_) => 2, _ => 3 },\n        _ => { let x = Game::Nim; 4 }\n    }\n}\nfn g(game: &Game) -> bool { matches!(game, Game::Octal(_)) }\nfn h(game: &Game) { if let Game::Script(s) = game { drop(s); } }\nfn k(game: &Game) { let Game::Sum(parts) = game else { return }; drop(parts); }\nfn l() -> Game { Game::Nim } // Game::Nim => in a comment\nfn m() -> &'static str { \"Game::Nim =>\" }\n#[cfg(test)]\nmod tests { fn t(g: &Game) -> bool { matches!(g, Game::Nim) } }\n",
    );
    assert_eq!(sites(&code).len(), 5);
}

#[test]
fn comparisons_and_patterns_inside_a_value_are_counted() {
    let count = |code: &str| sites(&code_of(code)).len();
    assert_eq!(count("fn f(g: &Game) -> bool { *g == Game::Nim }"), 1);
    assert_eq!(count("fn f(g: &Game) -> bool { g != Game::Wythoff }"), 1);
    assert_eq!(
        count("fn f(g: &Game) { let x = if let Game::Script(s) = g { 1 } else { 2 }; }"),
        1
    );
    // A variant built as a value is not a question about a game's family.
    assert_eq!(count("fn f() { let g = Game::Nim; }"), 0);
    assert_eq!(
        count("fn f(g: &Game) { if let Some(x) = h(Game::Nim) {} }"),
        0
    );
}
