//! `grundy plot`, run as the real binary: the structure of the SVG it writes (title, axis labels,
//! the number, colour and place of the P-position marks), PNGs that decode at the size asked
//! for, the bound on a large scatter plot's size, JSON, and every refusal.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

mod common;

use common::{grundy, stderr, stdout};

/// The colour of P-positions (and of rare values and losses): the Okabe–Ito vermillion.
const RED: &str = "#D55E00";

/// Runs a plot that must succeed and returns what it printed.
fn plot(args: &[&str]) -> String {
    let output = grundy(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

/// Runs a command that must fail with exit status 2 and returns its stderr.
fn fails(args: &[&str]) -> String {
    let output = grundy(args);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    let message = stderr(&output);
    assert!(!message.contains("panicked"), "{args:?}: {message}");
    message
}

fn path(directory: &tempfile::TempDir, name: &str) -> String {
    directory.path().join(name).display().to_string()
}

/// The value of attribute `name` of an SVG element.
fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + element[start..].find('"')?;
    Some(&element[start..end])
}

/// Every `<tag …/>` element of the document.
fn elements<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(start, _)| {
            let end = start + svg[start..].find('>').expect("a closed tag");
            &svg[start..=end]
        })
        .collect()
}

/// The coloured rectangles of the chart: not the background, nor the colour bar of a continuous
/// scale in the legend column (the right 240 pixels).
fn cells(svg: &str) -> Vec<&str> {
    let width: i64 = elements(svg, "svg")
        .first()
        .and_then(|root| attribute(root, "width"))
        .and_then(|width| width.parse().ok())
        .expect("the picture's width");
    elements(svg, "rect")
        .into_iter()
        .filter(|rect| attribute(rect, "fill") != Some("#FFFFFF"))
        .filter(|rect| number(rect, "x") < width - 240)
        .collect()
}

fn number(element: &str, name: &str) -> i64 {
    attribute(element, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name} of {element}"))
}

#[test]
fn strip_of_1_3_4_marks_the_21_p_positions_in_columns_0_and_2() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "p.svg");
    plot(&[
        "plot",
        "subtraction:1,3,4",
        "--to",
        "70",
        "--kind",
        "strip",
        "--out",
        &out,
    ]);
    let svg = std::fs::read_to_string(&out).expect("the file");
    assert!(svg.starts_with("<svg"), "{}", &svg[..100]);
    assert!(svg.contains("subtraction:1,3,4: G(n) for n = 0 to 70, in rows of the period 7"));
    assert!(svg.contains(">\nn mod 7\n<"), "the horizontal axis label");
    assert!(
        svg.contains(">\nfirst heap of the row\n<"),
        "the vertical axis label"
    );
    assert!(svg.contains("certified by the window criterion (11 values checked)"));
    assert!(svg.contains(r#"font-family="DejaVu Sans""#));
    let cells = cells(&svg);
    assert_eq!(cells.len(), 71, "one cell per heap 0..=70");
    let p: Vec<&str> = cells
        .iter()
        .copied()
        .filter(|rect| attribute(rect, "fill") == Some(RED))
        .collect();
    assert_eq!(p.len(), 21, "P-positions are n mod 7 in {{0, 2}}");
    // Columns: the P cells stand in the first and third of the seven.
    let columns: BTreeSet<i64> = cells.iter().map(|rect| number(rect, "x")).collect();
    let columns: Vec<i64> = columns.into_iter().collect();
    assert_eq!(columns.len(), 7);
    let p_columns: BTreeSet<usize> = p
        .iter()
        .map(|rect| columns.binary_search(&number(rect, "x")).expect("a column"))
        .collect();
    assert_eq!(p_columns, BTreeSet::from([0, 2]));
    // The legend's P swatch is a disc, not a cell.
    let discs = elements(&svg, "circle");
    assert_eq!(
        discs
            .iter()
            .filter(|c| attribute(c, "fill") == Some(RED))
            .count(),
        1
    );
}

#[test]
fn wythoff_grid_shows_the_beatty_pairs() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "w.svg");
    plot(&["plot", "wythoff", "--to", "40", "--out", &out]);
    let svg = std::fs::read_to_string(&out).expect("the file");
    assert!(svg.contains("wythoff: G(a, b) for a, b = 0 to 40"));
    assert!(svg.contains(">\nheap a\n<") && svg.contains(">\nheap b\n<"));
    let cells = cells(&svg);
    assert_eq!(cells.len(), 41 * 41);
    let xs: Vec<i64> = cells
        .iter()
        .map(|c| number(c, "x"))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let ys: Vec<i64> = cells
        .iter()
        .map(|c| number(c, "y"))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!((xs.len(), ys.len()), (41, 41));
    // a grows to the right, b upwards.
    let p: BTreeSet<(u64, u64)> = cells
        .iter()
        .filter(|c| attribute(c, "fill") == Some(RED))
        .map(|c| {
            let a = xs.binary_search(&number(c, "x")).expect("a column") as u64;
            let b = 40 - ys.binary_search(&number(c, "y")).expect("a row") as u64;
            (a, b)
        })
        .collect();
    // (⌊kφ⌋, ⌊kφ²⌋) and mirrors, exactly: ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋.
    let mut beatty = BTreeSet::new();
    for k in 0u64..=40 {
        let root = (5 * k * k).isqrt();
        let low = k.midpoint(root);
        let high = low + k;
        if high <= 40 {
            beatty.insert((low, high));
            beatty.insert((high, low));
        }
    }
    assert_eq!(p, beatty);
    assert_eq!(p.len(), 31);
}

#[test]
fn json_describes_what_was_drawn() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "p.svg");
    let text = plot(&[
        "plot",
        "subtraction:1,3,4",
        "--to",
        "70",
        "--out",
        &out,
        "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["kind"], "strip");
    assert_eq!(
        (json["from"].as_u64(), json["to"].as_u64()),
        (Some(0), Some(70))
    );
    assert_eq!(json["row_length"], 7);
    assert_eq!(json["rows"], 11);
    assert_eq!(json["period"]["status"], "certified");
    assert_eq!(json["period"]["period"], 7);
    assert_eq!(json["certificate"]["theorem"], "window");
    assert_eq!(json["legend"][0]["colour"], RED);
    assert_eq!(json["legend"][0]["marks"], 21);
    let marks: u64 = json["legend"]
        .as_array()
        .expect("a legend")
        .iter()
        .map(|entry| entry["marks"].as_u64().expect("a count"))
        .sum();
    assert_eq!(marks, 71);
    assert_eq!(json["file"]["format"], "svg");
    let bytes = std::fs::metadata(&out).expect("the file").len();
    assert_eq!(json["file"]["bytes"].as_u64(), Some(bytes));
}

#[test]
fn png_decodes_with_the_size_asked_for() {
    let directory = tempfile::tempdir().expect("a directory");
    for (game, kind) in [
        ("subtraction:1,3,4", "strip"),
        ("wythoff", "grid"),
        ("kayles", "scatter"),
        ("oddball:1,2,3", "outcomes"),
    ] {
        let out = path(&directory, &format!("{kind}.png"));
        plot(&[
            "plot", game, "--to", "40", "--kind", kind, "--out", &out, "--width", "640",
            "--height", "480",
        ]);
        let decoder = png::Decoder::new(std::io::BufReader::new(
            std::fs::File::open(&out).expect("the file"),
        ));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut pixels).expect("the pixels decode");
        assert_eq!((info.width, info.height), (640, 480), "{kind}");
        // Something besides the white background is drawn, in the P-position red.
        let red = pixels
            .chunks(3)
            .filter(|p| p == &[0xD5, 0x5E, 0x00])
            .count();
        assert!(red > 50, "{kind}: {red} red pixels");
        // The smallest canvas and the widest draw too.
        for (width, height) in [("200", "200"), ("4096", "200")] {
            let small = path(&directory, &format!("{kind}-{width}.png"));
            plot(&[
                "plot", game, "--to", "150", "--kind", kind, "--out", &small, "--width", width,
                "--height", height,
            ]);
        }
    }
}

#[test]
fn officers_to_2_to_the_20_stays_small() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "officers.svg");
    let text = plot(&[
        "plot", "0.6", "--to", "2^20", "--kind", "scatter", "--out", &out, "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["scale"], "logarithmic");
    assert_eq!(json["points"], 0);
    assert!(json["bins"].as_u64().is_some_and(|bins| bins <= 800));
    assert_eq!(
        json["rare_heaps"].as_u64().expect("a count")
            + json["common_heaps"].as_u64().expect("a count"),
        (1 << 20) + 1
    );
    let svg = std::fs::read_to_string(&out).expect("the file");
    let marks = elements(&svg, "rect").len() + elements(&svg, "circle").len();
    assert!(marks < 25_000, "{marks} elements");
    assert!(svg.len() < 3_000_000, "{} bytes", svg.len());
    assert!(svg.contains("0.6") && svg.contains("heap n (logarithmic)"));
}

#[test]
fn the_default_kind_follows_the_game_and_the_range() {
    let directory = tempfile::tempdir().expect("a directory");
    for (game, to, kind) in [
        ("bash:3", "40", "strip"),
        ("bash:3", "10^5", "scatter"),
        ("wythoff", "20", "grid"),
        ("misere:wythoff", "20", "grid"),
        ("oddball:1,4,5", "30", "outcomes"),
    ] {
        let name = game.replace(':', "-");
        let out = path(&directory, &format!("{name}-{to}.svg"));
        let text = plot(&["plot", game, "--to", to, "--out", &out, "--json"]);
        let json: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(json["kind"], kind, "{game} --to {to}");
    }
}

#[test]
fn an_existing_file_is_kept_unless_forced() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "p.svg");
    std::fs::write(&out, "keep").expect("a file");
    let message = fails(&["plot", "bash:3", "--to", "20", "--out", &out]);
    assert!(message.contains("exists; add --force"), "{message}");
    assert_eq!(std::fs::read_to_string(&out).expect("the file"), "keep");
    plot(&["plot", "bash:3", "--to", "20", "--out", &out, "--force"]);
    assert!(
        std::fs::read_to_string(&out)
            .expect("the file")
            .starts_with("<svg")
    );
    // Nothing but the plot is left in the directory: the temporary file was renamed.
    let names = std::fs::read_dir(directory.path())
        .expect("a directory")
        .count();
    assert_eq!(names, 1);
}

#[test]
fn bad_input_fails_with_a_caret() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "p.gif");
    let message = fails(&["plot", "bash:3", "--to", "20", "--out", &out]);
    assert!(
        message.contains("invalid --out: a plot is written as .svg or .png, not .gif"),
        "{message}"
    );
    let caret = message
        .lines()
        .find(|l| l.trim_start().starts_with('^'))
        .expect("a caret");
    assert_eq!(caret.trim(), "^^^");
    let svg = path(&directory, "p.svg");
    let message = fails(&["plot", "bash:3", "--to", "ten", "--out", &svg]);
    assert!(
        message.contains("invalid --to") && message.contains('^'),
        "{message}"
    );
    let message = fails(&[
        "plot", "bash:3", "--to", "20", "--out", &svg, "--width", "20",
    ]);
    assert!(
        message.contains("invalid --width") && message.contains("too small"),
        "{message}"
    );
    let message = fails(&["plot", "subtraction:1,,3", "--to", "20", "--out", &svg]);
    assert!(message.contains('^'), "{message}");
    assert!(!Path::new(&svg).exists());
}

#[test]
fn the_output_directory_is_checked_before_computing() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "missing/p.svg");
    let message = fails(&[
        "plot", "0.6", "--to", "2^21", "--kind", "scatter", "--out", &out,
    ]);
    assert!(message.contains("does not exist"), "{message}");
}

#[test]
fn refusals_name_what_would_help() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "p.svg");
    let message = fails(&["plot", "wythoff", "--to", "1000", "--out", &out]);
    assert!(
        message.contains("a grid plot draws heaps up to 150"),
        "{message}"
    );
    assert!(
        message.contains("hint: lower --to to 150 or less"),
        "{message}"
    );
    let message = fails(&[
        "plot", "nim", "--to", "10", "--kind", "outcomes", "--out", &out,
    ]);
    assert!(message.contains("has no ties"), "{message}");
    let message = fails(&[
        "plot",
        "misere:bash:3",
        "--to",
        "10",
        "--kind",
        "grid",
        "--out",
        &out,
    ]);
    assert!(message.contains("misère"), "{message}");
    let message = fails(&[
        "plot", "wythoff", "--to", "10", "--kind", "strip", "--out", &out,
    ]);
    assert!(
        message.contains("hint: draw its grid with --kind grid"),
        "{message}"
    );
    let message = fails(&["plot", "misere:oddball:1,2,3", "--to", "10", "--out", &out]);
    assert!(message.contains("drop misere:"), "{message}");
    let message = fails(&[
        "plot",
        "oddball:1,2,3",
        "--to",
        "10",
        "--kind",
        "strip",
        "--out",
        &out,
    ]);
    assert!(
        message.contains("its picture is the outcome map"),
        "{message}"
    );
    let message = fails(&["plot", "misere:kayles", "--to", "10", "--out", &out]);
    assert!(
        message.contains("misère play of take-and-break codes"),
        "{message}"
    );
    let message = fails(&["plot", "nim[3] + nim[4]", "--to", "10", "--out", &out]);
    assert!(message.contains("sum"), "{message}");
    assert!(!Path::new(&out).exists());
}

#[test]
fn two_heaps_of_one_game_are_a_grid_of_xors() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "sum.svg");
    let text = plot(&[
        "plot",
        "subtraction:1,3,4",
        "--to",
        "13",
        "--kind",
        "grid",
        "--out",
        &out,
        "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["source"], "two heaps");
    let g = [0, 1, 0, 1, 2, 3, 2];
    let expected: Vec<Value> = (0..14u64)
        .flat_map(|a| (0..14u64).map(move |b| (a, b)))
        .filter(|&(a, b)| g[(a % 7) as usize] == g[(b % 7) as usize])
        .map(|(a, b)| serde_json::json!([a, b]))
        .collect();
    assert_eq!(json["p_positions"], Value::Array(expected));
}

#[test]
fn a_costly_code_answers_in_proportion_to_the_strip() {
    // 8.0 splits heaps in three: its strip's period search stops at the work cap instead of
    // computing 2^16 values (hours), and says how far it looked.
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "s.svg");
    let text = plot(&["plot", "8.0", "--to", "100", "--out", &out, "--json"]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    let caption = json["caption"].as_str().expect("a caption");
    assert!(
        caption.contains("in the first") || caption.starts_with("no period"),
        "{caption}"
    );
    let searched: u64 = caption
        .split("the first ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|number| number.parse().ok())
        .expect("a number of values");
    assert!((101..1 << 16).contains(&searched), "{caption}");
}

#[test]
fn the_period_object_and_caption_give_the_saltus() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "s.svg");
    let text = plot(&["plot", "allbut:2,3", "--to", "60", "--out", &out, "--json"]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["period"]["status"], "certified");
    assert_eq!(json["period"]["period"], 4);
    assert_eq!(json["period"]["saltus"], 2);
    assert!(
        json["caption"]
            .as_str()
            .is_some_and(|caption| caption.contains("saltus 2")),
        "{}",
        json["caption"]
    );
    let text = plot(&[
        "plot", "0.[3]", "--to", "50", "--out", &out, "--force", "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["period"]["status"], "certified");
    assert_eq!(json["period"]["saltus"], 1);
    // A saltus of 3 with splits: no theorem, an observation.
    let text = plot(&[
        "plot", "hex:0.3F", "--to", "50", "--out", &out, "--force", "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["period"]["status"], "observed");
    assert_eq!(json["period"]["saltus"], 3);
    let text = plot(&[
        "plot",
        "subtraction:1,3,4",
        "--to",
        "20",
        "--out",
        &out,
        "--force",
        "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["period"]["saltus"], 0);
    // Nim rests on its theorem, not on an observation.
    let text = plot(&["plot", "nim", "--to", "40", "--out", &out, "--force"]);
    assert!(text.contains("G(n) = n for every heap"), "{text}");
    assert!(!text.contains("observed"), "{text}");
}

#[test]
fn a_grid_of_a_game_whose_rule_spans_the_heaps_is_refused() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "g.svg");
    for game in ["norepeat:1,2,3", "fibonacci-nim"] {
        let message = fails(&["plot", game, "--to", "30", "--kind", "grid", "--out", &out]);
        assert!(message.contains("is not a sum"), "{message}");
        assert!(
            message.contains("hint:") && message.contains("--kind strip"),
            "{message}"
        );
    }
    let message = fails(&["plot", "misere:nim", "--to", "40", "--out", &out]);
    assert!(message.contains("exactly when n = 1"), "{message}");
    assert!(message.contains("hint: solve"), "{message}");
    assert!(!Path::new(&out).exists());
}

#[test]
fn legends_leave_out_colours_not_drawn() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "l.svg");
    let text = plot(&[
        "plot",
        "fibonacci-nim",
        "--to",
        "40",
        "--out",
        &out,
        "--json",
    ]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    for entry in json["legend"].as_array().expect("a legend") {
        assert!(entry["marks"].as_u64() > Some(0), "{entry}");
    }
    let text = plot(&[
        "plot", "kayles", "--to", "0", "--kind", "scatter", "--out", &out, "--force",
    ]);
    assert!(!text.contains("(1 heaps)"), "{text}");
}

#[test]
fn a_special_file_is_refused_without_opening_it() {
    let directory = tempfile::tempdir().expect("a directory");
    // A directory: named as such, with or without --force.
    let folder = path(&directory, "d.svg");
    std::fs::create_dir(&folder).expect("a directory");
    for force in [false, true] {
        let mut args = vec!["plot", "nim", "--to", "5", "--out", &folder];
        if force {
            args.push("--force");
        }
        let message = fails(&args);
        assert!(message.contains("this is a directory"), "{message}");
        assert!(!message.contains("add --force"), "{message}");
    }
    // A device, through a symbolic link: refused by what it is, not by its name.
    #[cfg(unix)]
    {
        let link = path(&directory, "null.svg");
        std::os::unix::fs::symlink("/dev/null", &link).expect("a link");
        let message = fails(&["plot", "nim", "--to", "5", "--out", &link, "--force"]);
        assert!(message.contains("not a regular file"), "{message}");
    }
    // A FIFO: opening it for writing would wait for a reader forever; it is never opened.
    #[cfg(unix)]
    {
        let fifo = path(&directory, "f.svg");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let message = fails(&["plot", "nim", "--to", "5", "--out", &fifo, "--force"]);
        assert!(message.contains("a named pipe"), "{message}");
        assert!(message.contains("regular file only"), "{message}");
    }
}

#[test]
fn a_wrong_extension_suggests_a_proper_name() {
    let directory = tempfile::tempdir().expect("a directory");
    let out = path(&directory, "x.svg.tmp");
    let message = fails(&["plot", "nim", "--to", "5", "--out", &out]);
    let x = path(&directory, "x");
    assert!(
        message.contains(&format!("e.g. --out {x}.svg or --out {x}.png")),
        "{message}"
    );
    assert!(!message.contains(".svg.svg"), "{message}");
    let out = path(&directory, ".svg");
    let message = fails(&["plot", "nim", "--to", "5", "--out", &out]);
    assert!(message.contains("needs a name before .svg"), "{message}");
    assert!(!message.contains(".svg.svg"), "{message}");
    assert!(
        message.contains(&format!("e.g. --out {}", path(&directory, "plot.svg"))),
        "{message}"
    );
}
