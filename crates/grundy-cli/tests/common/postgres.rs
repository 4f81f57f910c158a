//! A private PostgreSQL server for a test: a new cluster in a temporary directory, listening on a
//! Unix socket there only, stopped when the value is dropped. As root (CI), the server runs as the
//! `postgres` user, which Debian's package makes.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A running server and the directory that holds its data and its socket.
pub struct Postgres {
    directory: tempfile::TempDir,
    bin: PathBuf,
    as_server_user: bool,
}

/// The directory of PostgreSQL's server programs: the newest `/usr/lib/postgresql/*/bin`, else
/// the one `pg_config --bindir` names.
fn server_programs() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Some(bin);
    }
    let output = Command::new("pg_config").arg("--bindir").output().ok()?;
    let bin = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    bin.join("initdb").exists().then_some(bin)
}

impl Postgres {
    /// Starts a server; fails the test, saying what to install, when PostgreSQL is missing.
    pub fn start() -> Self {
        let Some(bin) = server_programs() else {
            super::missing_tool(
                "PostgreSQL's server (initdb, pg_ctl)",
                "apt-get install postgresql (.ci/run installs it)",
            );
        };
        let directory = tempfile::Builder::new()
            .prefix("grundy-pg-")
            .tempdir()
            .expect("a temporary directory");
        // PostgreSQL refuses to run as root: there, the cluster belongs to `postgres`.
        let as_server_user = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|output| output.stdout.starts_with(b"0\n"));
        let server = Self {
            directory,
            bin,
            as_server_user,
        };
        if as_server_user {
            let status = Command::new("chown")
                .args(["postgres:", server.socket()])
                .status()
                .expect("chown runs");
            assert!(status.success(), "chown postgres {}", server.socket());
        }
        let data = server.data();
        server.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "grundy",
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
            ],
        );
        let options = format!(
            "-k {} -c listen_addresses='' -c fsync=off -c max_connections=50",
            server.socket()
        );
        let log = format!("{}/log", server.socket());
        server.run(
            "pg_ctl",
            &["-D", &data, "-l", &log, "-w", "-o", &options, "start"],
        );
        server
    }

    fn socket(&self) -> &str {
        self.directory
            .path()
            .to_str()
            .expect("temporary paths are UTF-8")
    }

    fn data(&self) -> String {
        format!("{}/data", self.socket())
    }

    /// One of the server's programs with `args`, as `postgres` when the test runs as root.
    fn command(&self, program: &str, args: &[&str]) -> Command {
        let program = self.bin.join(program);
        let mut command = if self.as_server_user {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&program);
            command
        } else {
            Command::new(&program)
        };
        command.args(args);
        command
    }

    /// Runs one of the server's programs; fails the test if it fails.
    fn run(&self, program: &str, args: &[&str]) {
        let output = self
            .command(program, args)
            .output()
            .expect("a PostgreSQL program runs");
        assert!(
            output.status.success(),
            "{program} {args:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// A new, empty database on the server, as a `postgres://` URL.
    pub fn database(&self, name: &str) -> String {
        self.run("createdb", &["-h", self.socket(), "-U", "grundy", name]);
        format!("postgres:///{name}?host={}&user=grundy", self.socket())
    }

    /// Runs `sql` on the database `name` (with psql).
    pub fn execute(&self, name: &str, sql: &str) {
        self.run(
            "psql",
            &[
                "-h",
                self.socket(),
                "-U",
                "grundy",
                "-d",
                name,
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                sql,
            ],
        );
    }

    /// The directory of the server's socket.
    pub fn path(&self) -> &Path {
        self.directory.path()
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.data();
        // `immediate`: the cluster is thrown away with its directory.
        let _ = self
            .command("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"])
            .output();
    }
}
