//! A real PostgreSQL for the tests, no mock: `initdb` in a temporary folder, `postgres` on a free
//! port of the loopback (its unix socket in that folder too), one new database per test, and the
//! server stopped and its folder removed when the last handle on it is dropped.
//!
//! **Where the binaries come from.** `TAPIS_PG_BIN` names the folder holding `initdb`, `postgres`,
//! `pg_ctl`, `pg_isready`, `createdb` and `psql`; otherwise `initdb` on the `PATH`; otherwise
//! Debian's `/usr/lib/postgresql/N/bin` (the highest N). When none is there and the tests run
//! as root on Debian, Debian's `postgresql` is installed first (`apt-get`), as `web/tests/run`
//! installs Chromium, so that the README's test command works on a fresh machine; otherwise the
//! test fails, saying how to install it. It never passes without a server.
//!
//! **Never as root.** PostgreSQL refuses to run as root: when the tests are root, `initdb`,
//! `postgres` and `pg_ctl` run as the `postgres` user that Debian's package creates (`nobody`
//! where there is none), and the temporary folder is theirs.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

/// The user the tests connect as (the cluster's superuser, trusted on the loopback).
const USER: &str = "tapis";

/// How often, and how many times, the helper asks whether `postgres` accepts connections before
/// it gives up on it (a minute in all).
const PROBE_EVERY: Duration = Duration::from_millis(50);
const PROBES: u32 = 1200;

static NEXT: AtomicU64 = AtomicU64::new(0);
static SHARED: Mutex<Weak<Postgres>> = Mutex::new(Weak::new());

/// A running PostgreSQL of this test process.
pub struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    /// `(uid, gid)` the server runs as when the tests are root.
    owner: Option<(u32, u32)>,
    server: Mutex<Option<Child>>,
}

#[allow(dead_code)]
impl Postgres {
    /// The server the tests running at the same time share (each with its own databases):
    /// started by the first, stopped when the last drops its handle.
    pub fn shared() -> Arc<Postgres> {
        let mut slot = SHARED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(running) = slot.upgrade() {
            return running;
        }
        let started = Arc::new(Postgres::start());
        *slot = Arc::downgrade(&started);
        started
    }

    /// A server of one's own (for a test that stops it).
    pub fn start() -> Postgres {
        let bin = binaries();
        let owner = if rustix::process::geteuid().is_root() { Some(unprivileged_user()) } else { None };
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tapis-pg-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
                .unwrap_or_else(|e| panic!("cannot give {} to the postgres user: {e}", dir.display()));
        }
        let mut postgres = Postgres { bin, dir, port: 0, owner, server: Mutex::new(None) };
        let initdb = postgres
            .command("initdb")
            .args(["--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C", "-U", USER, "-D"])
            .arg(postgres.data())
            .output()
            .unwrap_or_else(|e| panic!("cannot run initdb: {e}"));
        assert!(initdb.status.success(), "initdb failed: {}", String::from_utf8_lossy(&initdb.stderr));
        // A free port may be taken between the look and the bind: a few tries.
        for _ in 0..5 {
            postgres.port = free_port();
            if postgres.run() {
                return postgres;
            }
        }
        panic!("postgres did not start; its log:\n{}", postgres.log());
    }

    /// A new, empty database; its URL.
    pub fn database(&self) -> String {
        let name = format!("t{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let created = Command::new(self.bin.join("createdb"))
            .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-U", USER, &name])
            .output()
            .unwrap_or_else(|e| panic!("cannot run createdb: {e}"));
        assert!(created.status.success(), "createdb failed: {}", String::from_utf8_lossy(&created.stderr));
        self.url(&name)
    }

    /// The URL of the database `name` (`postgres://tapis@127.0.0.1:PORT/name`).
    pub fn url(&self, name: &str) -> String {
        format!("postgres://{USER}@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs `sql` with `psql` on the database of `url`; its output, unaligned, one row a line.
    pub fn sql(&self, url: &str, sql: &str) -> String {
        let out = Command::new(self.bin.join("psql"))
            .args(["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
            .output()
            .unwrap_or_else(|e| panic!("cannot run psql: {e}"));
        assert!(out.status.success(), "psql failed on {sql}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Stops the server at once (`pg_ctl stop -m immediate`: like a crash, no checkpoint);
    /// every connection to it breaks. [`Postgres::restart`] brings it back on the same port.
    pub fn crash(&self) {
        self.stop("immediate");
    }

    /// Starts the server again after [`Postgres::crash`], on the same port and data.
    pub fn restart(&self) {
        assert!(self.run(), "postgres did not start again; its log:\n{}", self.log());
    }

    /// The temporary folder (the data, the socket, the log).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("log.txt")).unwrap_or_default()
    }

    /// A command of PostgreSQL's run as the server's owner.
    fn command(&self, name: &str) -> Command {
        let mut command = Command::new(self.bin.join(name));
        if let Some((uid, gid)) = self.owner {
            command.uid(uid).gid(gid);
        }
        command.current_dir(&self.dir);
        command
    }

    /// Starts `postgres` on `self.port` and waits until it accepts connections; false if it
    /// stopped instead (the port was taken).
    fn run(&self) -> bool {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("log.txt"))
            .unwrap_or_else(|e| panic!("cannot open the log of postgres: {e}"));
        let mut child = self
            .command("postgres")
            .arg("-D")
            .arg(self.data())
            .args(["-p", &self.port.to_string(), "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"])
            .arg("-k")
            .arg(&self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run postgres: {e}"));
        for _ in 0..PROBES {
            if child.try_wait().ok().flatten().is_some() {
                return false;
            }
            let ready = Command::new(self.bin.join("pg_isready"))
                .args(["-q", "-h", "127.0.0.1", "-p", &self.port.to_string(), "-U", USER, "-d", "postgres"])
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                *self.server.lock().unwrap_or_else(|e| e.into_inner()) = Some(child);
                return true;
            }
            std::thread::sleep(PROBE_EVERY);
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("postgres did not accept connections within a minute; its log:\n{}", self.log());
    }

    fn stop(&self, mode: &str) {
        let Some(mut child) = self.server.lock().unwrap_or_else(|e| e.into_inner()).take() else { return };
        let stopped = self.command("pg_ctl").args(["stop", "-s", "-w", "-m", mode, "-D"]).arg(self.data()).status();
        if !stopped.is_ok_and(|s| s.success()) {
            let _ = child.kill();
        }
        let _ = child.wait();
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.stop("fast");
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port on the loopback");
    listener.local_addr().expect("a bound address").port()
}

/// The folder holding PostgreSQL's server binaries, installed first when missing if it can be.
fn binaries() -> PathBuf {
    crate::debian::find_or_install("postgresql", "the PostgreSQL tests", find_binaries).unwrap_or_else(|| {
        panic!(
            "The PostgreSQL tests need PostgreSQL's server (initdb, postgres, pg_ctl): sudo apt-get install \
             postgresql, or set TAPIS_PG_BIN to the folder that holds them."
        )
    })
}

/// The programs of PostgreSQL's the helper runs.
const PROGRAMS: [&str; 6] = ["initdb", "postgres", "pg_ctl", "pg_isready", "createdb", "psql"];

fn find_binaries() -> Option<PathBuf> {
    let has_all = |dir: &Path| PROGRAMS.iter().all(|program| dir.join(program).is_file());
    if let Some(dir) = std::env::var_os("TAPIS_PG_BIN").map(PathBuf::from) {
        assert!(has_all(&dir), "TAPIS_PG_BIN={} does not hold all of {PROGRAMS:?}", dir.display());
        return Some(dir);
    }
    // An `initdb` on the PATH may be a link to the folder of them all (as Debian's are).
    if let Some(path) = std::env::var_os("PATH")
        && let Some(dir) = std::env::split_paths(&path)
            .filter_map(|dir| Some(std::fs::canonicalize(dir.join("initdb")).ok()?.parent()?.to_path_buf()))
            .find(|dir| has_all(dir))
    {
        return Some(dir);
    }
    let versions = std::fs::read_dir("/usr/lib/postgresql").ok()?;
    versions
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            has_all(&bin).then_some((version, bin))
        })
        .max()
        .map(|(_, bin)| bin)
}

/// `(uid, gid)` of the `postgres` user, or of `nobody` where there is none.
fn unprivileged_user() -> (u32, u32) {
    let id = |flag: &str, user: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, user]).output().ok()?;
        if !out.status.success() {
            return None;
        }
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    ["postgres", "nobody"]
        .iter()
        .find_map(|user| Some((id("-u", user)?, id("-g", user)?)))
        .expect("a user other than root to run postgres as (postgres or nobody)")
}
