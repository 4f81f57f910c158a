//! Fuzzes the heap-size parser: it never panics, and errors point inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Err(error) = grundy::parse_heap(text) {
        assert!(error.span.start <= error.span.end && error.span.end <= text.len());
        assert!(text.is_char_boundary(error.span.start) && text.is_char_boundary(error.span.end));
        let _ = error.to_string();
    }
});
