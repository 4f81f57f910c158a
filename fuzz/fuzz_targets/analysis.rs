//! Fuzzes the whole library path — spec, position, and the analyzer's `solve`, `table` and
//! `period` — under a small budget: it never panics, and every refusal is an error, not a crash.
//! Input: the game spec, a newline, the position (or `FROM..TO` for a table), a newline, and one
//! byte choosing the query.
#![no_main]

use std::time::Duration;

use grundy::{Analyzer, Config, parse_game, parse_heap};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.splitn(3, '\n');
    let (Some(spec), Some(position)) = (lines.next(), lines.next()) else { return };
    let query = lines.next().and_then(|rest| rest.bytes().next()).unwrap_or(0);
    let Ok(game) = parse_game(spec) else { return };
    let config = Config::default()
        .with_max_values(4096)
        .and_then(|config| config.with_max_memory(64 << 20))
        .expect("valid settings")
        .with_timeout(Duration::from_millis(200))
        .with_threads(1)
        .expect("one thread");
    let analyzer = Analyzer::new(config);
    match query % 3 {
        0 => {
            let position = if position.is_empty() && game.has_positions() {
                Ok(grundy::Position::Sum)
            } else {
                game.parse_position(position)
            };
            if let Ok(position) = position {
                let _ = analyzer.solve(&game, &position);
            }
        }
        1 => {
            let (from, to) = position.split_once("..").unwrap_or(("0", position));
            if let (Ok(from), Ok(to)) = (parse_heap(from), parse_heap(to)) {
                let _ = analyzer.table(&game, &from, &to);
            }
        }
        _ => {
            let _ = analyzer.period(&game);
        }
    }
});
