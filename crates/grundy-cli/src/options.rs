//! The readers of option values and of the text a command is given: counts, sizes and seconds
//! (with carets under what is wrong), bounded reads of stdin and files, games and positions.

use grundy::parse_heap;
use num_bigint::BigUint;
use std::io::Read as _;

/// Half of the memory this process may use ([`grundy::budget::usable_memory`]), or 4 GiB where
/// that is unknown.
pub(crate) fn default_max_memory() -> u64 {
    grundy::budget::usable_memory().map_or(grundy::budget::DEFAULT_MAX_MEMORY, |bytes| bytes / 2)
}

/// An option's error at `span` of what was typed, with a hint.
pub(crate) fn option_error(
    option: &'static str,
    text: &str,
    span: std::ops::Range<usize>,
    message: String,
    hint: String,
) -> grundy::InputError {
    grundy::InputError {
        what: option,
        text: text.to_owned(),
        span,
        message,
        hint: Some(hint),
    }
}

/// A count given to an option (`--max`): digits or a power, between `least` and `most`.
pub(crate) fn parse_count(
    text: &str,
    option: &'static str,
    least: u64,
    most: u64,
) -> Result<u64, grundy::InputError> {
    let hint = || {
        // The examples lie in the range: a power of ten written both ways.
        let exponent = most.max(10).ilog10().min(6);
        let example = 10u64.pow(exponent).max(least);
        format!(
            "give a whole number from {least} to {most}, e.g. {option} {example} or {option} 10^{exponent}"
        )
    };
    let number = parse_heap(text).map_err(|error| {
        let message = if text.trim_start().starts_with('-') {
            "expected a count, not a negative number".to_owned()
        } else if error.span.start >= text.len() || text.is_empty() {
            "expected a whole number".to_owned()
        } else {
            format!(
                "expected a whole number, found '{}'",
                &text[error.span.clone()]
            )
        };
        option_error(option, text, error.span, message, hint())
    })?;
    match u64::try_from(&number) {
        Ok(count) if (least..=most).contains(&count) => Ok(count),
        Ok(count) if count < least => Err(option_error(
            option,
            text,
            0..text.len(),
            format!("{count} is too small"),
            hint(),
        )),
        _ => Err(option_error(
            option,
            text,
            0..text.len(),
            format!("{text} is too large: {option} accepts at most {most}"),
            hint(),
        )),
    }
}

/// A size in bytes: digits with an optional binary unit (K, M, G, T; KiB, MB, … mean the same).
pub(crate) fn parse_size(text: &str, option: &'static str) -> Result<u64, grundy::InputError> {
    let hint = || format!("give bytes, or a size such as {option} 512M or {option} 8G");
    let trimmed = text.trim();
    if trimmed.starts_with('-') {
        return Err(option_error(
            option,
            text,
            0..text.len(),
            "a memory limit cannot be negative".to_owned(),
            hint(),
        ));
    }
    if trimmed.contains('^') {
        // A power of ten or two: as bytes, if it fits.
        return match parse_heap(trimmed).map(|n| u64::try_from(&n)) {
            Ok(Ok(bytes)) if bytes > 0 => Ok(bytes),
            Ok(Ok(_)) => Err(option_error(
                option,
                text,
                0..text.len(),
                "the memory limit must be more than 0".to_owned(),
                hint(),
            )),
            Ok(Err(_)) => Err(option_error(
                option,
                text,
                0..text.len(),
                format!("{text} is too large"),
                hint(),
            )),
            Err(error) => Err(option_error(
                option,
                text,
                error.span,
                "expected a number of bytes".to_owned(),
                hint(),
            )),
        };
    }
    let split = trimmed
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(trimmed.len());
    let (digits, unit) = trimmed.split_at(split);
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => {
            let at = text.find(unit).unwrap_or(0);
            return Err(option_error(
                option,
                text,
                at..at + unit.len(),
                format!("unknown size unit '{unit}'"),
                hint(),
            ));
        }
    };
    let Ok(number) = digits.parse::<u64>() else {
        let message = if digits.is_empty() {
            "expected a number of bytes".to_owned()
        } else {
            format!("{digits} is too large")
        };
        return Err(option_error(option, text, 0..text.len(), message, hint()));
    };
    match number.checked_mul(1 << shift) {
        Some(0) => Err(option_error(
            option,
            text,
            0..text.len(),
            "the memory limit must be more than 0".to_owned(),
            hint(),
        )),
        Some(bytes) => Ok(bytes),
        None => Err(option_error(
            option,
            text,
            0..text.len(),
            format!("{text} is too large"),
            hint(),
        )),
    }
}

/// A positive number of seconds, e.g. `30` or `2.5`.
pub(crate) fn parse_seconds(
    text: &str,
    option: &'static str,
) -> Result<std::time::Duration, grundy::InputError> {
    let hint = || format!("give seconds, e.g. {option} 30 or {option} 2.5");
    let trimmed = text.trim().trim_end_matches('s');
    let valid = !trimmed.is_empty() && trimmed.chars().all(|c| c.is_ascii_digit() || c == '.');
    let seconds = trimmed
        .parse::<f64>()
        .ok()
        .filter(|s| valid && s.is_finite() && *s > 0.0);
    // A count of seconds written as digits or a power, too large for a duration.
    if seconds.is_none() && parse_heap(trimmed).is_ok_and(|n| n > BigUint::ZERO) {
        return Err(option_error(
            option,
            text,
            0..text.len(),
            format!("{text} seconds is too large"),
            hint(),
        ));
    }
    let Some(seconds) = seconds else {
        return Err(option_error(
            option,
            text,
            0..text.len(),
            "expected a positive number of seconds".to_owned(),
            hint(),
        ));
    };
    std::time::Duration::try_from_secs_f64(seconds).map_err(|_| {
        option_error(
            option,
            text,
            0..text.len(),
            format!("{text} seconds is too large"),
            hint(),
        )
    })
}

/// The most bytes read from standard input, and from a script file.
pub(crate) const MAX_INPUT_BYTES: u64 = 64 << 20;
pub(crate) const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// Reads at most `limit` bytes of UTF-8 text from `reader`, refusing more.
pub(crate) fn read_bounded(
    reader: impl std::io::Read,
    what: &str,
    limit: u64,
) -> Result<String, String> {
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("reading {what}: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{what} is larger than {}, more than grundy reads",
            grundy::budget::format_bytes(limit)
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{what} is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Parses a game spec, reading `script:PATH` files from disk, and warns on stderr where grundy
/// reads the game differently from a common reading of the same words.
pub(crate) fn read_game(text: &str) -> Result<grundy::Game, grundy::InputError> {
    let game = grundy::spec::parse_game_with_loader(text, &|path| {
        // `@PATH`: a family's rule (a graph) from a file, as long as any input.
        if let Some(rule) = path.strip_prefix('@') {
            let file = std::fs::File::open(rule).map_err(|e| e.to_string())?;
            return read_bounded(file, "the file", MAX_INPUT_BYTES);
        }
        let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        read_bounded(file, "the script", MAX_SCRIPT_BYTES)
    })?;
    for warning in game.warnings() {
        eprintln!("warning: {warning}");
    }
    Ok(game)
}

/// The position as given after the game; `-` reads it from stdin (for positions longer than a
/// command line holds).
pub(crate) fn read_position(game: &grundy::Game, text: &str) -> anyhow::Result<grundy::Position> {
    if text != "-" {
        return Ok(game.parse_position(text)?);
    }
    let text = read_bounded(
        std::io::stdin().lock(),
        "the position on stdin",
        MAX_INPUT_BYTES,
    )
    .map_err(anyhow::Error::msg)?;
    Ok(game.parse_position(text.trim_end())?)
}

/// A factor of a nim product: a whole number of any size.
pub(crate) fn parse_factor(text: &str) -> Result<BigUint, grundy::InputError> {
    parse_heap(text).map_err(|error| {
        let found = text.get(error.span.clone()).unwrap_or_default();
        let message = if found.is_empty() {
            "expected a whole number".to_owned()
        } else {
            format!("expected a whole number, found '{found}'")
        };
        option_error(
            "factor",
            text,
            error.span,
            message,
            "write whole numbers in decimal digits or as powers, e.g. 5, 10^18 or 2^64".to_owned(),
        )
    })
}

/// A number given to an option, with errors that name the option.
pub(crate) fn parse_number(
    text: &str,
    option: &'static str,
) -> Result<BigUint, grundy::InputError> {
    parse_heap(text).map_err(|mut error| {
        error.what = option;
        error
    })
}

/// Writes `text` to the file at `path`, which must not exist unless `force` (then it is
/// replaced): grundy never clobbers a file it was not asked to write.
pub(crate) fn write_new_file(
    path: &std::path::Path,
    text: &str,
    force: bool,
) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    let mut file = options.open(path).map_err(|error| {
        if error.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(
                "{} exists: grundy does not replace it without --force",
                path.display()
            )
        } else {
            anyhow::anyhow!("cannot write {}: {error}", path.display())
        }
    })?;
    anyhow::Context::with_context(
        std::io::Write::write_all(&mut file, text.as_bytes()),
        || format!("writing {}", path.display()),
    )
}
