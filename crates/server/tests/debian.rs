//! Debian's packages the tests drive (PostgreSQL, NATS), installed first when they are missing
//! and the tests run as root on Debian, as `web/tests/run` installs Chromium, so that the README's
//! test command works on a fresh machine. Anywhere else the test fails, saying how to install it:
//! it never passes without the real program.

use std::process::{Command, Stdio};
use std::sync::Mutex;

/// One installation at a time, whichever test asks first.
static INSTALLING: Mutex<()> = Mutex::new(());

/// What `find` finds, after installing `package` (for `purpose`, said on stderr) if it found
/// nothing and this process may install; `None` if it is still missing.
pub fn find_or_install<T>(package: &str, purpose: &str, find: impl Fn() -> Option<T>) -> Option<T> {
    if let Some(found) = find() {
        return Some(found);
    }
    let _one = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = find() {
        return Some(found);
    }
    if !rustix::process::geteuid().is_root() || !std::path::Path::new("/usr/bin/apt-get").exists() {
        return None;
    }
    eprintln!("== installing Debian's {package} for {purpose}");
    for args in [&["update", "-qq"][..], &["install", "-y", "-qq", package]] {
        let status = Command::new("apt-get")
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdout(Stdio::null())
            .status()
            .unwrap_or_else(|e| panic!("cannot run apt-get: {e}"));
        assert!(status.success(), "apt-get {args:?} failed");
    }
    find()
}
