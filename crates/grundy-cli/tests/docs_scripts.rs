//! Every command of docs/scripts.md, docs/pattern.md and docs/classical-extensions.md, run with
//! the real binary from the repository's root: its output must be the one the page shows.

use std::path::Path;
use std::process::Command;

/// The commands of the page's `console` blocks, each with the output shown after it.
fn examples(page: &str) -> Vec<(String, String)> {
    let mut examples = Vec::new();
    let mut in_block = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block && line.trim() == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command.to_owned(), String::new()));
        } else if let Some((_, output)) = examples.last_mut() {
            output.push_str(line);
            output.push('\n');
        }
    }
    examples
}

#[test]
fn every_command_of_the_scripts_page_prints_what_it_shows() {
    check_page("docs/scripts.md");
}

#[test]
fn every_command_of_the_pattern_page_prints_what_it_shows() {
    check_page("docs/pattern.md");
}

#[test]
fn every_command_of_the_classical_extensions_page_prints_what_it_shows() {
    check_page("docs/classical-extensions.md");
}

/// Runs every command of `page` and compares its output with the page's.
fn check_page(page: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join(page)).unwrap();
    let binary = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = examples(&page);
    assert!(
        examples.len() >= 6,
        "the page shows {} commands",
        examples.len()
    );
    for (command, expected) in examples {
        assert!(command.contains("grundy "), "{command}");
        let output = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(&root)
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{command}: {output:?}");
        // A block cannot end in a blank line the page would show: trailing blank lines aside,
        // the output is the page's.
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).trim_end(),
            expected.trim_end(),
            "{command}"
        );
    }
}
