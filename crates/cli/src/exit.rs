//! How a command ends, decided in one place (`main`): success (0), a command line asking for
//! something the command cannot do (2, as clap's own usage errors), or a failure on the way (1).
//!
//! **A closed standard output is not an error.** `tapis sim ... | head -c1` closes the pipe
//! before the report is written; every command writes through [`Stdout`], which turns that
//! closing into the typed [`OutputClosed`], and `main` ends quietly with status 0 on it. Only
//! standard output gets this treatment: a broken connection to a server is still a failure.

use std::fmt;
use std::io::{self, Write};

/// The command line asked for something the command cannot do: exit status 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A usage error with this message (one sentence saying what is accepted).
pub fn usage(message: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(Usage(message.to_string()))
}

/// Whoever read standard output stopped reading (a closed pipe): the command stops quietly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputClosed;

impl fmt::Display for OutputClosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for OutputClosed {}

/// Standard output for the commands' results: like [`std::io::stdout`], except that a closed
/// pipe comes back as an error carrying [`OutputClosed`] (never a panic, as `println!` does).
pub struct Stdout(io::Stdout);

impl Stdout {
    pub fn new() -> Stdout {
        Stdout(io::stdout())
    }
}

impl Default for Stdout {
    fn default() -> Stdout {
        Stdout::new()
    }
}

fn closed(error: io::Error) -> io::Error {
    if error.kind() == io::ErrorKind::BrokenPipe {
        io::Error::new(io::ErrorKind::BrokenPipe, OutputClosed)
    } else {
        error
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(closed)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(closed)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(closed)
    }
}

/// Writes `text` to standard output and flushes it.
pub fn print(text: impl fmt::Display) -> anyhow::Result<()> {
    let mut out = Stdout::new();
    write!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

/// Whether `error` is standard output being closed by its reader.
pub fn is_output_closed(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.is::<OutputClosed>()
            || e.downcast_ref::<io::Error>().and_then(|e| e.get_ref()).is_some_and(|inner| inner.is::<OutputClosed>())
    })
}

/// The exit status of a command that ended with `error`: 0 when only standard output was
/// closed, 2 for a usage error, 1 for any other failure.
pub fn status(error: &anyhow::Error) -> u8 {
    if is_output_closed(error) {
        0
    } else if error.chain().any(|e| e.is::<Usage>()) {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_told_apart_from_other_broken_pipes() {
        let from_stdout: anyhow::Error = closed(io::Error::from(io::ErrorKind::BrokenPipe)).into();
        assert_eq!(status(&from_stdout.context("cannot print the table")), 0);
        let from_a_socket: anyhow::Error = io::Error::from(io::ErrorKind::BrokenPipe).into();
        assert_eq!(status(&from_a_socket), 1);
        assert_eq!(status(&usage("--games is from 1 to 100,000,000").context("sim")), 2);
        assert_eq!(status(&anyhow::anyhow!("cannot write out.svg")), 1);
    }
}
