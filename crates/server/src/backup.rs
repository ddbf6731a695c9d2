//! `tapis backup FILE` and `tapis restore FILE`: a consistent copy of the SQLite store taken while
//! the server runs and plays, and that copy put back.
//!
//! **A backup is one read transaction.** SQLite's online backup copies every page in a single
//! step, so the copy is the database as it stood when that step began: every move acknowledged
//! before then is in it (the store acknowledges a move only once its commit is on disk), and none
//! half-written after. In WAL mode the server's writer goes on meanwhile; nothing waits for the
//! copy. The copy is written beside its destination under another name, checked (`quick_check`),
//! flushed to disk and only then renamed into place: a backup cut short leaves no file that looks
//! whole. The copy is a single file in rollback-journal mode, with nothing beside it.
//!
//! **A restore never meets a running server.** `tapis serve` holds an exclusive lock on
//! `DATA/tapis.lock` for as long as it runs on an SQLite store ([`lock_data`]); `tapis restore`
//! takes the same lock, so that it refuses while a server runs and no server starts while it
//! restores. A backup is read and checked before anything is touched; a data folder that already
//! holds rooms is replaced only when asked (`--force`), and its database is first kept beside it
//! as `tapis.sqlite3.before-restore`. The server's leftover WAL and shared-memory files go with
//! the database they belonged to, so that no stale WAL is ever replayed onto the restored file.
//!
//! PostgreSQL keeps its own backups: `pg_dump` (docs/hosting.md).

use anyhow::{Context, anyhow, bail};
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The database's file name in the data folder (the store's own, [`crate::store::SqliteStore`]).
pub const DATABASE: &str = "tapis.sqlite3";
/// The lock a running server holds in its data folder.
pub const LOCK: &str = "tapis.lock";
/// Where `--force` keeps the database a restore replaced.
pub const BEFORE_RESTORE: &str = "tapis.sqlite3.before-restore";

/// The exclusive lock on a data folder, held while it lives (the operating system lets it go
/// when the process ends, `kill -9` included).
#[derive(Debug)]
pub struct DataLock {
    _file: File,
}

/// Why a data folder's lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("another tapis process (pid {pid}) is using the data folder {dir}")]
    Held { dir: String, pid: String },
    #[error("cannot lock the data folder {dir}: {source}")]
    Io { dir: String, source: std::io::Error },
}

/// Takes the data folder's lock (creating the folder if needed), or says who holds it.
pub fn lock_data(dir: &Path) -> Result<DataLock, LockError> {
    let shown = dir.display().to_string();
    let io = |source| LockError::Io { dir: shown.clone(), source };
    std::fs::create_dir_all(dir).map_err(io)?;
    let path = dir.join(LOCK);
    let mut file =
        std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(io)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let pid = std::fs::read_to_string(&path).map(|t| t.trim().to_string()).unwrap_or_default();
            let pid = if pid.is_empty() { "unknown".to_string() } else { pid };
            return Err(LockError::Held { dir: shown, pid });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
    }
    // Who holds it, for the message another process gives.
    use std::io::{Seek, Write};
    let _ = file.set_len(0);
    let _ = file.seek(std::io::SeekFrom::Start(0));
    let _ = write!(file, "{}", std::process::id());
    Ok(DataLock { _file: file })
}

/// What a database holds, as a summary line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contents {
    pub rooms: u64,
    pub matches: u64,
    pub actions: u64,
    pub bytes: u64,
}

impl std::fmt::Display for Contents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{} ({}, {}; {})",
            plural(self.rooms, "room", "rooms"),
            plural(self.matches, "match", "matches"),
            plural(self.actions, "move", "moves"),
            size(self.bytes)
        )
    }
}

fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 * 1024 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}

/// How long a step of the copy may wait for a lock before the backup gives up.
const BUSY_FOR: Duration = Duration::from_secs(30);

/// Copies `from` (an open database) into a new file at `to`, in one step: the state of `from`
/// when the step began. The copy is in rollback-journal mode and checked.
fn copy(from: &Connection, to: &Path) -> anyhow::Result<()> {
    let mut copy = Connection::open(to).with_context(|| format!("cannot create {}", to.display()))?;
    {
        let backup = Backup::new(from, &mut copy)?;
        let started = tokio::time::Instant::now();
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                StepResult::More => continue,
                StepResult::Busy | StepResult::Locked if started.elapsed() < BUSY_FOR => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                _ => bail!("the database stayed locked for {} s", BUSY_FOR.as_secs()),
            }
        }
    }
    // One file, whatever mode the server keeps its own in.
    copy.pragma_update(None, "journal_mode", "DELETE")?;
    check(&copy)?;
    copy.close().map_err(|(_, e)| e)?;
    Ok(())
}

/// `quick_check`, a schema this release knows, and the store's tables present. A database of
/// a newer release is refused here rather than by the server at its next start, after the one
/// it replaced was moved aside.
fn check(c: &Connection) -> anyhow::Result<()> {
    let verdict: String = c.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
    if verdict != "ok" {
        bail!("it is damaged ({verdict})");
    }
    let version: i64 = c.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if !usize::try_from(version).is_ok_and(|v| v <= crate::store::SCHEMA_VERSION) {
        bail!(
            "its schema is version {version}, written by a newer release of tapis (this one knows versions up to \
             {}): restore it with that release or a newer one",
            crate::store::SCHEMA_VERSION
        );
    }
    for table in ["rooms", "matches", "actions", "seats"] {
        let found: i64 =
            c.query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", [table], |r| {
                r.get(0)
            })?;
        if found == 0 {
            bail!("it has no table \"{table}\": not a database of tapis serve");
        }
    }
    Ok(())
}

fn contents(c: &Connection, file: &Path) -> anyhow::Result<Contents> {
    let count = |table: &str| -> anyhow::Result<u64> {
        Ok(c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get::<_, i64>(0))? as u64)
    };
    Ok(Contents {
        rooms: count("rooms")?,
        matches: count("matches")?,
        actions: count("actions")?,
        bytes: std::fs::metadata(file).map(|m| m.len()).unwrap_or(0),
    })
}

/// A file beside `path`, with a suffix of this process, for writing before the rename.
fn partial(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".partial-{}", std::process::id()));
    path.with_file_name(name)
}

/// Flushes a file, renames it into place and flushes its folder, so that the rename itself
/// survives a power cut.
fn publish(written: &Path, to: &Path) -> anyhow::Result<()> {
    File::open(written)?.sync_all()?;
    std::fs::rename(written, to)?;
    let folder = to.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    File::open(folder)?.sync_all()?;
    Ok(())
}

/// `tapis backup`: a consistent copy of the store under `data`, written to `to`, while a server
/// may be running on it.
pub fn backup(data: &Path, to: &Path) -> anyhow::Result<Contents> {
    let source = data.join(DATABASE);
    if !source.is_file() {
        bail!("no database in {}: nothing to back up (is it the server's --data folder?)", data.display());
    }
    if to.is_dir() {
        bail!("{} is a folder: name the backup's file", to.display());
    }
    // Read-write without creating: a WAL database is read through its shared-memory file, which
    // a read-only connection could not create.
    let from =
        Connection::open_with_flags(&source, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .with_context(|| format!("cannot open {}", source.display()))?;
    from.busy_timeout(BUSY_FOR)?;
    let written = partial(to);
    let made = copy(&from, &written).and_then(|()| {
        let copy = Connection::open_with_flags(&written, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        contents(&copy, &written)
    });
    let made = made.and_then(|contents| publish(&written, to).map(|()| contents));
    if made.is_err() {
        let _ = std::fs::remove_file(&written);
    }
    made.with_context(|| format!("cannot back up {} to {}", source.display(), to.display()))
}

/// A backup file read and checked: what it holds.
pub fn inspect(file: &Path) -> anyhow::Result<Contents> {
    let opened = std::fs::File::open(file).with_context(|| format!("cannot read the backup {}", file.display()))?;
    drop(opened);
    let c = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot read the backup {}", file.display()))?;
    check(&c)
        .and_then(|()| contents(&c, file))
        .map_err(|e| anyhow!("{} is not a usable backup: {}", file.display(), plain(&e)))
}

/// SQLite's words for a file that is not a database, and the like, as one clause.
fn plain(error: &anyhow::Error) -> String {
    match error.downcast_ref::<rusqlite::Error>() {
        Some(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::NotADatabase => {
            "it is not an SQLite database".to_string()
        }
        _ => format!("{error:#}"),
    }
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    pub contents: Contents,
    /// Where the database it replaced was kept (with `--force`).
    pub kept: Option<PathBuf>,
}

/// `tapis restore`: the backup `from` becomes the store under `data`. Refused while a server
/// runs there, and when `data` already holds a database unless `force` (which keeps that one
/// as [`BEFORE_RESTORE`]). Nothing is changed unless the backup reads back whole.
pub fn restore(from: &Path, data: &Path, force: bool) -> anyhow::Result<Restored> {
    let contents = inspect(from)?;
    let _lock = lock_data(data).map_err(|e| match e {
        LockError::Held { dir, pid } => anyhow!(
            "a tapis server (pid {pid}) is running on the data folder {dir}: stop it before restoring (nothing was changed)"
        ),
        e => anyhow!(e),
    })?;
    let target = data.join(DATABASE);
    let side = |suffix: &str| {
        let mut name = target.as_os_str().to_os_string();
        name.push(suffix);
        PathBuf::from(name)
    };
    let mut kept = None;
    if target.exists() {
        let current = Connection::open_with_flags(&target, OpenFlags::SQLITE_OPEN_READ_WRITE)
            .with_context(|| format!("cannot open the current database {}", target.display()))?;
        let rooms: i64 = current.query_row("SELECT count(*) FROM rooms", [], |r| r.get(0)).unwrap_or(0);
        if !force {
            bail!(
                "the data folder {} already holds a database ({rooms} rooms): restore with --force to replace it \
                 (it is then kept as {BEFORE_RESTORE}); nothing was changed",
                data.display()
            );
        }
        // Kept whole, its WAL included, before anything is removed.
        let keep = data.join(BEFORE_RESTORE);
        let written = partial(&keep);
        let made = copy(&current, &written).and_then(|()| publish(&written, &keep));
        if made.is_err() {
            let _ = std::fs::remove_file(&written);
        }
        made.with_context(|| format!("cannot keep the current database as {}", keep.display()))?;
        drop(current);
        kept = Some(keep);
    }
    let written = partial(&target);
    let source = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let made = copy(&source, &written);
    if let Err(e) = made {
        let _ = std::fs::remove_file(&written);
        return Err(e.context(format!("cannot copy {} into {}", from.display(), data.display())));
    }
    // The old WAL and shared memory belong to the old file: they go before the new one is in place.
    for suffix in ["-wal", "-shm", "-journal"] {
        match std::fs::remove_file(side(suffix)) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(anyhow!(e).context(format!("cannot remove {}", side(suffix).display()))),
        }
    }
    publish(&written, &target).with_context(|| format!("cannot put the restored database at {}", target.display()))?;
    Ok(Restored { contents, kept })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tapis-backup-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn store_with_rooms(dir: &Path, rooms: usize) {
        let c = Connection::open(dir.join(DATABASE)).unwrap();
        c.pragma_update(None, "journal_mode", "WAL").unwrap();
        c.execute_batch(
            "CREATE TABLE rooms (code TEXT PRIMARY KEY); CREATE TABLE matches (room TEXT);
             CREATE TABLE actions (room TEXT, seq INTEGER); CREATE TABLE seats (room TEXT);",
        )
        .unwrap();
        for i in 0..rooms {
            c.execute("INSERT INTO rooms VALUES (?1)", [format!("room{i}")]).unwrap();
            c.execute("INSERT INTO actions VALUES (?1, 1)", [format!("room{i}")]).unwrap();
        }
    }

    #[test]
    fn a_second_lock_on_a_data_folder_is_refused_and_names_the_holder() {
        let dir = folder("lock");
        let held = lock_data(&dir).unwrap();
        let refused = lock_data(&dir).unwrap_err().to_string();
        assert!(refused.contains(&format!("pid {}", std::process::id())), "{refused}");
        drop(held);
        lock_data(&dir).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_backup_is_restored_whole_and_a_folder_with_rooms_is_replaced_only_when_forced() {
        let (data, other) = (folder("data"), folder("other"));
        store_with_rooms(&data, 3);
        let file = data.join("copy.sqlite3");
        let made = backup(&data, &file).unwrap();
        assert_eq!((made.rooms, made.actions), (3, 3));
        assert!(!partial(&file).exists());
        store_with_rooms(&other, 1);
        let refused = restore(&file, &other, false).unwrap_err().to_string();
        assert!(refused.contains("--force") && refused.contains("nothing was changed"), "{refused}");
        let restored = restore(&file, &other, true).unwrap();
        assert_eq!(restored.contents.rooms, 3);
        assert_eq!(inspect(&other.join(BEFORE_RESTORE)).unwrap().rooms, 1);
        assert_eq!(inspect(&other.join(DATABASE)).unwrap().rooms, 3);
        assert!(!other.join("tapis.sqlite3-wal").exists());
        let _ = (std::fs::remove_dir_all(&data), std::fs::remove_dir_all(&other));
    }

    #[test]
    fn an_unreadable_backup_is_one_clear_line_and_changes_nothing() {
        let data = folder("bad");
        store_with_rooms(&data, 2);
        let garbage = data.join("garbage.sqlite3");
        std::fs::write(&garbage, vec![0x42; 8192]).unwrap();
        let before = std::fs::read(data.join(DATABASE)).unwrap();
        let newer = data.join("newer.sqlite3");
        std::fs::create_dir_all(data.join("newer")).unwrap();
        store_with_rooms(&data.join("newer"), 1);
        {
            let c = Connection::open(data.join("newer").join(DATABASE)).unwrap();
            c.pragma_update(None, "user_version", 99).unwrap();
            c.pragma_update(None, "journal_mode", "DELETE").unwrap();
        }
        std::fs::rename(data.join("newer").join(DATABASE), &newer).unwrap();
        let from_newer = format!(
            "is not a usable backup: its schema is version 99, written by a newer release of tapis (this one \
             knows versions up to {}): restore it with that release or a newer one",
            crate::store::SCHEMA_VERSION
        );
        for (file, says) in [
            (garbage.clone(), "is not a usable backup: it is not an SQLite database"),
            (data.join("missing.sqlite3"), "cannot read the backup"),
            (newer, from_newer.as_str()),
        ] {
            let error = format!("{:#}", restore(&file, &data, true).unwrap_err());
            assert!(error.contains(says) && !error.contains('\n'), "{error}");
        }
        assert_eq!(std::fs::read(data.join(DATABASE)).unwrap(), before);
        assert!(!data.join(BEFORE_RESTORE).exists());
        let _ = std::fs::remove_dir_all(&data);
    }
}
