//! Fuzzes the game-spec parser: any text either parses to a game whose canonical form parses to
//! the same game, or yields an error whose span lies inside the text; it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match grundy::parse_game(text) {
        Ok(game) => {
            let canonical = game.to_string();
            let again = grundy::parse_game(&canonical).expect("canonical specs parse");
            assert_eq!(again, game, "{text:?} -> {canonical:?}");
        }
        Err(error) => {
            assert!(error.span.start <= error.span.end && error.span.end <= text.len());
            assert!(text.is_char_boundary(error.span.start) && text.is_char_boundary(error.span.end));
            let _ = error.to_string();
        }
    }
});
