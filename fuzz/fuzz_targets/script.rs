//! Fuzzes scripts: any text as a script's source, any argument, any question that takes a
//! script, under a small budget — never a panic, never a hang past the budget, never a file
//! read (the loader hands over the source; a script has no other way to the file system).
//! Input: the argument, a newline, one byte choosing the question, then the script's source.
#![no_main]

use std::sync::Arc;
use std::time::Duration;

use grundy::spec::parse_game_with_loader;
use grundy::{Analyzer, Config};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Some((argument, rest)) = text.split_once('\n') else { return };
    let mut chars = rest.chars();
    let query = chars.next().map_or(0, u32::from);
    let source = chars.as_str().to_owned();
    let spec = if query & 8 == 0 { "script:g.rhai" } else { "misere:script:g.rhai" };
    let Ok(game) = parse_game_with_loader(spec, &|_| Ok(source.clone())) else { return };
    let config = Config::default()
        .with_max_values(4096)
        .and_then(|config| config.with_max_memory(64 << 20))
        .and_then(|config| config.with_threads(1))
        .expect("valid settings")
        .with_timeout(Duration::from_millis(200));
    let analyzer = Analyzer::new(config).with_script_trace(Arc::new(|_: &str| {}));
    let Ok(position) = game.parse_position(argument) else { return };
    match query % 6 {
        0 => drop(analyzer.solve(&game, &position)),
        1 => drop(analyzer.explain(&game, Some(&position))),
        2 => {
            if let Ok(options) = analyzer.options(&game, &position) {
                for choice in options.moves.iter().take(3) {
                    drop(analyzer.options(&game, &choice.position));
                }
            }
        }
        3 => drop(analyzer.tabulate(&game, &0u32.into(), &16u32.into())),
        4 => drop(analyzer.period(&game)),
        _ => drop(analyzer.verify(&game, 6, 1)),
    }
});
