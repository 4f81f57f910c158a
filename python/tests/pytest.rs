//! Runs the package's pytest suite (`python/tests/*.py`, and the doctests of `python/grundy/`) on
//! the extension module this build made, beside the `grundy` binary it compares answers with.
//!
//! The module cargo built (`lib_grundy.so`, the same one a wheel holds) is put with the package's
//! Python half into a fresh directory, which the suite imports `grundy` from; the suite runs in a
//! virtual environment under `target/python-venv`, made and given `tests/requirements.txt` once
//! (from the Python package index). Without `python3` or its `venv` module the test fails, saying what to install.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory of this test's executable: `target/<profile>/deps`, where the module is built.
fn deps() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent().expect("its directory").to_path_buf()
}

/// `python/`, this package's directory.
fn package() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `command`, failing the test with its output if it fails.
fn run(command: &mut Command, what: &str) {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("{what}: cannot start it: {error}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The virtual environment's Python, with the suite's requirements installed.
fn python(target: &Path) -> PathBuf {
    let found = Command::new("python3")
        .args(["-c", "import venv, ensurepip"])
        .output()
        .is_ok_and(|output| output.status.success());
    assert!(
        found,
        "python3 with its venv module is missing: the Python package's tests need it (Debian: apt-get install python3 python3-venv)"
    );
    let venv = target.join("python-venv");
    let python = venv.join("bin").join("python");
    let requirements = package().join("tests").join("requirements.txt");
    let stamp = venv.join("requirements.txt");
    let wanted = std::fs::read(&requirements).expect("tests/requirements.txt");
    if std::fs::read(&stamp).ok().as_deref() == Some(&wanted[..]) && python.exists() {
        return python;
    }
    run(
        Command::new("python3")
            .arg("-m")
            .arg("venv")
            .arg("--clear")
            .arg(&venv),
        "making the virtual environment target/python-venv",
    );
    run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
            ])
            .arg(&requirements),
        "installing tests/requirements.txt from the Python package index",
    );
    std::fs::write(&stamp, wanted).expect("the venv's stamp");
    python
}

#[test]
fn the_python_package_passes_its_suite() {
    let deps = deps();
    let profile = deps.parent().expect("target/<profile>");
    let target = profile.parent().expect("target");
    let module = deps.join("lib_grundy.so");
    assert!(module.exists(), "{} was not built", module.display());
    let binary = profile.join("grundy");
    assert!(
        binary.exists(),
        "{} is missing: the suite compares answers with the command line's; build it (cargo test --workspace does, or cargo build -p grundy-cli)",
        binary.display()
    );
    let python = python(target);
    // The package as a wheel lays it out: the Python half, and the module beside it.
    let site = tempfile::tempdir().expect("a directory");
    let installed = site.path().join("grundy");
    std::fs::create_dir(&installed).expect("grundy/");
    for entry in std::fs::read_dir(package().join("grundy")).expect("python/grundy") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            std::fs::copy(&path, installed.join(path.file_name().expect("a name")))
                .expect("a copy");
        }
    }
    std::fs::copy(&module, installed.join("_grundy.abi3.so")).expect("the module");
    let output = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--doctest-modules",
        ])
        .arg(package().join("tests"))
        .arg(&installed)
        .env("PYTHONPATH", site.path())
        .env("GRUNDY_CLI", &binary)
        .env("GRUNDY_PACKAGE_DIR", &installed)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(site.path())
        .output()
        .expect("pytest runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    assert!(
        output.status.success(),
        "the pytest suite failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !stdout.contains("skipped"),
        "a Python test was skipped: every one runs\n{stdout}"
    );
}
