//! What the tests that run `tapis serve` as a separate process share.

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A test's figures (kills, takeovers, moves checked), shown in the test run's output even when
/// libtest captures the test's own: written to stderr directly, as libtest captures only the
/// `print!` and `eprint!` macros.
pub fn report(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The binary, with no locale: French by default, whatever the machine's own locale.
pub fn tapis() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tapis"));
    command.env_remove("LC_ALL").env_remove("LC_MESSAGES").env_remove("LANG");
    command
}

/// The `tapis` binary under test: this build's, or another one (an older build, to compare)
/// named by `TAPIS_SERVE_BIN`.
pub fn binary() -> PathBuf {
    std::env::var_os("TAPIS_SERVE_BIN").map(PathBuf::from).unwrap_or_else(|| env!("CARGO_BIN_EXE_tapis").into())
}

/// `tapis serve` from `binary` on a free port of the loopback, on the data folder `data`, with
/// `flags` added and its log (`RUST_LOG=log_level`) sent to `log`; the child and the address it
/// listens on, as its first line says.
pub fn serve(binary: &Path, data: &Path, flags: &[&str], log_level: &str, log: Stdio) -> (Child, SocketAddr) {
    let mut child = Command::new(binary)
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .args(flags)
        .env("RUST_LOG", log_level)
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let addr = first.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("first line: {first:?}"));
    (child, addr.parse().unwrap())
}
