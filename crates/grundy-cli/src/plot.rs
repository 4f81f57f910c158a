//! `grundy plot`: reads the arguments, checks the output file can be written, asks the library
//! for the plot, has it drawn as SVG or PNG and writes it atomically; `--json` describes what was
//! drawn.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use grundy::analysis::plot::{Plot, PlotKind, PlotRequest};
use grundy::render::plot::{Canvas, LARGEST_SIDE, LEAST_SIDE};
use grundy::render::{self, json};
use serde_json::Value;

use crate::progress::TerminalObserver;
use crate::{Common, output, parse_count, read_game};

/// The arguments of `grundy plot`.
#[derive(Args, Debug)]
pub(crate) struct PlotArgs {
    /// The game, e.g. subtraction:1,3,4, wythoff, 0.6 or oddball:1,2,3.
    game: String,
    /// The largest heap drawn (for a grid, of each heap; for outcomes, balls left).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    to: String,
    /// What to draw (default: grid for wythoff, outcomes for oddball, otherwise strip, or scatter
    /// from N = 10000).
    #[arg(long, value_enum)]
    kind: Option<KindName>,
    /// The file to write: FILE.svg or FILE.png.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// The width in pixels (default 1000).
    #[arg(long, value_name = "PX", allow_hyphen_values = true)]
    width: Option<String>,
    /// The height in pixels (default: by kind; a strip as tall as its rows).
    #[arg(long, value_name = "PX", allow_hyphen_values = true)]
    height: Option<String>,
    #[command(flatten)]
    common: Common,
}

/// The kinds of plot, as the command line names them (and `grundy serve`'s `"kind"`).
#[derive(Clone, Copy, Debug, ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum KindName {
    /// n against G(n), rare values of take-and-break codes highlighted; binned for large N.
    Scatter,
    /// The values as coloured cells in rows as long as the period, the certificate below.
    Strip,
    /// G(a, b) of two heaps (Wythoff, or two heaps of a one-heap game: G(a) xor G(b)).
    Grid,
    /// Win/lose/tie of the contest game over balls left and the parities held.
    Outcomes,
}

impl KindName {
    pub(crate) fn kind(self) -> PlotKind {
        match self {
            Self::Scatter => PlotKind::Scatter,
            Self::Strip => PlotKind::Strip,
            Self::Grid => PlotKind::Grid,
            Self::Outcomes => PlotKind::Outcomes,
        }
    }
}

/// The file formats a plot is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

/// The format `--out` names by its extension, or an error pointing at it.
fn format_of(path: &Path) -> Result<Format, grundy::InputError> {
    let text = path.to_string_lossy().into_owned();
    let is_image = |extension: &std::ffi::OsStr| {
        let extension = extension.to_string_lossy().to_ascii_lowercase();
        extension == "svg" || extension == "png"
    };
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("svg") => return Ok(Format::Svg),
        Some("png") => return Ok(Format::Png),
        _ => {}
    }
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    // `.svg` alone is a hidden file called `svg`, without a name before the extension.
    if let Some(bare) = name.strip_prefix('.')
        && is_image(std::ffi::OsStr::new(bare))
    {
        let start = text.len() - name.len();
        return Err(grundy::InputError {
            what: "--out",
            text: text.clone(),
            span: start..text.len(),
            message: format!("the file needs a name before {name}"),
            hint: Some(format!(
                "e.g. --out {}",
                path.with_file_name(format!("plot{name}")).display()
            )),
        });
    }
    let start = match &extension {
        Some(found) => text.len() - found.len(),
        None => text.len(),
    };
    // The name without its extension, and without an image extension before it: `p.svg.tmp`
    // suggests `p.svg`, not `p.svg.svg`.
    let mut stem = path.with_extension("");
    if stem.extension().is_some_and(is_image) {
        stem = stem.with_extension("");
    }
    Err(grundy::InputError {
        what: "--out",
        text: text.clone(),
        span: start..text.len(),
        message: match &extension {
            Some(found) => format!("a plot is written as .svg or .png, not .{found}"),
            None => "the file needs the extension .svg or .png".to_owned(),
        },
        hint: Some(format!(
            "e.g. --out {}.svg or --out {}.png",
            stem.display(),
            stem.display()
        )),
    })
}

/// Refuses an `--out` that is a directory or another non-regular file (a FIFO, a device, a
/// socket — plot writes regular files only, and never opens one of these), or an existing file
/// without `--force`. Nothing is opened.
fn check_target(out: &Path, force: bool) -> anyhow::Result<()> {
    let Ok(metadata) = std::fs::metadata(out) else {
        return Ok(());
    };
    if metadata.is_dir() {
        anyhow::bail!(
            "--out {}: this is a directory, not a file (--force does not replace a directory); name the file to write, e.g. --out {}",
            out.display(),
            out.join("plot.svg").display()
        );
    }
    if !metadata.is_file() {
        anyhow::bail!(
            "--out {}: this is {}, not a regular file; a plot is written to a regular file only (--force does not change that): choose another path",
            out.display(),
            special_kind(&metadata)
        );
    }
    if !force {
        anyhow::bail!(
            "--out {}: the file exists; add --force to replace it",
            out.display()
        );
    }
    Ok(())
}

/// What a non-regular, non-directory file is, in words.
fn special_kind(metadata: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let file_type = metadata.file_type();
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    let _ = metadata;
    "a special file"
}

/// `grundy plot GAME --to N --out FILE`.
pub(crate) fn run(args: &PlotArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let analyzer = args.common.analyzer(observer)?;
    let game = read_game(&args.game)?;
    let to = parse_count(&args.to, "--to", 0, grundy::limits::PLOT_MOST_HEAPS - 1)?;
    let (width, height) = (
        side(args.width.as_deref(), "--width")?,
        side(args.height.as_deref(), "--height")?,
    );
    let format = format_of(&args.out)?;
    // The file is checked before anything is computed.
    check_target(&args.out, args.force)?;
    crate::long_run::check_writable("--out", &args.out, &args.out)?;
    let plot = analyzer.plot(&game, &request(to, args.kind));
    observer.finish();
    let plot = match plot {
        // The library's remedy in this command's terms: another kind of plot, not another command.
        Err(grundy::Error::Refused(refusal)) if refusal.remedy == Some(grundy::Remedy::UseGrid) => {
            anyhow::bail!("{}\n  hint: draw its grid with --kind grid", refusal.reason)
        }
        Err(grundy::Error::Refused(refusal))
            if refusal.remedy == Some(grundy::Remedy::UseTable) =>
        {
            anyhow::bail!(
                "{}\n  hint: draw its heaps one at a time with --kind strip or --kind scatter",
                refusal.reason
            )
        }
        other => other?,
    };
    let canvas = canvas(&plot, width, height)?;
    let bytes = match format {
        Format::Svg => render::plot::svg_on(&plot, canvas).into_bytes(),
        Format::Png => render::plot::png_on(&plot, canvas)?,
    };
    if args.force {
        crate::long_run::write_atomically(&args.out, &bytes)?;
    } else if let Err(error) = crate::long_run::write_atomically_new(&args.out, &bytes) {
        // A file created there while the plot was computed is kept.
        if error
            .downcast_ref::<std::io::Error>()
            .is_some_and(|error| error.kind() == std::io::ErrorKind::AlreadyExists)
        {
            anyhow::bail!(
                "--out {}: a file of that name appeared while the plot was computed; it is kept (add --force to replace it)",
                args.out.display()
            );
        }
        return Err(error);
    }
    let (width, height) = canvas.size();
    if args.common.json {
        let mut object = json::plot(&plot);
        let format = if format == Format::Svg { "svg" } else { "png" };
        let mut file = serde_json::json!({ "path": args.out.display().to_string() });
        if let (Some(file), Value::Object(drawing)) = (
            file.as_object_mut(),
            json::drawing(format, canvas, bytes.len()),
        ) {
            file.extend(drawing);
        }
        object["file"] = file;
        return output::print_json(&object);
    }
    let labels = render::plot::labels(&plot);
    let legend: Vec<String> = labels
        .legend
        .iter()
        .map(|entry| format!("{}: {}", entry.label, entry.marks))
        .collect();
    output::text(&format!(
        "wrote {} ({width} × {height}, {} bytes): {} plot of {}\n  {}\n  {}\n",
        args.out.display(),
        bytes.len(),
        plot.kind().name(),
        labels.title,
        legend.join("; "),
        labels.caption
    ))
}

/// A side of the canvas given in pixels, named by its option (or field), if given.
pub(crate) fn side(
    text: Option<&str>,
    option: &'static str,
) -> Result<Option<u32>, grundy::InputError> {
    text.map(|text| {
        parse_count(text, option, LEAST_SIDE.into(), LARGEST_SIDE.into())
            .map(|px| u32::try_from(px).unwrap_or(LARGEST_SIDE))
    })
    .transpose()
}

/// The library's request: a plot to `to`, of `kind` or the kind the library chooses.
pub(crate) fn request(to: u64, kind: Option<KindName>) -> PlotRequest {
    let request = PlotRequest::new(to);
    match kind {
        Some(kind) => request.with_kind(kind.kind()),
        None => request,
    }
}

/// The canvas of `width` × `height` pixels, each side by default the kind's own.
///
/// # Errors
/// A side out of range ([`LEAST_SIDE`] to [`LARGEST_SIDE`]).
pub(crate) fn canvas(
    plot: &Plot,
    width: Option<u32>,
    height: Option<u32>,
) -> Result<Canvas, render::plot::PlotError> {
    let default = Canvas::default_for(plot).size();
    Canvas::new(width.unwrap_or(default.0), height.unwrap_or(default.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_plot_never_replaces_a_file_that_appeared_meanwhile() {
        let directory = tempfile::tempdir().expect("a directory");
        let out = directory.path().join("p.svg");
        // The file did not exist when the command was checked; another process made it since.
        std::fs::write(&out, "theirs").expect("a file");
        let error = crate::long_run::write_atomically_new(&out, b"<svg/>").expect_err("kept");
        assert!(
            error
                .downcast_ref::<std::io::Error>()
                .is_some_and(|error| error.kind() == std::io::ErrorKind::AlreadyExists),
            "{error:#}"
        );
        assert_eq!(std::fs::read_to_string(&out).expect("the file"), "theirs");
        // No temporary file is left behind.
        assert_eq!(
            std::fs::read_dir(directory.path())
                .expect("a directory")
                .count(),
            1
        );
        // A path still free is written.
        let fresh = directory.path().join("q.svg");
        crate::long_run::write_atomically_new(&fresh, b"<svg/>").expect("written");
        assert_eq!(std::fs::read(&fresh).expect("the file"), b"<svg/>");
    }

    #[test]
    fn special_files_are_refused_by_what_they_are() {
        let directory = tempfile::tempdir().expect("a directory");
        assert!(check_target(directory.path(), true).is_err());
        assert!(check_target(&directory.path().join("new.svg"), false).is_ok());
        #[cfg(unix)]
        {
            let error = check_target(Path::new("/dev/null"), true).expect_err("a device");
            assert!(error.to_string().contains("a device"), "{error}");
        }
    }
}
