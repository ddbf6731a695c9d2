//! The full-screen table ended by a signal gives the terminal back as it found it: the real
//! binary runs in a pseudo-terminal (`script` from util-linux), gets SIGTERM once its screen is
//! up, and the terminal is then back on its main screen with the cursor shown, in cooked mode.
//! Skipped where `script` is missing.

use std::io::Read;
use std::process::{Command, Stdio};

/// Reads `out` until `wanted` has come, returning everything read; `None` at its end.
fn read_until(out: &mut impl Read, seen: &mut Vec<u8>, wanted: &[u8]) -> Option<()> {
    let mut buf = [0u8; 4096];
    while !seen.windows(wanted.len()).any(|w| w == wanted) {
        let n = out.read(&mut buf).ok().filter(|&n| n > 0)?;
        seen.extend_from_slice(&buf[..n]);
    }
    Some(())
}

#[test]
fn sigterm_puts_the_terminal_back() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` here: skipped");
        return;
    }
    // The shell in the pseudo-terminal (80×24, as `script` makes it 0×0 without a terminal of
    // its own) starts the table on it, says its process id, and once it has ended prints its
    // status and the terminal's modes.
    let shell = format!(
        "stty rows 24 cols 80; {} play nainjaune --seed 3 --level easy </dev/tty & echo PID=$!; wait $!; \
         echo EXIT=$?; stty -a",
        env!("CARGO_BIN_EXE_tapis")
    );
    let mut script = Command::new("script")
        .args(["-q", "-e", "-c", &shell, "/dev/null"])
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = script.stdout.take().unwrap();
    let mut seen = Vec::new();
    read_until(&mut out, &mut seen, b"PID=").unwrap();
    read_until(&mut out, &mut seen, b"\x1b[?1049h").expect("the table's screen opens");
    let text = String::from_utf8_lossy(&seen).into_owned();
    let pid: String = text[text.find("PID=").unwrap() + 4..].chars().take_while(char::is_ascii_digit).collect();
    // The screen is drawn (its footer) before the signal comes.
    read_until(&mut out, &mut seen, "q quitter".as_bytes())
        .unwrap_or_else(|| panic!("{:?}", String::from_utf8_lossy(&seen)));
    let before = seen.len();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    out.read_to_end(&mut seen).unwrap();
    drop(script.stdin.take());
    script.wait().unwrap();
    let after = String::from_utf8_lossy(&seen[before..]).into_owned();
    let leave = after.find("\x1b[?1049l").unwrap_or_else(|| panic!("the main screen is back: {after:?}"));
    assert!(after[leave..].contains("\x1b[?25h"), "the cursor is shown: {after:?}");
    assert!(after.contains("Le Nain Jaune — partie abandonnée (graine 3)"), "{after:?}");
    assert!(after.contains("EXIT=143"), "{after:?}");
    // Raw mode would show them as -icanon -echo -isig -opost.
    let modes: Vec<&str> = after[after.find("EXIT=").unwrap()..].split_whitespace().collect();
    for mode in ["icanon", "echo", "isig", "opost"] {
        assert!(modes.contains(&mode), "{mode} in {modes:?}");
    }
}
