//! `tapis play` on a terminal: the full-screen table (ratatui on crossterm).
//!
//! The screen is drawn from what the person may see, never from the match itself: the client
//! view's envelope (`Table::client_view`, documented in `docs/client-view.md`) and the table as
//! the game describes it from the person's view (`AnyMatch::table_text`, rich lines whose pieces
//! say what they are: a card in its colour, a count, a pile's top). No game is named here:
//!
//! ```text
//! ┌ title: the game, the round, the seed ───────────────────────────────────────┐
//! │ Players: turn ▶, dealer (d), cards, the game's │ The table: the game's own   │
//! │ seat facts, the score sheet round by round     │ part (piles, named suit…)   │
//! │ Your hand: the cards you may play bright, the selected action's reversed    │
//! │ Your choices, numbered, one selected           │ The log: what you are told  │
//! └ keys, or what went wrong ───────────────────────────────────────────────────┘
//! ```
//!
//! Keys: ↑/↓ (or k/j) choose and Enter plays; a number plays that choice (a first digit waits
//! for a second when more choices could follow it); `?` or `r` the rules; `s` the score sheet;
//! PgUp/PgDn the log; `q` quits (asked twice during a match). The end of each round is held on
//! screen with its settlement until a key is pressed, and bots wait while it (or the rules) is
//! shown. A move that is the person's only one, when nobody else may act, is announced in the
//! footer and played for them by the table after a delay drawn like a person's (the table
//! layer's forced moves; Enter plays it at once), as in the line mode, unless
//! `PlayConfig::confirm_forced` asks for every move. A card that leaves the person one is also
//! offered with UNIQUE said with it (« poser 5♠ et annoncer « UNIQUE » »).
//!
//! Bots play in real time, [`BOT_DELAY_MS`](crate::play::BOT_DELAY_MS) after the table last changed and at their level's
//! pace in a reaction window, as in the line mode (`play.rs`): the loop waits for a key until the
//! next move by itself is due, then advances the table. The terminal is put back (raw mode off,
//! main screen) on every way out, a panic included.

mod app;
mod draw;
#[cfg(test)]
mod tests;

use crate::play::PlayConfig;
use anyhow::Result;
use app::App;
use draw::draw;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::crossterm::{cursor, execute, terminal};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};
use tapis_table::GameId;

/// The smallest screen drawn; below it, a sentence asks for a larger window.
const MIN_WIDTH: u16 = 60;
const MIN_HEIGHT: u16 = 18;
/// How long the loop waits for a key when nothing is due (a resize wakes it anyway; a signal
/// is noticed at the latest then).
const IDLE: Duration = Duration::from_millis(200);
/// How often a bot's answer is looked for once its move is due.
const THINKING_POLL_MS: u64 = 20;

/// Plays a match on the full-screen table; returns when the person quits. The record is saved
/// with `config.save`, and the result is printed once the terminal is back to normal.
pub fn play_fullscreen(game: GameId, config: &PlayConfig) -> Result<()> {
    #[allow(clippy::disallowed_methods)] // the terminal gives the table its time; the table never reads it
    let start = Instant::now();
    let mut app = App::new(game, config, 0)?;
    watch_signals()?;
    {
        let _screen = Screen::enter()?;
        let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        run(&mut app, &mut terminal, start, config.save.as_deref())?;
    }
    // The record first: after a hangup there is no terminal left to write the farewell to.
    if let Some(path) = &config.save {
        let json = crate::play::record_text(&app.table, app.hints)?;
        std::fs::write(path, json).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    let mut out = io::stdout();
    write!(out, "{}", app.farewell())?;
    if let Some(path) = &config.save {
        writeln!(out, "{} {}", app.lang.pick("Partie enregistrée dans", "Record saved to"), path.display())?;
    }
    out.flush()?;
    match SIGNALLED.load(Ordering::SeqCst) {
        0 => Ok(()),
        // Ended by a signal: the status says so, as a shell expects (128 + its number).
        signal => std::process::exit(128 + signal),
    }
}

/// The signal (SIGTERM, SIGHUP, SIGINT) that asked the screen to close, 0 before any.
static SIGNALLED: AtomicI32 = AtomicI32::new(0);

/// The record's file and the record at the table's last change, for a signal's fallback to
/// save when the screen's thread cannot (with `--save`).
static PENDING_SAVE: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

/// How long a signal waits for the screen's loop to close before closing things itself.
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// Turns SIGTERM, SIGHUP and SIGINT into a request to close the screen, answered by the loop
/// within [`IDLE`]: the terminal is put back and the record saved as on `q`, and the status says
/// which signal it was. A loop that does not answer within [`SIGNAL_GRACE`] — after a hangup,
/// crossterm 0.29 reads the vanished terminal's end of file forever, inside its `poll` — or a
/// second signal, and this thread puts the terminal back, saves the record and exits itself.
/// (In raw mode Ctrl-C is a key, not SIGINT.)
fn watch_signals() -> Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        let Some(signal) = signals.forever().next() else { return };
        SIGNALLED.store(signal, Ordering::SeqCst);
        let step = Duration::from_millis(50);
        let mut waited = Duration::ZERO;
        while waited < SIGNAL_GRACE && signals.pending().next().is_none() {
            std::thread::sleep(step);
            waited += step;
        }
        restore();
        // Nothing more reaches the terminal from the screen's thread before the exit.
        let _hold = io::stdout().lock();
        if let Some((path, json)) = PENDING_SAVE.lock().ok().and_then(|mut saved| saved.take()) {
            let _ = std::fs::write(path, json);
        }
        std::process::exit(128 + signal);
    })?;
    Ok(())
}

fn run(
    app: &mut App,
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    start: Instant,
    save: Option<&Path>,
) -> Result<()> {
    let now = || start.elapsed().as_millis() as u64;
    let mut saved = None;
    loop {
        app.advance(now());
        if let Some(path) = save
            && saved != Some(app.seen)
        {
            saved = Some(app.seen);
            let json = crate::play::record_text(&app.table, app.hints)?;
            if let Ok(mut pending) = PENDING_SAVE.lock() {
                *pending = Some((path.to_path_buf(), json));
            }
        }
        terminal.draw(|frame| draw(frame, app))?;
        if app.quit || SIGNALLED.load(Ordering::SeqCst) != 0 {
            return Ok(());
        }
        if app.failed {
            return Err(anyhow::anyhow!("a bot stopped without choosing its move; the match cannot go on"));
        }
        let wait = app.wait(now()).map_or(IDLE, |ms| Duration::from_millis(ms).min(IDLE));
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) if key.kind == KeyEventKind::Press => app.key(key, now()),
                // A resize (or anything else) is answered by the next draw.
                _ => {}
            }
        }
    }
}

/// The terminal in raw mode on the alternate screen, put back when this is dropped: on return,
/// on an error, and during a panic (whose message the hook prints after putting it back).
struct Screen;

impl Screen {
    fn enter() -> Result<Screen> {
        terminal::enable_raw_mode()?;
        ON_SCREEN.store(true, Ordering::SeqCst);
        let screen = Screen;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        // Cleared here rather than by `Terminal::clear`, which asks the terminal where its cursor
        // is and fails after two seconds where nothing answers.
        execute!(
            io::stdout(),
            terminal::EnterAlternateScreen,
            cursor::Hide,
            terminal::Clear(terminal::ClearType::All)
        )?;
        Ok(screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Whether the terminal is ours, so that it is put back once: leaving the alternate screen twice
/// would move the cursor back over what was printed in between (a panic's message).
static ON_SCREEN: AtomicBool = AtomicBool::new(false);

fn restore() {
    if !ON_SCREEN.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = terminal::disable_raw_mode();
    // Locked, so that these come after a frame being drawn on another thread, not inside it.
    let _ = execute!(io::stdout().lock(), terminal::LeaveAlternateScreen, cursor::Show);
}
