//! `tapis play` on a terminal: the full-screen table (ratatui on crossterm).
//!
//! The screen is drawn from the person's client view (`Table::client_view`, documented in
//! `docs/client-view.md`), never from the match itself:
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
//! Bots play in real time, [`BOT_DELAY_MS`] after the table last changed and at their level's
//! pace in a reaction window, as in the line mode (`play.rs`): the loop waits for a key until the
//! next move by itself is due, then advances the table. The terminal is put back (raw mode off,
//! main screen) on every way out, a panic included.

use crate::play::{BOT_DELAY_MS, PlayConfig, bot_level};
use anyhow::Result;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Cell, Clear, List, ListItem, ListState, Paragraph, Row, Table as Grid};
use ratatui::{Frame, Terminal};
use serde_json::Value;
use std::cell::Cell as Memo;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};
use tapis_core::words::capitalize;
use tapis_core::{FrenchCard, Lang, Rank, Seat, Suit, Words};
use tapis_njet::{Card as NjetCard, Colour};
use tapis_table::{Accepted, Answered, Choice, Controller, GameId, JobAnswer, JobKey, Table, TableSetup, bot_name};

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
        let json = serde_json::to_string_pretty(app.table.current().record())?;
        std::fs::write(path, json).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    let mut out = io::stdout();
    write!(out, "{}", app.farewell())?;
    if let Some(path) = &config.save {
        writeln!(out, "{} {}", app.t("Partie enregistrée dans", "Record saved to"), path.display())?;
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
            let json = serde_json::to_string_pretty(app.table.current().record())?;
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

/// One line of the log.
#[derive(Clone, Debug, PartialEq)]
struct LogLine {
    text: String,
    kind: LogKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LogKind {
    /// What the person did.
    Mine,
    /// What others did, or what happened.
    Told,
    /// A round ended.
    Mark,
}

/// A box over the table, closed by a key.
#[derive(Clone, Debug)]
struct Popup {
    kind: PopupKind,
    title: String,
    lines: Vec<(String, Style)>,
    scroll: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PopupKind {
    Rules,
    Scores,
    /// The settlement of a round, held until a key is pressed.
    RoundEnd,
    MatchEnd,
}

/// Everything the screen shows, and the person's choices in progress.
struct App {
    game: GameId,
    lang: Lang,
    human: Seat,
    table: Table,
    /// The person's client view, and their choices with their words, at `seen`.
    view: Value,
    legal: Vec<Choice>,
    seen: (u32, u64),
    selected: usize,
    /// Digits typed so far.
    typed: String,
    log: Vec<LogLine>,
    /// Log lines scrolled back from the newest.
    log_back: usize,
    /// The most `log_back` can be at the last draw.
    log_max: Memo<usize>,
    popups: VecDeque<Popup>,
    /// The most the front popup can scroll at the last draw.
    popup_max: Memo<usize>,
    /// A sentence for the footer, and whether it is an error.
    note: Option<(String, bool)>,
    confirm_quit: bool,
    quit: bool,
    /// The table's next move by itself (a bot's, or the turn clock's), being worked out on its
    /// own thread so that the screen keeps answering while a bot searches.
    thinking: Option<Thinking>,
    /// Its answer, kept until the move is due.
    answered: Option<JobAnswer>,
    /// At the last `advance`, a bot's move was due and its answer had not come yet.
    late: bool,
    /// A bot's thread ended without answering: the match cannot go on.
    failed: bool,
}

/// A job of the table's on its thread: where the table stood when it was taken (the answer is
/// applied only to a table still standing there, so that a person's move made meanwhile, or a
/// pause, makes it stale), and where its answer comes.
struct Thinking {
    key: JobKey,
    answer: Receiver<JobAnswer>,
}

impl App {
    fn new(game: GameId, config: &PlayConfig, now: u64) -> Result<App> {
        let players = config.request.players;
        let human = config.human;
        let setup = TableSetup {
            game,
            request: config.request.clone(),
            controllers: (0..players)
                .map(|i| if i == human.index() { Controller::Person } else { Controller::Bot(config.bots[i]) })
                .collect(),
            bot_delay_ms: BOT_DELAY_MS,
            turn_clock_ms: None,
            names: (0..players)
                .map(|i| if i == human.index() { config.name.clone() } else { bot_name(Seat(i as u8)).to_string() })
                .collect(),
            reader: Some(human),
        };
        let mut table = Table::new(setup, now).map_err(|e| crate::exit::usage(e.message(config.lang)))?;
        table.set_auto_forced(human, !config.confirm_forced);
        let mut app = App {
            game,
            lang: config.lang,
            human,
            table,
            view: Value::Null,
            legal: Vec::new(),
            seen: (0, u64::MAX),
            selected: 0,
            typed: String::new(),
            log: Vec::new(),
            log_back: 0,
            log_max: Memo::new(0),
            popups: VecDeque::new(),
            popup_max: Memo::new(0),
            note: None,
            confirm_quit: false,
            quit: false,
            thinking: None,
            answered: None,
            late: false,
            failed: false,
        };
        let seed = config.request.seed;
        let intro = match app.lang {
            Lang::Fr => format!("{} — {players} joueurs, graine {seed}. Bonne partie !", game.name()),
            Lang::En => format!("{} — {players} players, seed {seed}. Have a good game!", game.name()),
        };
        app.log.push(LogLine { text: intro.replace(" !", "\u{a0}!"), kind: LogKind::Mark });
        app.refresh();
        Ok(app)
    }

    fn t(&self, fr: &'static str, en: &'static str) -> &'static str {
        self.lang.pick(fr, en)
    }

    fn words(&self) -> Words<'_> {
        self.table.words(self.lang)
    }

    /// Bots and popups stop the table: nothing happens behind a round's settlement.
    fn paused(&self) -> bool {
        !self.popups.is_empty()
    }

    /// Makes the moves due by `now`, one by one, stopping at the end of a round (the person's
    /// only move among them, once its notice has been shown).
    ///
    /// The table's next move by itself is worked out on a thread ([`Table::job`]) as soon as
    /// one is due to come, and handed back to the table when it is due and has come; meanwhile
    /// `late` says that a bot is still thinking.
    fn advance(&mut self, now: u64) {
        self.late = false;
        while !self.paused() && !self.failed {
            let Some(key) = self.table.job_key() else { break };
            self.collect();
            // An answer for a table that has moved on since is dropped.
            match self.answered.take().filter(|answer| answer.key() == key) {
                Some(answer) => match self.table.answer(answer, now) {
                    Answered::Made(accepted) => self.take(accepted),
                    Answered::Passed | Answered::Stale => {}
                    Answered::Early(answer) => {
                        self.answered = Some(answer);
                        break;
                    }
                },
                None => {
                    if self.thinking.as_ref().is_none_or(|t| t.key != key) {
                        self.think();
                    }
                    if self.answered.is_none() {
                        self.late = key.at <= now;
                        break;
                    }
                }
            }
        }
        self.refresh();
    }

    /// [`App::advance`], waiting for the bots' answers to the moves due by `now` (tests, which
    /// wait for them instead of drawing meanwhile).
    #[cfg(test)]
    fn settle(&mut self, now: u64) {
        loop {
            self.advance(now);
            match &self.thinking {
                Some(thinking) if self.late => {
                    self.answered = Some(thinking.answer.recv().expect("the bot answers"));
                    self.thinking = None;
                }
                _ => return,
            }
        }
    }

    /// Works the table's next move out on a thread of its own. One thread at a time: a search
    /// for a table that has moved on cannot be stopped midway, so the next one waits until it
    /// ends ([`App::collect`] then drops its answer); otherwise quick keys at a slow bot would
    /// pile up searches, each taking a core.
    fn think(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        let Some(job) = self.table.job() else { return };
        if !job.asks_bots() {
            // The person's only move, or the turn clock's heuristic: instant.
            self.answered = Some(job.run());
            return;
        }
        let key = job.key();
        let (send, answer) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("bot".into()).spawn(move || {
            // The screen may have quit, or moved on, meanwhile: nobody to tell then.
            let _ = send.send(job.run());
        });
        match spawned {
            Ok(_) => self.thinking = Some(Thinking { key, answer }),
            Err(_) => self.failed = true,
        }
    }

    /// Takes the answer of the job on its thread if it has come.
    fn collect(&mut self) {
        let Some(thinking) = &self.thinking else { return };
        match thinking.answer.try_recv() {
            Ok(answer) => self.answered = Some(answer),
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => self.failed = true,
        }
        self.thinking = None;
    }

    /// The bots that may act now, as a sentence's subject: « Ada réfléchit… » /
    /// "Ada is thinking…".
    fn thinking_text(&self) -> String {
        let controllers = &self.table.setup().controllers;
        let bots: Vec<Seat> = self
            .table
            .current()
            .status()
            .actors
            .iter()
            .filter(|s| matches!(controllers.get(s.index()), Some(Controller::Bot(_))))
            .collect();
        let who = self.words().list(bots.iter().copied());
        match (self.lang, bots.len()) {
            (Lang::Fr, 1) => format!("{who} réfléchit…"),
            (Lang::Fr, _) => format!("{who} réfléchissent…"),
            (Lang::En, 1) => format!("{who} is thinking…"),
            (Lang::En, _) => format!("{who} are thinking…"),
        }
    }

    /// How long until something is due, if anything is (nothing while a popup holds the table).
    /// While a bot thinks past its move's time, its answer is looked for every
    /// [`THINKING_POLL_MS`].
    fn wait(&self, now: u64) -> Option<u64> {
        if self.paused() || self.failed {
            return None;
        }
        self.table.due().map(|due| if due <= now { THINKING_POLL_MS } else { due - now })
    }

    /// The client view and the choices again, when the match moved.
    fn refresh(&mut self) {
        let seen = (self.table.match_no(), self.table.seq());
        if seen == self.seen {
            return;
        }
        let kept = self.legal.get(self.selected).map(|l| l.actions.clone());
        self.seen = seen;
        self.view = self.table.client_view(Some(self.human));
        self.legal = self.table.choices(self.human);
        self.selected = kept.and_then(|a| self.legal.iter().position(|l| l.actions == a)).unwrap_or(0);
        self.typed.clear();
        if self.note.as_ref().is_some_and(|(_, error)| !error) {
            self.note = None;
        }
        if self.table.forced(self.human).is_some() {
            let words = self.legal[0].words(self.lang);
            let notice = match self.lang {
                Lang::Fr => format!("Seul coup possible, joué pour vous\u{a0}: {words}"),
                Lang::En => format!("Only one move, played for you: {words}"),
            };
            self.note = Some((notice, false));
        }
    }

    /// An accepted action: what the person is told of it goes to the log, and the end of a
    /// round or of the match to a popup.
    fn take(&mut self, accepted: Accepted) {
        let told = told_lines(&self.table, &accepted, self.human, self.lang);
        let kind = if accepted.seat == self.human { LogKind::Mine } else { LogKind::Told };
        self.log.extend(told.iter().map(|text| LogLine { text: text.clone(), kind }));
        self.log_back = 0;
        if let Some(summary) = &accepted.round_over {
            let mark = match self.lang {
                Lang::Fr => format!("── Manche {} terminée ──", summary.round),
                Lang::En => format!("── Round {} over ──", summary.round),
            };
            self.log.push(LogLine { text: mark, kind: LogKind::Mark });
            let popup = self.round_popup(&told, &summary.change, &summary.scores_after, summary.round);
            self.popups.push_back(popup);
        }
    }

    fn round_popup(&self, told: &[String], change: &[i64], after: &[i64], round: u32) -> Popup {
        let over = self.table.is_over();
        let words = self.words();
        let mut lines: Vec<(String, Style)> = told.iter().map(|t| (t.clone(), Style::new())).collect();
        lines.push((String::new(), Style::new()));
        let status = self.table.current().status();
        let width = (0..after.len()).map(|i| words.name_of(Seat(i as u8)).chars().count()).max().unwrap_or(0);
        for (i, (delta, total)) in change.iter().zip(after).enumerate() {
            let seat = Seat(i as u8);
            let name = words.name_of(seat);
            let won = over && status.winners.contains(seat);
            let mark = if won { self.t("  ← gagnant", "  ← winner") } else { "" };
            let style = if seat == self.human { Style::new().add_modifier(Modifier::BOLD) } else { Style::new() };
            lines.push((format!("  {name:<width$}  {:>5}  → {total:>5}{mark}", signed(*delta)), style));
        }
        let (title, kind) = if over {
            lines.push((String::new(), Style::new()));
            let verdict = if status.winners.contains(self.human) {
                self.t("Vous avez gagné\u{a0}!", "You won!")
            } else {
                self.t("Vous avez perdu.", "You lost.")
            };
            lines.push((verdict.to_string(), Style::new().add_modifier(Modifier::BOLD).fg(Color::Yellow)));
            (self.t("Fin de la partie", "End of the match").to_string(), PopupKind::MatchEnd)
        } else {
            let title = match self.lang {
                Lang::Fr => format!("Fin de la manche {round}"),
                Lang::En => format!("End of round {round}"),
            };
            (title, PopupKind::RoundEnd)
        };
        Popup { kind, title, lines, scroll: 0 }
    }

    fn text_popup(&self, kind: PopupKind, title: &str, text: &str) -> Popup {
        Popup {
            kind,
            title: title.to_string(),
            lines: text.lines().map(|l| (l.to_string(), Style::new())).collect(),
            scroll: 0,
        }
    }

    /// The score sheet, round by round, as a popup.
    fn scores_popup(&self) -> Popup {
        let words = self.words();
        let players = self.table.current().players();
        let names: Vec<String> = (0..players).map(|i| words.name_of(Seat(i as u8))).collect();
        let col = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).clamp(5, 10) + 2;
        let head = |s: &str| format!("{s:>col$}", s = s.chars().take(col - 2).collect::<String>());
        let mut lines = Vec::new();
        let header: String = names.iter().map(|n| head(n)).collect();
        lines.push((format!("{:<8}{header}", self.t("Manche", "Round")), Style::new().add_modifier(Modifier::BOLD)));
        for round in self.table.rounds() {
            let cells: String = round.change.iter().map(|c| format!("{:>col$}", signed(*c))).collect();
            lines.push((format!("{:<8}{cells}", round.round), Style::new()));
        }
        let totals: String = self.table.current().scores().iter().map(|s| format!("{s:>col$}")).collect();
        lines.push((format!("{:<8}{totals}", self.t("Total", "Total")), Style::new().add_modifier(Modifier::BOLD)));
        Popup { kind: PopupKind::Scores, title: self.t("Feuille de marque", "Score sheet").into(), lines, scroll: 0 }
    }

    /// A key pressed at `now`.
    fn key(&mut self, key: KeyEvent, now: u64) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'd')) {
            self.quit = true;
            return;
        }
        if !self.popups.is_empty() {
            self.popup_key(key, now);
            return;
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            self.note = None;
            if matches!(key.code, KeyCode::Char('q' | 'o' | 'y' | 'O' | 'Y')) {
                self.quit = true;
            }
            return;
        }
        self.note = None;
        let count = self.legal.len();
        match key.code {
            KeyCode::Char('q') => {
                if self.table.is_over() {
                    self.quit = true;
                } else {
                    self.confirm_quit = true;
                    let ask = self.t(
                        "Quitter la partie\u{a0}? q ou o pour quitter, une autre touche pour rester.",
                        "Quit the match? q or y to quit, any other key to stay.",
                    );
                    self.note = Some((ask.into(), true));
                }
            }
            KeyCode::Char('?' | 'r') | KeyCode::F(1) => {
                let title = format!("{} — {}", self.game.name(), self.t("règles", "rules"));
                let popup = self.text_popup(PopupKind::Rules, &title, &reflow(self.game.rules_text(self.lang)));
                self.popups.push_front(popup);
            }
            KeyCode::Char('s') => {
                let popup = self.scores_popup();
                self.popups.push_front(popup);
            }
            KeyCode::Up | KeyCode::Char('k') if count > 0 => self.selected = (self.selected + count - 1) % count,
            KeyCode::Down | KeyCode::Char('j') if count > 0 => self.selected = (self.selected + 1) % count,
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.selected = count.saturating_sub(1),
            KeyCode::PageUp => self.log_back = (self.log_back + 5).min(self.log_max.get()),
            KeyCode::PageDown => self.log_back = self.log_back.saturating_sub(5),
            KeyCode::Esc | KeyCode::Backspace => self.typed.clear(),
            KeyCode::Enter | KeyCode::Char(' ') => self.submit(self.selected, now),
            KeyCode::Char(digit @ '0'..='9') => self.digit(digit, now),
            _ => {}
        }
    }

    /// A digit: the choice of that number is selected, and played as soon as no further digit
    /// could make another choice (with 12 choices, `1` waits for a second digit or Enter).
    fn digit(&mut self, digit: char, now: u64) {
        let count = self.legal.len();
        if count == 0 {
            self.not_your_move();
            return;
        }
        self.typed.push(digit);
        match self.typed.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => {
                self.selected = n - 1;
                if n * 10 > count {
                    self.submit(n - 1, now);
                }
            }
            _ => {
                let message = match self.lang {
                    Lang::Fr => format!("Choisissez un numéro entre 1 et {count}."),
                    Lang::En => format!("Choose a number from 1 to {count}."),
                };
                self.note = Some((message, true));
                self.typed.clear();
            }
        }
    }

    /// A key pressed while others are to act. It is not a mistake, only early: the note says who
    /// is awaited, in plain text rather than on red, and goes once they have played.
    fn not_your_move(&mut self) {
        let who = self.words().list(self.table.current().status().actors.iter());
        let text = match self.lang {
            Lang::Fr => format!("Pas encore à vous\u{a0}: on attend {who}."),
            Lang::En => format!("Not your move yet: waiting for {who}."),
        };
        self.note = Some((text, false));
    }

    fn submit(&mut self, index: usize, now: u64) {
        self.typed.clear();
        let Some(choice) = self.legal.get(index) else {
            if self.legal.is_empty() && !self.table.is_over() {
                self.not_your_move();
            }
            return;
        };
        // A card and the UNIQUE said with it go one after the other, nothing between.
        for (i, action) in choice.actions.clone().iter().enumerate() {
            match self.table.submit(self.human, self.seen.1 + i as u64, action, now) {
                Ok(accepted) => self.take(accepted),
                Err(e) => {
                    self.note = Some((self.table.refusal(&e, self.human, self.lang), true));
                    break;
                }
            }
        }
        self.refresh();
    }

    fn popup_key(&mut self, key: KeyEvent, now: u64) {
        let Some(popup) = self.popups.front_mut() else { return };
        let max = self.popup_max.get();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => popup.scroll = popup.scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => popup.scroll = (popup.scroll + 1).min(max),
            KeyCode::PageUp => popup.scroll = popup.scroll.saturating_sub(10),
            KeyCode::PageDown => popup.scroll = (popup.scroll + 10).min(max),
            KeyCode::Home => popup.scroll = 0,
            KeyCode::End => popup.scroll = max,
            KeyCode::Char('q') if popup.kind == PopupKind::MatchEnd => self.quit = true,
            _ => {
                self.popups.pop_front();
                if self.popups.is_empty() {
                    // Bots, windows and the person's only move count from now, not from before
                    // the pause.
                    self.table.touch(now);
                }
            }
        }
    }

    /// What stays on the terminal once the screen is closed: the scores and the verdict.
    fn farewell(&self) -> String {
        let words = self.words();
        let status = self.table.current().status();
        let end = if status.over {
            self.t("fin de la partie", "end of the match")
        } else {
            self.t("partie abandonnée", "match abandoned")
        };
        let seed = self.table.setup().request.seed;
        let mut text = format!("{} — {end} ({} {seed})\n", self.game.name(), self.t("graine", "seed"));
        for (i, score) in status.scores.iter().enumerate() {
            let seat = Seat(i as u8);
            let mark =
                if status.over && status.winners.contains(seat) { self.t("  ← gagnant", "  ← winner") } else { "" };
            text += &format!("  {:<16} {score}{mark}\n", words.name_of(seat));
        }
        text
    }
}

/// What the person is told of an accepted action, as `play.rs` tells it: every event they may
/// know, and their own action in words when it made no event.
fn told_lines(table: &Table, accepted: &Accepted, human: Seat, lang: Lang) -> Vec<String> {
    let told = accepted.told_to(Some(human));
    let mut lines = Vec::new();
    if accepted.seat == human && told.iter().all(|e| e.text(lang).is_empty()) {
        lines.push(capitalize(&table.current().describe_action(&accepted.action, &table.words(lang))));
    }
    lines.extend(told.iter().map(|e| e.text(lang).to_string()).filter(|t| !t.is_empty()));
    lines
}

fn signed(n: i64) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

// ---------------------------------------------------------------------------------------------
// Cards and words

/// The cards of the hand an action uses, in notation: the words after its verb, except in
/// Battle GUM, where `give <seat>`, `reveal <position>` and `take <face-up card>` name no card of
/// the hand and `swap <hand card> <face-up card>` names one, and in Njet's `njet <row> <cell>`.
fn action_cards(game: GameId, action: &str) -> Vec<&str> {
    let mut words = action.split_whitespace();
    let verb = words.next().unwrap_or("");
    match (game, verb) {
        (GameId::Gum, "give" | "reveal" | "take") | (GameId::Njet, "njet") => Vec::new(),
        (GameId::Gum, "swap") => words.take(1).collect(),
        _ => words.collect(),
    }
}

/// Whether some legal action plays (or gives, or lays aside) this card of the hand.
fn playable(game: GameId, card: &str, legal: &[Choice]) -> bool {
    legal.iter().any(|l| action_cards(game, l.action()).iter().any(|c| c.eq_ignore_ascii_case(card)))
}

/// The games whose cards are the French deck's (`7H`, `TS`, `X`).
fn french_cards(game: GameId) -> bool {
    matches!(game, GameId::Nantais | GameId::NainJaune | GameId::CrazyEights)
}

const RED: Color = Color::Red;

/// A card as people read it, in its colour: `7H` → « 7♥ » in red, `QS` → « D♠ » in French.
fn card_span(game: GameId, words: &Words, card: &str) -> Span<'static> {
    if french_cards(game) {
        return match card.parse::<FrenchCard>() {
            Ok(c) => {
                let red = matches!(c.suit(), Some(Suit::Hearts | Suit::Diamonds));
                let style = match c.suit() {
                    None => Style::new().fg(Color::Magenta),
                    Some(_) if red => Style::new().fg(RED),
                    Some(_) => Style::new(),
                };
                Span::styled(words.card(c), style)
            }
            Err(_) => Span::raw(card.to_string()),
        };
    }
    match game {
        GameId::Njet => match card.parse::<NjetCard>() {
            Ok(c) => Span::styled(njet_card_words(c, words.lang), colour_style(c.colour())),
            Err(_) => Span::raw(card.to_string()),
        },
        GameId::Gum if card == "00" => Span::styled("Ninja", Style::new().fg(Color::Magenta)),
        GameId::NurMut if card.starts_with('J') => Span::styled(card.to_string(), Style::new().fg(Color::Magenta)),
        _ => Span::raw(card.to_string()),
    }
}

/// A Njet card as people say it, without article: « 7 rouge » / "red 7" (as the game's texts
/// write it; its notation letters `R B K G` are only what one types).
fn njet_card_words(card: NjetCard, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{} {}", card.value(), colour_name(lang, card.colour())),
        Lang::En => format!("{} {}", colour_name(lang, card.colour()), card.value()),
    }
}

/// Njet's colours on screen; black is the terminal's own colour, in bold.
fn colour_style(colour: Colour) -> Style {
    match colour {
        Colour::Red => Style::new().fg(RED),
        Colour::Blue => Style::new().fg(Color::LightBlue),
        Colour::Green => Style::new().fg(Color::Green),
        Colour::Black => Style::new().add_modifier(Modifier::BOLD),
    }
}

fn colour_name(lang: Lang, colour: Colour) -> &'static str {
    lang.pick(colour.name_fr(), colour.name_en())
}

/// A colour of Njet's board or conditions, given by its letter (`none` for no super-trumps).
fn colour_letter(lang: Lang, letter: &str) -> Span<'static> {
    match letter.chars().next().filter(|_| letter.len() == 1).and_then(Colour::from_letter) {
        Some(colour) => Span::styled(colour_name(lang, colour), colour_style(colour)),
        None => raw(lang.pick("aucun", "none")),
    }
}

/// Njet cards colour by colour, the values after their colour, as the game's texts write a
/// hand: « rouge 1 1 7 ; noir 3 » / "red 1 1 7; black 3".
fn njet_cards(lang: Lang, cards: &[NjetCard]) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for colour in Colour::ALL {
        let values: Vec<String> =
            cards.iter().filter(|c| c.colour() == colour).map(|c| c.value().to_string()).collect();
        if values.is_empty() {
            continue;
        }
        if !spans.is_empty() {
            spans.push(raw(lang.pick("\u{a0}; ", "; ")));
        }
        spans.push(Span::styled(format!("{} {}", colour_name(lang, colour), values.join(" ")), colour_style(colour)));
    }
    spans
}

/// A line of text with the cards of hearts and diamonds in red (the games' sentences write
/// cards as « 7♥ »), and in Njet the colours' names in their colours (« le 7 rouge »).
fn rich(game: GameId, text: &str, base: Style) -> Line<'static> {
    let mut spans = Vec::new();
    let mut plain = String::new();
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            plain.push(' ');
        }
        let style = if word.contains(['♥', '♦']) {
            Some(base.fg(RED))
        } else if game == GameId::Njet {
            named_colour(word).map(|c| base.patch(colour_style(c)))
        } else {
            None
        };
        if let Some(style) = style {
            if !plain.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut plain), base));
            }
            spans.push(Span::styled(word.to_string(), style));
        } else {
            plain.push_str(word);
        }
    }
    if !plain.is_empty() {
        spans.push(Span::styled(plain, base));
    }
    Line::from(spans)
}

/// The Njet colour a word of a sentence names, in either language, singular or plural, its
/// punctuation aside: « rouges, » is red.
fn named_colour(word: &str) -> Option<Colour> {
    let word = word.trim_matches(|c: char| !c.is_alphabetic());
    let word = word.strip_suffix('s').unwrap_or(word);
    Colour::ALL.into_iter().find(|c| word == c.name_fr() || word == c.name_en())
}

/// Joins the lines of a text wrapped for a wide terminal back into paragraphs, so that they can
/// be wrapped again to the popup's width. A line as wide as a wrapped one (80 columns or more)
/// goes on in the next unless it ends a sentence there, or the next is blank, a list item, or
/// indented as the start of an indented item (the next item).
fn reflow(text: &str) -> String {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut out: Vec<String> = Vec::new();
    let mut previous = "";
    let mut start = 0;
    for line in text.lines() {
        let next = line.trim_start();
        let item = ["- ", "• ", "* "].iter().any(|b| next.starts_with(b)) || (start > 0 && indent(line) == start);
        let sentence_ended =
            previous.trim_end().ends_with(['.', '!', '?', ':', '»']) && !next.starts_with(char::is_lowercase);
        match out.last_mut() {
            Some(last) if width(previous) >= 80 && !next.is_empty() && !item && !sentence_ended => {
                last.push(' ');
                last.push_str(next);
            }
            _ => {
                out.push(line.to_string());
                start = indent(line);
            }
        }
        previous = line;
    }
    out.join("\n")
}

/// Cuts a line of spans into lines of at most `max` columns after its spaces (a card, or a card
/// and its count joined by a no-break space, is never cut); continuations are indented.
fn wrap_spans(line: Line<'static>, max: usize) -> Vec<Line<'static>> {
    if line.width() <= max {
        return vec![line];
    }
    // Words: pieces of spans up to a space, with their styles.
    let mut words: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    for span in line.spans {
        let mut rest = span.content.as_ref();
        while !rest.is_empty() {
            let at = rest.find(' ').map_or(rest.len(), |i| i + 1);
            words.last_mut().expect("never empty").push(Span::styled(rest[..at].to_string(), span.style));
            if rest[..at].ends_with(' ') {
                words.push(Vec::new());
            }
            rest = &rest[at..];
        }
    }
    let mut lines = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for word in words {
        let text: String = word.iter().map(|s| s.content.as_ref()).collect();
        if used + width(text.trim_end()) > max && !current.is_empty() {
            lines.push(Line::from(std::mem::take(&mut current)));
            current.push(raw("  "));
            used = 2;
            if text.trim().is_empty() {
                continue;
            }
        }
        used += width(&text);
        current.extend(word);
    }
    if !current.is_empty() {
        lines.push(Line::from(current));
    }
    lines
}

fn width(text: &str) -> usize {
    Span::raw(text).width()
}

/// Cuts a paragraph into lines of at most `max` columns at spaces; a line's continuation keeps
/// its indentation (and a list item's, after `- `).
fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(8);
    if width(text) <= max {
        return vec![text.to_string()];
    }
    let lead = text.len() - text.trim_start().len();
    let bullet = if text.trim_start().starts_with("- ") || text.trim_start().starts_with("• ") { 2 } else { 0 };
    let indent = " ".repeat((lead + bullet).min(max / 2));
    let mut lines = Vec::new();
    let mut line = text[..lead].to_string();
    for word in text.trim_start().split(' ') {
        let room = max.saturating_sub(width(&line));
        let sep = usize::from(!line.trim().is_empty());
        if width(word) + sep > room && !line.trim().is_empty() {
            lines.push(std::mem::replace(&mut line, indent.clone()));
        } else if sep == 1 {
            line.push(' ');
        }
        let mut rest = word;
        while width(&line) + width(rest) > max {
            let room = max - width(&line);
            let cut = rest.char_indices().nth(room.max(1)).map_or(rest.len(), |(i, _)| i);
            line.push_str(&rest[..cut]);
            lines.push(std::mem::replace(&mut line, indent.clone()));
            rest = &rest[cut..];
        }
        line.push_str(rest);
    }
    if !line.trim().is_empty() {
        lines.push(line);
    }
    lines
}

/// Pens the game's fields in the reader's language.
struct Pen<'a> {
    game: GameId,
    lang: Lang,
    words: Words<'a>,
}

impl Pen<'_> {
    fn t(&self, fr: &'static str, en: &'static str) -> &'static str {
        self.lang.pick(fr, en)
    }

    /// A label and its value: « Pioche : » in French typography, "Stock: " in English.
    fn field(&self, fr: &str, en: &str, mut value: Vec<Span<'static>>) -> Line<'static> {
        let label = match self.lang {
            Lang::Fr => format!("{fr}\u{a0}: "),
            Lang::En => format!("{en}: "),
        };
        value.insert(0, Span::styled(label, Style::new().fg(Color::DarkGray)));
        Line::from(value)
    }

    fn card(&self, card: &Value) -> Span<'static> {
        card_span(self.game, &self.words, card.as_str().unwrap_or("?"))
    }

    /// Cards separated by spaces, at most `max` of them (then « … +3 »).
    fn cards(&self, cards: &Value, max: usize) -> Vec<Span<'static>> {
        let list = cards.as_array().map(Vec::as_slice).unwrap_or_default();
        if self.game == GameId::Njet && !list.is_empty() {
            let parsed: Option<Vec<NjetCard>> = list.iter().map(|c| c.as_str().and_then(|c| c.parse().ok())).collect();
            if let Some(parsed) = parsed {
                return njet_cards(self.lang, &parsed);
            }
        }
        let mut spans = Vec::new();
        for (i, card) in list.iter().take(max).enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            spans.push(self.card(card));
        }
        if list.len() > max {
            spans.push(Span::styled(format!(" … +{}", list.len() - max), Style::new().fg(Color::DarkGray)));
        }
        if list.is_empty() {
            spans.push(Span::styled("—", Style::new().fg(Color::DarkGray)));
        }
        spans
    }

    fn suit(&self, letter: &Value) -> Span<'static> {
        match letter.as_str().and_then(|s| s.chars().next()).and_then(Suit::from_letter) {
            Some(suit) => {
                let style =
                    if matches!(suit, Suit::Hearts | Suit::Diamonds) { Style::new().fg(RED) } else { Style::new() };
                Span::styled(format!("{} {}", suit.symbol(), self.words.suit(suit)), style)
            }
            None => Span::raw("?"),
        }
    }

    fn rank(&self, letter: &Value) -> String {
        match letter.as_str().and_then(|s| s.parse::<Rank>().ok()) {
            Some(rank) => self.words.rank(rank).to_string(),
            None => letter.as_str().unwrap_or("?").to_string(),
        }
    }

    fn who(&self, seat: &Value) -> String {
        match seat.as_u64() {
            Some(s) => self.words.who(Seat(s as u8)),
            None => "?".into(),
        }
    }

    fn cards_count(&self, n: &Value) -> String {
        self.words.cards(n.as_i64().unwrap_or(0))
    }
}

fn raw(text: impl Into<String>) -> Span<'static> {
    Span::raw(text.into())
}

fn strong(text: impl Into<String>) -> Span<'static> {
    Span::styled(text.into(), Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD))
}

// ---------------------------------------------------------------------------------------------
// The game's own part of the table

/// The key facts of the game's `table` part, one per line.
fn table_lines(pen: &Pen, view: &Value) -> Vec<Line<'static>> {
    let t = &view["table"];
    match pen.game {
        GameId::Nantais => nantais_lines(pen, t),
        GameId::CrazyEights => crazyeights_lines(pen, t),
        GameId::NainJaune => nainjaune_lines(pen, t),
        GameId::NurMut => nurmut_lines(pen, t),
        GameId::Gum => gum_lines(pen, t),
        GameId::Njet => njet_lines(pen, t),
    }
}

fn nantais_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let discard = t["discard"].as_array().map_or(0, Vec::len);
    let mut lines = vec![
        p.field("Défausse", "Discard", vec![p.card(&t["top"]), raw(format!("  ({})", p.words.cards(discard as i64)))]),
        p.field("Pioche", "Stock", vec![raw(p.cards_count(&t["stock"]))]),
    ];
    let must = &t["must_match"];
    match must["kind"].as_str() {
        Some("suit") => lines.push(p.field("Couleur demandée", "Suit named", vec![p.suit(&must["suit"])])),
        Some("rank") => lines.push(p.field("Rang demandé", "Rank demanded", vec![strong(p.rank(&must["rank"]))])),
        Some("card") => lines.push(p.field("Carte demandée", "Card demanded", vec![p.card(&must["card"])])),
        Some("any") => lines.push(p.field("À jouer", "To play", vec![raw(p.t("n'importe quelle carte", "any card"))])),
        _ => {}
    }
    if let Some(pending) = t["pending"].as_object() {
        let kind = if pending["kind"] == "sevens" { p.t("des 7", "7s") } else { p.t("des Jokers", "Jokers") };
        let text = format!("{} ({kind})", p.cards_count(&pending["cards"]));
        lines.push(p.field("Pénalité", "Penalty", vec![strong(text)]));
    }
    if t["this_turn"].as_array().is_some_and(|a| !a.is_empty()) {
        lines.push(p.field("Ce tour", "This turn", p.cards(&t["this_turn"], 8)));
    }
    if !t["drawn"].is_null() {
        lines.push(p.field("Vous avez pioché", "You drew", vec![p.card(&t["drawn"])]));
    }
    if let Some(dame) = t["dame"].as_object() {
        let mut text = p.who(&dame["giver"]);
        if !dame["target"].is_null() {
            text += &format!(" → {}", p.who(&dame["target"]));
        }
        let mut value = vec![raw(text)];
        if !dame["offered"].is_null() {
            value.push(raw(format!(", {} ", p.t("offre", "offers"))));
            value.push(p.card(&dame["offered"]));
        }
        lines.push(p.field("Dame", "Queen", value));
    }
    for known in t["known"].as_array().into_iter().flatten() {
        lines.push(p.field(&p.who(&known["seat"]), &p.who(&known["seat"]), vec![p.card(&known["card"])]));
    }
    let direction = if t["direction"] == "clockwise" {
        p.t("horaire ↻", "clockwise ↻")
    } else {
        p.t("antihoraire ↺", "anticlockwise ↺")
    };
    lines.push(p.field("Sens", "Direction", vec![raw(direction)]));
    lines
}

fn crazyeights_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut lines = vec![
        p.field(
            "Défausse",
            "Discard",
            vec![p.card(&t["top"]), raw(format!("  ({})", p.words.cards(t["discard"].as_i64().unwrap_or(0) + 1)))],
        ),
        p.field("Couleur", "Suit", vec![p.suit(&t["suit"])]),
        p.field("Pioche", "Stock", vec![raw(p.cards_count(&t["stock"]))]),
    ];
    if t["pending_draw"].as_i64().unwrap_or(0) > 0 {
        lines.push(p.field("À piocher", "To draw", vec![strong(p.cards_count(&t["pending_draw"]))]));
    }
    if t["drawn_this_turn"].as_i64().unwrap_or(0) > 0 {
        let text = format!("{} / {}", t["drawn_this_turn"], t["draw_limit"]);
        lines.push(p.field("Pioché ce tour", "Drawn this turn", vec![raw(text)]));
    }
    if t["phase"] == "name_suit" {
        lines
            .push(Line::from(strong(p.t("Un 8 : choisir la couleur", "An 8: name the suit").replace(" :", "\u{a0}:"))));
    }
    if t["direction"] != "clockwise" {
        lines.push(p.field("Sens", "Direction", vec![raw(p.t("antihoraire ↺", "counterclockwise ↺"))]));
    }
    lines
}

fn nainjaune_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut board = Vec::new();
    for (i, cell) in t["board"].as_array().into_iter().flatten().enumerate() {
        if i > 0 {
            board.push(raw("  "));
        }
        board.push(p.card(&cell["card"]));
        board.push(Span::styled(format!("\u{a0}{}", cell["chips"]), Style::new().fg(Color::Yellow)));
    }
    let mut lines = vec![p.field("Tableau", "Board", board)];
    let run = t["run"].as_array().map(Vec::as_slice).unwrap_or_default();
    let shown: Vec<Value> = run.iter().rev().take(7).rev().cloned().collect();
    let mut run_spans = if run.len() > shown.len() { vec![raw("… ")] } else { Vec::new() };
    run_spans.extend(p.cards(&Value::Array(shown), 7));
    lines.push(p.field("Suite", "Run", run_spans));
    if !t["next"].is_null() {
        lines.push(p.field("Suivante", "Next", vec![strong(p.rank(&t["next"]))]));
    }
    if let Some(call) = t["call"].as_object() {
        let text = match p.lang {
            Lang::Fr => {
                format!("«\u{a0}Sans {}\u{a0}!\u{a0}» ({})", p.rank(&call["rank"]), p.who(&call["by"]))
            }
            Lang::En => format!("“No {}!” ({})", p.rank(&call["rank"]), p.who(&call["by"])),
        };
        lines.push(p.field("Appel", "Call", vec![strong(text)]));
    }
    if let Some(claim) = t["claim"].as_object() {
        lines.push(p.field("Prise", "Claim", vec![raw(format!("{} ", p.who(&claim["seat"]))), p.card(&claim["cell"])]));
    }
    lines.push(p.field("Écart", "Aside", vec![raw(p.cards_count(&t["aside"]))]));
    lines
}

fn nurmut_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (i, pile) in t["center"].as_array().into_iter().flatten().enumerate() {
        let size = pile["cards"].as_array().map_or(0, Vec::len);
        let label = format!("{} {}", p.t("Tas", "Pile"), i + 1);
        let top = card_span(p.game, &p.words, pile["top"].as_str().unwrap_or("?"));
        let top =
            Span::styled(format!(" {} ", top.content), top.style.add_modifier(Modifier::BOLD | Modifier::REVERSED));
        lines.push(p.field(&label, &label, vec![top, raw(format!("  ({})", p.words.cards(size as i64)))]));
    }
    if let Some(courage) = t["courage"].as_object() {
        let text = format!("{} ", p.who(&courage["seat"]));
        lines.push(p.field("Courage", "Courage", vec![raw(text), p.card(&courage["card"])]));
    }
    if t["forced_courage"] == true {
        lines.push(Line::from(strong(p.t("Courage obligé", "Courage is forced"))));
    }
    let passes = t["passes_in_a_row"].as_i64().unwrap_or(0);
    if passes > 0 {
        lines.push(p.field("Tours sans carte", "Turns without a card", vec![raw(passes.to_string())]));
    }
    lines
}

fn gum_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let pile = t["pile"].as_array().map_or(0, Vec::len);
    let mut spans = p.cards(&t["pile"], 6);
    if let Some(top) = spans.first_mut().filter(|_| pile > 0) {
        top.style = top.style.add_modifier(Modifier::BOLD | Modifier::REVERSED);
    }
    if pile > 0 {
        spans.push(raw(format!("  ({pile})")));
    }
    let mut lines = vec![p.field("Tas", "Pile", spans)];
    let req = &t["requirement"];
    let need = match req["kind"].as_str() {
        Some("at_least") => format!("≥ {}", req["value"]),
        Some("at_most") => format!("≤ {}", req["value"]),
        _ => p.t("n'importe quelle carte", "any card").to_string(),
    };
    lines.push(p.field("À poser", "To lay", vec![strong(need)]));
    lines.push(p.field(
        "Pioche",
        "Stock",
        vec![raw(format!("{}  · {} {}", t["stock"], p.t("brûlées", "burnt"), t["burnt"]))],
    ));
    match t["phase"].as_str() {
        Some("swap") => lines.push(Line::from(strong(p.t("Échanges avant le jeu", "Swapping before play")))),
        Some("give") => lines.push(p.field(
            "13",
            "13",
            vec![raw(format!("{} {}", p.who(&t["giver"]), p.t("donne le tas", "gives the pile")))],
        )),
        Some("target") => {
            let text = format!("{} → {}", p.who(&t["giver"]), p.who(&t["target"]));
            lines.push(p.field("Tas donné", "Pile given", vec![strong(text)]));
        }
        Some("refill") => lines.push(Line::from(raw(
            p.t("Pioche vide\u{a0}: on reprend ses cartes", "Stock empty: refill from the table")
        ))),
        _ => {}
    }
    if !t["completion"].is_null() {
        lines.push(p.field("Paire à compléter", "Pair to complete", vec![p.card(&t["completion"])]));
    }
    if t["free_turn"] == true {
        lines.push(Line::from(strong(p.t("Tour libre", "Free turn"))));
    }
    lines
}

fn njet_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if t["phase"] == "njet" {
        for row in t["board"].as_array().into_iter().flatten() {
            let name = row["row"].as_str().unwrap_or("");
            let label = match name {
                "start" => p.t("Départ", "Start"),
                "discard" => p.t("Écart", "Discard"),
                "trump" => p.t("Atout", "Trump"),
                "super" => p.t("Super", "Super"),
                _ => p.t("Points", "Points"),
            };
            let mut spans = vec![Span::styled(format!("{label:<7}"), Style::new().fg(Color::DarkGray))];
            for cell in row["cells"].as_array().into_iter().flatten() {
                let word = cell["cell"].as_str().unwrap_or("");
                // At three players the fourth seat's cell is covered from the start: there is
                // nobody to name there.
                let absent = word.parse::<usize>().is_ok_and(|seat| seat >= p.words.names.len());
                if name == "start" && absent {
                    continue;
                }
                let (text, style) = match name {
                    "start" => {
                        (short(&p.who(&cell["cell"].as_str().and_then(|s| s.parse::<u64>().ok()).into())), Style::new())
                    }
                    "trump" | "super" => {
                        let span = colour_letter(p.lang, word);
                        (span.content.into_owned(), span.style)
                    }
                    _ => (word.to_string(), Style::new()),
                };
                let style = if cell["covered"] == true {
                    Style::new().fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT)
                } else if row["settled"].as_str() == Some(word) {
                    style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                } else {
                    style
                };
                spans.push(raw(" "));
                spans.push(Span::styled(text, style));
            }
            lines.push(Line::from(spans));
        }
        lines.push(p.field("Pierres à poser", "Stones left", vec![raw(t["stones_left"].to_string())]));
        return lines;
    }
    let c = &t["conditions"];
    if c.is_object() {
        let mut spans = vec![colour_letter(p.lang, c["trump"].as_str().unwrap_or(""))];
        // The super-trumps are the two 1s of a colour, said as the game says them: « les 1
        // rouges », "the red 1s".
        match c["super_trump"].as_str().and_then(|s| s.chars().next()).and_then(Colour::from_letter) {
            Some(colour) => {
                let ones = match p.lang {
                    Lang::Fr => format!("les 1 {}s", colour.name_fr()),
                    Lang::En => format!("the {} 1s", colour.name_en()),
                };
                spans.push(raw(p.t(" · super-atouts\u{a0}: ", " · super-trumps: ")));
                spans.push(Span::styled(ones, colour_style(colour)));
            }
            None => spans.push(raw(p.t(" · pas de super-atout", " · no super-trumps"))),
        }
        lines.push(p.field("Atout", "Trumps", spans));
        let start = Seat(c["start"].as_u64().unwrap_or(0) as u8);
        let starts = p.words.says(start, "commence", "commencez", "starts", "start");
        let text = match p.lang {
            Lang::Fr => format!("{} par pli · écart {} · {starts}", c["points"], c["discard"]),
            Lang::En => format!("{} a trick · aside {} · {starts}", c["points"], c["discard"]),
        };
        lines.push(p.field("Points", "Points", vec![raw(text)]));
    }
    for team in t["teams"].as_array().into_iter().flatten() {
        let names: Vec<String> = team["seats"].as_array().into_iter().flatten().map(|s| p.who(s)).collect();
        let text = capitalize(&format!("{} : {} pts", names.join("+"), team["points"]));
        lines.push(Line::from(raw(if p.lang == Lang::Fr {
            text.replace(" :", "\u{a0}:")
        } else {
            text.replace(" :", ":")
        })));
    }
    if let Some(trick) = t["trick"].as_object() {
        let mut spans = Vec::new();
        for (i, play) in trick["cards"].as_array().into_iter().flatten().enumerate() {
            if i > 0 {
                spans.push(raw("  "));
            }
            spans.push(raw(format!("{} ", p.who(&play["seat"]))));
            spans.push(p.card(&play["card"]));
        }
        if spans.is_empty() {
            let leader = Seat(trick["leader"].as_u64().unwrap_or(0) as u8);
            spans.push(raw(p.words.says(leader, "entame", "entamez", "leads", "lead")));
        }
        lines.push(p.field("Pli", "Trick", spans));
    }
    if t["phase"] == "partner" {
        lines.push(Line::from(strong(p.t("Choix du partenaire", "Choosing a partner"))));
    }
    if t["phase"] == "discard" {
        lines.push(Line::from(strong(p.t("Chacun écarte des cartes", "Everyone lays cards aside"))));
    }
    lines
}

/// A name cut to six letters, for the tight places.
fn short(name: &str) -> String {
    name.chars().take(6).collect()
}

/// The game's facts about one seat, in a few letters (its face-up row, its pile's top…).
fn seat_extra(p: &Pen, seat: &Value) -> Vec<Span<'static>> {
    match p.game {
        GameId::Nantais => match seat["unique"].as_str() {
            Some("announced") => vec![strong("UNIQUE")],
            Some("unannounced") => {
                vec![Span::styled(p.t("1 carte !", "1 card!").replace(" !", "\u{a0}!"), Style::new().fg(RED))]
            }
            _ => Vec::new(),
        },
        GameId::CrazyEights => Vec::new(),
        GameId::NainJaune => {
            let lacks: Vec<String> = seat["lacks"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| {
                    r.as_str()
                        .and_then(|s| s.parse::<Rank>().ok())
                        .map_or("?".into(), |r| p.words.rank_short(r).to_string())
                })
                .collect();
            if lacks.is_empty() { Vec::new() } else { vec![raw(format!("{} {}", p.t("sans", "no"), lacks.join(" ")))] }
        }
        GameId::NurMut => match seat["top"].as_str() {
            Some(top) => {
                vec![Span::styled(format!(" {top} "), Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD))]
            }
            None => vec![raw("—")],
        },
        GameId::Gum => {
            if let Some(place) = seat["place"].as_u64() {
                let text = match (p.lang, place) {
                    (Lang::Fr, 1) => "1er".to_string(),
                    (Lang::Fr, n) => format!("{n}e"),
                    (Lang::En, 1) => "1st".into(),
                    (Lang::En, 2) => "2nd".into(),
                    (Lang::En, 3) => "3rd".into(),
                    (Lang::En, n) => format!("{n}th"),
                };
                return vec![strong(text)];
            }
            let mut spans = p.cards(&seat["faceup"], 3);
            if seat["faceup"].as_array().is_some_and(Vec::is_empty) {
                spans.clear();
            }
            let down = seat["facedown"].as_array().map_or(0, |d| d.iter().filter(|c| c.is_object()).count());
            spans.push(Span::styled(format!(" {}", "▮".repeat(down)), Style::new().fg(Color::DarkGray)));
            if seat["ready"] == false {
                spans.push(raw(format!(" {}", p.t("échange", "swapping"))));
            }
            spans
        }
        GameId::Njet => {
            let mut spans = vec![raw(seat["tricks"].to_string())];
            if seat["loot"].as_i64().unwrap_or(0) > 0 {
                spans.push(Span::styled(format!(" +{}", seat["loot"]), Style::new().fg(Color::Yellow)));
            }
            if seat["to_discard"].as_i64().unwrap_or(0) > 0 {
                spans.push(raw(format!(" {} {}", p.t("écarte", "lays aside"), seat["to_discard"])));
            }
            let voids: Vec<&str> = seat["voids"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            if !voids.is_empty() {
                spans.push(raw(format!(" {}", p.t("sans", "no"))));
                for v in voids {
                    spans.push(raw(" "));
                    spans.push(colour_letter(p.lang, v));
                }
            }
            spans
        }
    }
}

/// The game's column header, or its short form where the long one would be cut (Njet!'s loot
/// needs no word: it is the yellow `+n`).
fn seat_extra_header(game: GameId, lang: Lang, room: usize) -> &'static str {
    let (long, short) = match game {
        GameId::NurMut => (lang.pick("Dessus", "Top"), lang.pick("Dessus", "Top")),
        GameId::Gum => (lang.pick("Sur table", "On table"), lang.pick("Table", "Table")),
        GameId::Njet => (lang.pick("Plis +butin", "Tricks +loot"), lang.pick("Plis", "Tricks")),
        GameId::NainJaune => (lang.pick("Manque", "Lacks"), lang.pick("Manque", "Lacks")),
        _ => ("", ""),
    };
    if width(long) <= room { long } else { short }
}

// ---------------------------------------------------------------------------------------------
// Drawing

/// The panels of the screen.
struct Areas {
    title: Rect,
    seats: Rect,
    table: Rect,
    hand: Rect,
    actions: Rect,
    log: Rect,
    footer: Rect,
}

/// `seats`: the width the players' panel asks for; it gets it between 54% and 60% of a narrow
/// screen (the table's lines wrap), half of a wide one.
fn areas(area: Rect, top: u16, hand: u16, seats: u16) -> Areas {
    let [title, upper, hand_area, lower, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(top),
        Constraint::Length(hand),
        Constraint::Min(4),
        Constraint::Length(1),
    ])
    .areas(area);
    let share = |percent: u16| area.width * percent / 100;
    let seats_w = if area.width >= 110 { share(50) } else { seats.clamp(share(54), share(60)) };
    let [seats, table] = Layout::horizontal([Constraint::Length(seats_w), Constraint::Fill(1)]).areas(upper);
    let [actions, log] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(lower);
    Areas { title, seats, table, hand: hand_area, actions, log, footer }
}

fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = match app.lang {
            Lang::Fr => format!("Agrandissez la fenêtre ({MIN_WIDTH}×{MIN_HEIGHT} au moins) — q pour quitter"),
            Lang::En => format!("Please enlarge the window (at least {MIN_WIDTH}×{MIN_HEIGHT}) — q to quit"),
        };
        frame.render_widget(Paragraph::new(wrap(&text, area.width as usize).join("\n")), area);
        return;
    }
    let pen = Pen { game: app.game, lang: app.lang, words: app.words() };
    let rows = seat_rows(app, &pen);
    let seats_w = rows.need(app);
    let table_width = areas(area, 5, 3, seats_w).table.width.saturating_sub(2) as usize;
    let game_lines: Vec<Line> =
        table_lines(&pen, &app.view).into_iter().flat_map(|line| wrap_spans(line, table_width)).collect();
    let hand = hand_lines(app, &pen, area.width.saturating_sub(2));
    let hand_h = (hand.len() as u16 + 2).min(6);
    let players = app.table.current().players() as u16;
    let room = area.height - 2 - hand_h - 7;
    let top = (players + 3).max(game_lines.len() as u16 + 2).clamp(5, room.max(5));
    let a = areas(area, top, hand_h, seats_w);
    draw_title(frame, app, a.title);
    draw_seats(frame, app, rows, a.seats);
    draw_table(frame, app, game_lines, a.table);
    draw_hand(frame, app, hand, a.hand);
    draw_actions(frame, app, a.actions);
    draw_log(frame, app, a.log);
    draw_footer(frame, app, a.footer);
    if let Some(popup) = app.popups.front() {
        draw_popup(frame, app, popup, area);
    }
}

fn panel(title: String) -> Block<'static> {
    Block::bordered().title(Span::styled(title, Style::new().add_modifier(Modifier::BOLD)))
}

fn draw_title(frame: &mut Frame, app: &App, area: Rect) {
    let view = &app.view;
    let mut left = format!(" {} · {} {}", app.game.name(), app.t("manche", "round"), view["round"]);
    let rounds = &view["table"][if app.game == GameId::Gum { "games" } else { "rounds" }];
    if rounds.is_u64() {
        left += &format!("/{rounds}");
    }
    // Who deals is said here, which leaves the players' panel its room for names and levels.
    if let Some(dealer) = view["dealer"].as_u64() {
        let words = app.words();
        let dealer = Seat(dealer as u8);
        left += " · ";
        left += &match (app.lang, words.is_reader(dealer)) {
            (Lang::Fr, true) => "vous donnez".to_string(),
            (Lang::Fr, false) => format!("{} donne", words.name_of(dealer)),
            (Lang::En, true) => "you deal".to_string(),
            (Lang::En, false) => format!("{} deals", words.name_of(dealer)),
        };
    }
    let right = format!("{} {} ", app.t("graine", "seed"), app.table.setup().request.seed);
    let gap = (area.width as usize).saturating_sub(width(&left) + width(&right));
    let line = format!("{left}{}{right}", " ".repeat(gap));
    let style = Style::new().bg(Color::Blue).fg(Color::White).add_modifier(Modifier::BOLD);
    frame.render_widget(Paragraph::new(line).style(style), area);
}

/// What the players' panel shows of each seat: its name (a bot's with its level) and the
/// game's facts.
struct SeatRows {
    names: Vec<Vec<Span<'static>>>,
    extras: Vec<Vec<Span<'static>>>,
}

fn seat_rows(app: &App, pen: &Pen) -> SeatRows {
    let players = app.view["players"].as_u64().unwrap_or(0) as usize;
    let seats = app.view["table"]["seats"].as_array().map(Vec::as_slice).unwrap_or_default();
    let names = (0..players)
        .map(|i| {
            let seat = Seat(i as u8);
            let name: String = pen.words.name_of(seat).chars().take(12).collect();
            let style = if seat == app.human {
                Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            let mut spans = vec![Span::styled(name, style)];
            if let Some(Controller::Bot(kind)) = app.table.setup().controllers.get(i) {
                spans.push(Span::styled(format!(" ({})", bot_level(*kind, app.lang)), Style::new().fg(Color::Gray)));
            }
            spans
        })
        .collect();
    let extras = (0..players).map(|i| seats.get(i).map(|s| seat_extra(pen, s)).unwrap_or_default()).collect();
    SeatRows { names, extras }
}

impl SeatRows {
    fn name_w(&self) -> u16 {
        self.names.iter().map(|n| n.iter().map(Span::width).sum::<usize>()).max().unwrap_or(4).max(6) as u16
    }

    fn extra_w(&self) -> u16 {
        self.extras.iter().map(|e| e.iter().map(Span::width).sum::<usize>()).max().unwrap_or(0) as u16
    }

    /// The panel's width with every name and the game's facts whole (the column's header may be
    /// cut), without the score sheet's rounds.
    fn need(&self, app: &App) -> u16 {
        let extra = self.extra_w();
        2 + 1 + 1 + self.name_w() + 1 + width(app.t("Cartes", "Cards")) as u16 + 1 + 6 + extra + u16::from(extra > 0)
    }
}

fn draw_seats(frame: &mut Frame, app: &App, rows: SeatRows, area: Rect) {
    let view = &app.view;
    let turn: Vec<u64> = view["turn"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    let name_w = rows.name_w();
    let extra_w = rows.extra_w() as usize;
    let SeatRows { names, extras } = rows;
    let cards_header = app.t("Cartes", "Cards");
    let score_header = if app.game == GameId::NainJaune { app.t("Jetons", "Chips") } else { "Score" };
    let inner = area.width.saturating_sub(2);
    let spacing = 1;
    let mut fixed = 1 + spacing + name_w + spacing + width(cards_header) as u16 + spacing + 6;
    let extra_header = seat_extra_header(app.game, app.lang, inner.saturating_sub(fixed + spacing) as usize);
    // The game's column takes what is left, cut if need be: names and scores come first.
    let extra_w = if extra_w == 0 {
        0
    } else {
        (extra_w.max(width(extra_header)) as u16).min(inner.saturating_sub(fixed + spacing))
    };
    if extra_w > 0 {
        fixed += extra_w + spacing;
    }
    // The score sheet: as many of the last rounds as fit.
    let rounds = app.table.rounds();
    let round_w = 4u16;
    let fit = (inner.saturating_sub(fixed) / (round_w + spacing)) as usize;
    let shown = &rounds[rounds.len().saturating_sub(fit)..];
    let mut widths =
        vec![Constraint::Length(1), Constraint::Length(name_w), Constraint::Length(width(cards_header) as u16)];
    let mut header = vec![Cell::from(""), Cell::from(""), Cell::from(cards_header)];
    if extra_w > 0 {
        widths.push(Constraint::Length(extra_w));
        header.push(Cell::from(extra_header));
    }
    for round in shown {
        widths.push(Constraint::Length(round_w));
        header.push(Cell::from(format!("{:>4}", format!("{}{}", app.t("M", "R"), round.round))));
    }
    widths.push(Constraint::Length(6));
    header.push(Cell::from(format!("{score_header:>6}")));
    let mut rows = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        let mark =
            if turn.contains(&(i as u64)) { Span::styled("▶", Style::new().fg(Color::Yellow)) } else { raw(" ") };
        let cards = view["cards"][i].as_u64().unwrap_or(0);
        let mut cells = vec![
            Cell::from(mark),
            Cell::from(Line::from(name)),
            Cell::from(format!("{cards:>w$}", w = width(cards_header))),
        ];
        if extra_w > 0 {
            cells.push(Cell::from(Line::from(extras[i].clone())));
        }
        for round in shown {
            let change = round.change.get(i).copied().unwrap_or(0);
            let style = match change {
                c if c > 0 => Style::new().fg(Color::Green),
                c if c < 0 => Style::new().fg(RED),
                _ => Style::new().fg(Color::DarkGray),
            };
            cells.push(Cell::from(Span::styled(format!("{:>4}", signed(change)), style)));
        }
        cells.push(Cell::from(Span::styled(
            format!("{:>6}", view["scores"][i].as_i64().unwrap_or(0)),
            Style::new().add_modifier(Modifier::BOLD),
        )));
        rows.push(Row::new(cells));
    }
    let title = match app.lang {
        Lang::Fr => "Joueurs · ▶ à jouer",
        Lang::En => "Players · ▶ to play",
    };
    let grid = Grid::new(rows, widths)
        .header(Row::new(header).style(Style::new().fg(Color::DarkGray)))
        .column_spacing(spacing)
        .block(panel(title.into()));
    frame.render_widget(grid, area);
}

fn draw_table(frame: &mut Frame, app: &App, lines: Vec<Line<'static>>, area: Rect) {
    let title = app.t("Table", "Table").to_string();
    frame.render_widget(Paragraph::new(lines).block(panel(title)), area);
}

/// The hand, cut into lines of `max` columns: the cards one may play bright, the others dim,
/// the cards of the selected action reversed. Njet adds the cards laid aside; Battle GUM the
/// person's face-up and face-down cards; Nur Mut, which has no hand, the person's pile.
fn hand_lines(app: &App, pen: &Pen, max: u16) -> Vec<Line<'static>> {
    let t = &app.view["table"];
    let mut lines = Vec::new();
    if let Some(hand) = t["hand"].as_array() {
        let mut chosen: Vec<String> = app
            .legal
            .get(app.selected)
            .map(|l| action_cards(app.game, l.action()).into_iter().map(str::to_uppercase).collect())
            .unwrap_or_default();
        let mut line: Vec<Span<'static>> = Vec::new();
        let mut used = 0usize;
        // Njet's hand reads colour by colour, each colour's name before its values, as the
        // game's texts write a hand: « rouge 1 1 7  noir 3 ».
        let mut last_colour = None;
        for card in hand.iter().filter_map(Value::as_str) {
            let njet = if app.game == GameId::Njet { card.parse::<NjetCard>().ok() } else { None };
            let label = njet
                .filter(|c| last_colour != Some(c.colour()))
                .map(|c| Span::styled(colour_name(app.lang, c.colour()), colour_style(c.colour())));
            last_colour = njet.map(|c| c.colour()).or(last_colour);
            let span = match njet {
                Some(c) => Span::styled(c.value().to_string(), colour_style(c.colour())),
                None => card_span(app.game, &pen.words, card),
            };
            // Cards one may play stand out while one may act; the others are dimmed, red ones
            // staying red.
            let mut style = if app.legal.is_empty() || playable(app.game, card, &app.legal) {
                span.style.add_modifier(Modifier::BOLD)
            } else if span.style.fg.is_some() {
                span.style.add_modifier(Modifier::DIM)
            } else {
                span.style.fg(Color::DarkGray)
            };
            if let Some(at) = chosen.iter().position(|c| c.eq_ignore_ascii_case(card)) {
                chosen.remove(at);
                style = style.add_modifier(Modifier::REVERSED);
            }
            let text = format!(" {} ", span.content);
            // A colour's name stays with its first value, two spaces after the colour before.
            let gap = if label.is_some() && !line.is_empty() { 2 } else { 0 };
            let label_w = label.as_ref().map_or(0, Span::width);
            if used + gap + label_w + width(&text) > max as usize && !line.is_empty() {
                lines.push(Line::from(std::mem::take(&mut line)));
                used = 0;
            } else if gap > 0 {
                line.push(raw("  "));
                used += gap;
            }
            used += label_w + width(&text);
            line.extend(label);
            line.push(Span::styled(text, style));
        }
        if hand.is_empty() {
            line.push(Span::styled(app.t("(vide)", "(empty)"), Style::new().fg(Color::DarkGray)));
        }
        lines.push(Line::from(line));
    }
    let mine = &t["seats"][app.human.index()];
    match app.game {
        GameId::Njet if t["discards"].as_array().is_some_and(|d| !d.is_empty()) => {
            lines.push(pen.field("Écartées", "Laid aside", pen.cards(&t["discards"], 4)));
        }
        GameId::Gum => {
            let down = mine["facedown"].as_array().map_or(0, |d| d.iter().filter(|c| c.is_object()).count());
            let mut spans = pen.cards(&mine["faceup"], 3);
            spans.push(raw(format!("  · {} {}", pen.t("cachées", "face down"), "▮".repeat(down))));
            lines.push(pen.field("Visibles", "Face up", spans));
        }
        GameId::NurMut => {
            let top = mine["top"].as_str().unwrap_or("—");
            let mut spans = vec![
                Span::styled(format!(" {top} "), Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)),
                raw(format!("  {}", pen.words.cards(app.view["cards"][app.human.index()].as_i64().unwrap_or(0)))),
            ];
            if mine["tucked"].as_array().is_some_and(|t| !t.is_empty()) {
                spans.push(raw(format!(" · {} ", pen.t("glissées dessous", "tucked under"))));
                spans.extend(pen.cards(&mine["tucked"], 4));
            }
            lines.push(pen.field("Dessus de votre tas", "Top of your pile", spans));
        }
        _ => {}
    }
    lines
}

fn draw_hand(frame: &mut Frame, app: &App, lines: Vec<Line<'static>>, area: Rect) {
    let count = app.view["table"]["hand"].as_array().map(Vec::len);
    let title = match (count, app.lang) {
        (Some(n), Lang::Fr) => format!("Votre main ({n})"),
        (Some(n), Lang::En) => format!("Your hand ({n})"),
        (None, _) => app.t("Votre tas", "Your pile").to_string(),
    };
    frame.render_widget(Paragraph::new(lines).block(panel(title)), area);
}

fn draw_actions(frame: &mut Frame, app: &App, area: Rect) {
    let waited = app.view["turn"].as_array().is_some_and(|t| t.iter().any(|s| s.as_u64() == Some(app.human.0 as u64)));
    if app.legal.is_empty() {
        let text = if app.table.is_over() {
            app.t(
                "La partie est finie. q pour quitter, s pour la feuille de marque.",
                "The match is over. q to quit, s for the score sheet.",
            )
            .to_string()
        } else {
            let words = app.words();
            let turn =
                app.view["turn"].as_array().into_iter().flatten().filter_map(Value::as_u64).map(|s| Seat(s as u8));
            match app.lang {
                _ if app.late => app.thinking_text(),
                Lang::Fr => format!("On attend {}…", words.list(turn)),
                Lang::En => format!("Waiting for {}…", words.list(turn)),
            }
        };
        let lines: Vec<Line> = wrap(&text, area.width.saturating_sub(2) as usize).into_iter().map(Line::from).collect();
        let block = panel(app.t("Vos choix", "Your choices").into());
        frame.render_widget(Paragraph::new(lines).style(Style::new().fg(Color::DarkGray)).block(block), area);
        return;
    }
    let (title, colour) = if waited {
        (app.t("À vous de jouer", "Your move"), Color::Yellow)
    } else {
        (app.t("Hors de votre tour : vous pouvez agir", "Out of turn: you may act"), Color::Magenta)
    };
    let title = if app.lang == Lang::Fr { title.replace(" :", "\u{a0}:") } else { title.to_string() };
    let digits = app.legal.len().to_string().len();
    // A long choice goes on over more lines, under its first word, rather than being cut at a
    // narrow terminal's edge: the borders, the highlight symbol and the number take the rest.
    let room = (area.width as usize).saturating_sub(2 + 1 + digits + 1).max(8);
    let items: Vec<ListItem> = app
        .legal
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            let mut lines = wrap_spans(rich(app.game, choice.words(app.lang), Style::new()), room);
            for (j, line) in lines.iter_mut().enumerate() {
                let lead = if j == 0 {
                    Span::styled(format!("{:>digits$} ", i + 1), Style::new().fg(Color::DarkGray))
                } else {
                    // wrap_spans indents what follows by two spaces; here it lines up instead.
                    line.spans.remove(0);
                    raw(" ".repeat(digits + 1))
                };
                line.spans.insert(0, lead);
            }
            ListItem::new(Text::from(lines))
        })
        .collect();
    let block = panel(title).border_style(Style::new().fg(colour));
    let list = List::new(items)
        .block(block)
        .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD))
        .highlight_symbol("›");
    let mut state = ListState::default().with_selected(Some(app.selected));
    frame.render_stateful_widget(list, area, &mut state);
}

fn draw_log(frame: &mut Frame, app: &App, area: Rect) {
    let inner_w = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = Vec::new();
    for entry in &app.log {
        let style = match entry.kind {
            LogKind::Mine => Style::new().fg(Color::Cyan),
            LogKind::Told => Style::new(),
            LogKind::Mark => Style::new().fg(Color::DarkGray),
        };
        lines.extend(wrap(&entry.text, inner_w).iter().map(|l| rich(app.game, l, style)));
    }
    let max = lines.len().saturating_sub(inner_h);
    app.log_max.set(max);
    let back = app.log_back.min(max);
    let first = max - back;
    let shown: Vec<Line> = lines.into_iter().skip(first).take(inner_h).collect();
    let title =
        if back > 0 { format!("{} (↑{back})", app.t("Journal", "Log")) } else { app.t("Journal", "Log").to_string() };
    frame.render_widget(Paragraph::new(shown).block(panel(title)), area);
}

fn draw_footer(frame: &mut Frame, app: &App, area: Rect) {
    let (text, style) = match &app.note {
        Some((note, true)) => (note.clone(), Style::new().fg(Color::White).bg(RED)),
        Some((note, false)) => (note.clone(), Style::new()),
        None if !app.typed.is_empty() => {
            let text = match app.lang {
                Lang::Fr => format!("Choix {}… (Entrée pour jouer)", app.typed),
                Lang::En => format!("Choice {}… (Enter to play)", app.typed),
            };
            (text, Style::new().fg(Color::Yellow))
        }
        // Keys work while a bot thinks; the footer says who is awaited.
        None if app.late => {
            let keys = app.t("? règles · s marque · q quitter", "? rules · s scores · q quit");
            (format!("{} · {keys}", app.thinking_text()), Style::new().fg(Color::Yellow))
        }
        None if app.table.is_over() => {
            let keys = app.t("q quitter · s feuille de marque · ? règles", "q quit · s score sheet · ? rules");
            (keys.to_string(), Style::new().fg(Color::DarkGray))
        }
        None => {
            let keys = app.t(
                "↑↓ choisir · Entrée jouer · 1-9 numéro · ? règles · s marque · q quitter",
                "↑↓ choose · Enter play · 1-9 number · ? rules · s scores · q quit",
            );
            (keys.to_string(), Style::new().fg(Color::DarkGray))
        }
    };
    frame.render_widget(Paragraph::new(format!(" {text}")).style(style), area);
}

fn draw_popup(frame: &mut Frame, app: &App, popup: &Popup, area: Rect) {
    let w = area.width.saturating_sub(6).min(if popup.kind == PopupKind::Rules { 84 } else { 72 });
    let inner_w = w.saturating_sub(4) as usize;
    let mut lines: Vec<Line> = Vec::new();
    for (text, style) in &popup.lines {
        lines.extend(wrap(text, inner_w).iter().map(|l| rich(app.game, l, *style)));
    }
    let h = (lines.len() as u16 + 2).clamp(5, area.height.saturating_sub(2));
    let body_h = h.saturating_sub(2) as usize;
    let max = lines.len().saturating_sub(body_h);
    app.popup_max.set(max);
    let scroll = popup.scroll.min(max);
    let rect = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let hint = match popup.kind {
        PopupKind::MatchEnd => {
            app.t("q quitter · autre touche : voir la table", "q quit · any other key: see the table")
        }
        PopupKind::RoundEnd => app.t("une touche pour continuer", "press a key to go on"),
        PopupKind::Rules | PopupKind::Scores => app.t("Échap pour fermer", "Esc to close"),
    };
    let hint =
        if max > 0 { format!("{} · {hint}", app.t("↑↓ défiler", "↑↓ scroll")) } else { hint.to_string() };
    let hint = if app.lang == Lang::Fr { hint.replace(" :", "\u{a0}:") } else { hint };
    let block = panel(format!(" {} ", popup.title))
        .title_bottom(Line::from(format!(" {hint} ")).right_aligned())
        .border_style(Style::new().fg(Color::Yellow))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let shown: Vec<Line> = lines.into_iter().skip(scroll).take(body_h).collect();
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use tapis_bots::BotKind;
    use tapis_core::MatchRequest;

    fn config(players: usize, seed: u64, lang: Lang) -> PlayConfig {
        PlayConfig {
            request: MatchRequest { players, seed, dealer: None, options: Default::default(), deal: None },
            human: Seat(0),
            bots: vec![BotKind::Heuristic; players],
            lang,
            name: lang.pick("Vous", "You").to_string(),
            save: None,
            realtime: true,
            confirm_forced: false,
        }
    }

    fn legal(actions: &[&str]) -> Vec<Choice> {
        actions.iter().map(|a| Choice { actions: vec![a.to_string()], fr: a.to_string(), en: a.to_string() }).collect()
    }

    fn screen(app: &App, w: u16, h: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| draw(f, app)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..h)
            .map(|y| (0..w).map(|x| buffer[(x, y)].symbol().to_string()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn a_hand_card_is_playable_when_a_legal_action_names_it() {
        let moves = legal(&["play 6S", "play 8C", "draw"]);
        assert!(playable(GameId::Nantais, "6S", &moves));
        assert!(playable(GameId::Nantais, "8c", &moves));
        assert!(!playable(GameId::Nantais, "JD", &moves));
        // In Battle GUM a seat, a position or a face-up card is not a card of the hand.
        let gum = legal(&["swap 5 1", "give 2", "reveal 3", "take 4", "play 9 9"]);
        assert!(playable(GameId::Gum, "5", &gum));
        assert!(playable(GameId::Gum, "9", &gum));
        for card in ["1", "2", "3", "4", "13"] {
            assert!(!playable(GameId::Gum, card, &gum), "{card}");
        }
        assert!(!playable(GameId::Njet, "R1", &legal(&["njet start 1"])));
        assert!(playable(GameId::Njet, "R1", &legal(&["play R1"])));
    }

    #[test]
    fn cards_read_in_the_reader_language_with_red_hearts_and_diamonds() {
        let fr = Words::plain(Lang::Fr);
        let en = Words::plain(Lang::En);
        let heart = card_span(GameId::Nantais, &fr, "7H");
        assert_eq!((heart.content.as_ref(), heart.style.fg), ("7♥", Some(RED)));
        assert_eq!(card_span(GameId::NainJaune, &fr, "QS").content, "D♠");
        assert_eq!(card_span(GameId::NainJaune, &en, "QS").content, "Q♠");
        assert_eq!(card_span(GameId::CrazyEights, &fr, "TD").style.fg, Some(RED));
        assert_eq!(card_span(GameId::CrazyEights, &fr, "KC").style.fg, None);
        assert_eq!(card_span(GameId::Nantais, &fr, "X").content, "Joker");
        assert_eq!(card_span(GameId::Gum, &fr, "00").content, "Ninja");
        assert_eq!(card_span(GameId::Njet, &fr, "R5").style.fg, Some(RED));
    }

    #[test]
    fn wrapping_keeps_words_whole_and_indents_list_items() {
        let lines = wrap("- one two three four five six seven", 12);
        assert_eq!(lines, ["- one two", "  three four", "  five six", "  seven"]);
        assert_eq!(wrap("short", 40), ["short"]);
        assert!(wrap("abcdefghijklmnopqrstuvwxyz", 10).iter().all(|l| width(l) <= 10));
    }

    #[test]
    fn rules_wrapped_for_a_wide_terminal_flow_again() {
        let long = "x".repeat(40) + " " + &"y".repeat(45);
        let text =
            format!("{long}\nend of it.\n\n- an item\nshort line\nnext\n  {long}\n    goes on\n  {long}.\n  Next item");
        let flowed =
            format!("{long} end of it.\n\n- an item\nshort line\nnext\n  {long} goes on\n  {long}.\n  Next item");
        assert_eq!(reflow(&text), flowed);
    }

    #[test]
    fn long_table_lines_wrap_between_cards() {
        let cell = |card: &str, chips: u32| vec![raw(card.to_string()), raw(format!("\u{a0}{chips}")), raw("  ")];
        let line = Line::from([vec![raw("Board: ")], cell("10♦", 3), cell("V♣", 6), cell("D♠", 9)].concat());
        let lines = wrap_spans(line, 14);
        let text: Vec<String> = lines.iter().map(|l| l.to_string().trim_end().to_string()).collect();
        assert_eq!(text, ["Board: 10♦\u{a0}3", "  V♣\u{a0}6  D♠\u{a0}9"]);
    }

    fn assert_shows(text: &str, wanted: &[&str]) {
        for wanted in wanted {
            assert!(text.contains(wanted), "{wanted} missing from\n{text}");
        }
    }

    #[test]
    fn the_table_fits_80_by_24_with_the_key_texts() {
        let app = App::new(GameId::Nantais, &config(3, 5, Lang::Fr), 0).unwrap();
        let text = screen(&app, 80, 24);
        assert_shows(
            &text,
            &[
                "Le 8 Nantais · manche 1 · Colette donne",
                "Joueurs",
                "Vous",
                "Blaise (facile)",
                "Colette (facile)",
                "Défausse",
                "6♥",
                "Pioche",
                "Votre main (7)",
                "À vous de jouer",
                "poser 6♠",
                "Journal",
                "q quitter",
            ],
        );
        let en = App::new(GameId::Nantais, &config(3, 5, Lang::En), 0).unwrap();
        let text = screen(&en, 80, 24);
        assert_shows(
            &text,
            &[
                "Colette deals",
                "Players",
                "You",
                "Blaise (easy)",
                "Discard",
                "Your hand (7)",
                "Your move",
                "play 6♠",
                "Log",
                "q quit",
            ],
        );
    }

    #[test]
    fn every_game_draws_at_80_by_24_and_at_a_small_size() {
        for &game in GameId::ALL {
            let app = App::new(game, &config(3, 7, Lang::Fr), 0).unwrap();
            let text = screen(&app, 80, 24);
            assert!(text.contains(game.name()), "{game}:\n{text}");
            assert!(text.contains("Journal"), "{game}:\n{text}");
            let small = screen(&app, 40, 10);
            assert!(small.contains("Agrandissez"), "{game}:\n{small}");
        }
    }

    #[test]
    fn a_number_plays_that_choice_and_bots_answer_in_their_time() {
        let mut app = App::new(GameId::Nantais, &config(3, 5, Lang::En), 0).unwrap();
        assert_eq!(app.legal[0].action(), "play 6S");
        app.key(key(KeyCode::Char('1')), 100);
        assert_eq!(app.table.seq(), 1);
        assert!(app.log.iter().any(|l| l.kind == LogKind::Mine), "{:?}", app.log);
        // The turn goes on (a série may follow): Enter plays the first choice until it is over.
        let mut now = 100;
        while app.table.current().status().waiting.contains(app.human) {
            now += 10;
            app.key(key(KeyCode::Enter), now);
        }
        let seq = app.table.seq();
        // Nothing is due before the bots' delay.
        assert_eq!(app.wait(now), Some(BOT_DELAY_MS));
        app.settle(now + BOT_DELAY_MS - 1);
        assert_eq!(app.table.seq(), seq);
        app.settle(now + BOT_DELAY_MS);
        assert!(app.table.seq() > seq);
    }

    #[test]
    fn arrows_move_the_selection_and_a_refused_key_changes_nothing() {
        let mut app = App::new(GameId::Nantais, &config(3, 5, Lang::Fr), 0).unwrap();
        let count = app.legal.len();
        app.key(key(KeyCode::Down), 0);
        assert_eq!(app.selected, 1);
        app.key(key(KeyCode::Up), 0);
        app.key(key(KeyCode::Up), 0);
        assert_eq!(app.selected, count - 1);
        app.key(key(KeyCode::Char('9')), 0);
        assert_eq!(app.table.seq(), 0);
        assert!(app.note.as_ref().is_some_and(|(n, error)| *error && n.contains("entre 1 et")));
    }

    #[test]
    fn rules_open_in_a_popup_that_holds_the_bots() {
        let mut app = App::new(GameId::Njet, &config(3, 5, Lang::En), 0).unwrap();
        app.key(key(KeyCode::Char('?')), 0);
        assert_eq!(app.popups.front().map(|p| p.kind), Some(PopupKind::Rules));
        assert_eq!(app.wait(0), None);
        let text = screen(&app, 80, 24);
        assert!(text.contains("rules"), "{text}");
        app.key(key(KeyCode::Esc), 500);
        assert!(app.popups.is_empty());
    }

    #[test]
    fn whole_matches_end_on_held_round_ends_and_the_result() {
        for (game, players, seed) in [(GameId::NainJaune, 3, 11), (GameId::NurMut, 3, 4)] {
            // The person chooses by number, at random; each popup is closed at once.
            let mut app = App::new(game, &config(players, seed, Lang::Fr), 0).unwrap();
            let mut pick = seed;
            let mut now = 0;
            let mut round_ends = 0;
            for _ in 0..50_000 {
                if app.table.is_over() && app.popups.is_empty() {
                    break;
                }
                now += BOT_DELAY_MS;
                app.settle(now);
                if let Some(popup) = app.popups.front() {
                    if popup.kind == PopupKind::RoundEnd {
                        round_ends += 1;
                        assert_eq!(app.wait(now), None, "the table waits while a round's end is shown");
                    }
                    let text = screen(&app, 80, 24);
                    assert!(text.contains("Fin de la"), "{text}");
                    app.key(key(KeyCode::Enter), now);
                } else if !app.legal.is_empty() {
                    pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    app.selected = (pick >> 33) as usize % app.legal.len();
                    app.key(key(KeyCode::Enter), now);
                }
            }
            assert!(
                app.table.is_over(),
                "{game}: {:?} seq {} {:?}",
                app.table.current().status(),
                app.table.seq(),
                &app.log[app.log.len().saturating_sub(30)..]
            );
            assert!(round_ends >= 1, "{game}");
            assert_eq!(app.table.rounds().len(), round_ends + 1, "{game}");
            let text = screen(&app, 80, 24);
            assert!(text.contains("La partie est finie"), "{text}");
        }
    }

    /// The card notation on a screen: `QS`, `7H`, and English rank letters (`Q♠`) in a game of
    /// French cards read in French; `K2`, `G1` in Njet.
    fn notation(game: GameId, text: &str) -> Vec<String> {
        let cut = |c: char| c.is_whitespace() || "()[],.;:!?«»·+/…—│─┌┐└┘›▶\u{a0}".contains(c);
        text.split(cut)
            .filter(|word| match (game, word.chars().collect::<Vec<_>>().as_slice()) {
                (GameId::Njet, [colour, value]) => "RBKG".contains(*colour) && ('1'..='9').contains(value),
                (GameId::Nantais | GameId::NainJaune | GameId::CrazyEights, [rank, suit]) => {
                    ("23456789TJQKA".contains(*rank) && "SHDC".contains(*suit))
                        || ("JQK".contains(*rank) && "♠♥♦♣".contains(*suit))
                }
                _ => false,
            })
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_notation_finder_finds_what_it_looks_for() {
        assert_eq!(notation(GameId::Njet, "│Pli : vous K2  Blaise 6 vert│"), ["K2"]);
        assert_eq!(notation(GameId::Nantais, "poser Q♠ · 7H, V♣ D♠ R♥ 10♦"), ["Q♠", "7H"]);
        assert!(notation(GameId::Njet, "M1 M2 Écart 0 1 2").is_empty());
    }

    #[test]
    fn no_card_notation_on_french_screens_in_whole_matches() {
        for &game in GameId::ALL {
            let mut app = App::new(game, &config(3, 21, Lang::Fr), 0).unwrap();
            let (mut pick, mut now) = (21u64, 0);
            let steps = if game == GameId::Nantais { 600 } else { 3000 };
            for step in 0..steps {
                if app.table.is_over() && app.popups.is_empty() {
                    break;
                }
                now += BOT_DELAY_MS;
                app.settle(now);
                // Every screen at 80×24, and some wide ones, where the game's column is whole.
                let sizes: &[(u16, u16)] = if step % 5 == 0 { &[(80, 24), (130, 40)] } else { &[(80, 24)] };
                for &(w, h) in sizes {
                    let text = screen(&app, w, h);
                    assert!(notation(game, &text).is_empty(), "{game}: {:?} in\n{text}", notation(game, &text));
                }
                if app.popups.front().is_some() {
                    app.key(key(KeyCode::Enter), now);
                } else if !app.legal.is_empty() {
                    pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    app.selected = (pick >> 33) as usize % app.legal.len();
                    app.key(key(KeyCode::Enter), now);
                }
            }
            // A round of Le 8 Nantais with a person playing at random outlasts these steps;
            // every other match ends.
            assert!(app.table.is_over() || game == GameId::Nantais, "{game}");
        }
    }

    #[test]
    fn njet_cards_read_in_words_in_their_colours() {
        let (fr, en) = (Words::plain(Lang::Fr), Words::plain(Lang::En));
        let red = card_span(GameId::Njet, &fr, "R5");
        assert_eq!((red.content.as_ref(), red.style.fg), ("5 rouge", Some(RED)));
        assert_eq!(card_span(GameId::Njet, &en, "R5").content, "red 5");
        let black = card_span(GameId::Njet, &fr, "K2");
        assert_eq!((black.content.as_ref(), black.style.add_modifier), ("2 noir", Modifier::BOLD));
        assert_eq!(card_span(GameId::Njet, &en, "G1").style.fg, Some(Color::Green));
        let cards: Vec<NjetCard> = ["R1", "R7", "K3"].iter().map(|c| c.parse().unwrap()).collect();
        let text = |lang| njet_cards(lang, &cards).iter().map(|s| s.content.to_string()).collect::<String>();
        assert_eq!(text(Lang::Fr), "rouge 1 7\u{a0}; noir 3");
        assert_eq!(text(Lang::En), "red 1 7; black 3");
        // In sentences, the colours' names take their colours.
        let line = rich(GameId::Njet, "jouer les 1 rouges, puis le 3 noir", Style::new());
        let styled: Vec<(&str, Option<Color>)> = line.spans.iter().map(|s| (s.content.as_ref(), s.style.fg)).collect();
        assert_eq!(styled[1], ("rouges,", Some(RED)));
        assert_eq!(line.spans[3].content, "noir");
        assert_eq!(rich(GameId::Nantais, "le rouge", Style::new()).spans.len(), 1);
    }

    #[test]
    fn a_njet_hand_reads_colour_by_colour_and_the_table_in_words() {
        let app = App::new(GameId::Njet, &config(3, 7, Lang::Fr), 0).unwrap();
        let pen = Pen { game: app.game, lang: app.lang, words: app.words() };
        let hand: Vec<String> = hand_lines(&app, &pen, 78).iter().map(|l| l.to_string()).collect();
        assert_eq!(hand, ["rouge 5  9   bleu 6  7  8  9   noir 1  3  4   vert 1  3  5 "]);
        let narrow: Vec<String> = hand_lines(&app, &pen, 24).iter().map(|l| l.to_string()).collect();
        assert_eq!(narrow, ["rouge 5  9   bleu 6  7 ", " 8  9   noir 1  3  4 ", "vert 1  3  5 "]);
        let en = App::new(GameId::Njet, &config(3, 7, Lang::En), 0).unwrap();
        let pen = Pen { game: en.game, lang: en.lang, words: en.words() };
        assert_eq!(
            hand_lines(&en, &pen, 78)[0].to_string(),
            "red 5  9   blue 6  7  8  9   black 1  3  4   green 1  3  5 "
        );
        // The trick, the trumps and what seats lack, from a view in the middle of a round.
        let mut view = app.view.clone();
        view["table"]["phase"] = "play".into();
        view["table"]["conditions"] =
            serde_json::json!({"start": 1, "discard": 1, "trump": "K", "super_trump": "G", "points": 2});
        view["table"]["trick"] =
            serde_json::json!({"leader": 1, "cards": [{"seat": 1, "card": "K2"}, {"seat": 2, "card": "G1"}]});
        view["table"]["seats"][2]["voids"] = serde_json::json!(["R", "B"]);
        let lines: Vec<String> = table_lines(&pen_for(&app), &view).iter().map(|l| l.to_string()).collect();
        assert_eq!(lines[0], "Atout\u{a0}: noir · super-atouts\u{a0}: les 1 verts");
        assert_eq!(lines.last().unwrap(), "Pli\u{a0}: Blaise 2 noir  Colette 1 vert");
        let extra: String =
            seat_extra(&pen_for(&app), &view["table"]["seats"][2]).iter().map(|s| s.content.to_string()).collect();
        assert_eq!(extra, "0 sans rouge bleu");
    }

    fn pen_for(app: &App) -> Pen<'_> {
        Pen { game: app.game, lang: app.lang, words: app.words() }
    }

    #[test]
    fn bots_are_named_with_their_level_in_the_players_panel_and_by_name_in_the_log() {
        let mut setup = config(3, 5, Lang::Fr);
        setup.bots =
            vec![BotKind::Heuristic, BotKind::Ismcts(1000), BotKind::Ismcts(tapis_bots::HARD_ISMCTS_ITERATIONS)];
        let mut app = App::new(GameId::Nantais, &setup, 0).unwrap();
        let text = screen(&app, 80, 24);
        assert!(text.contains("│▶ Vous  "), "{text}");
        assert!(text.contains("│  Blaise (moyen)  "), "{text}");
        assert!(text.contains("│  Colette (difficile)  "), "{text}");
        while app.table.current().status().waiting.contains(app.human) {
            app.key(key(KeyCode::Enter), 0);
        }
        app.settle(BOT_DELAY_MS);
        let told: Vec<&str> = app.log.iter().filter(|l| l.kind == LogKind::Told).map(|l| l.text.as_str()).collect();
        assert!(told[0].starts_with("Blaise "), "{told:?}");
        assert!(told.iter().all(|t| !t.contains('(')), "{told:?}");
        setup.lang = Lang::En;
        let text = screen(&App::new(GameId::Nantais, &setup, 0).unwrap(), 80, 24);
        assert!(text.contains("Blaise (medium)") && text.contains("Colette (hard)"), "{text}");
    }

    #[test]
    fn at_80_columns_long_choices_go_on_over_lines_and_headers_are_not_cut() {
        let app = App::new(GameId::Njet, &config(4, 3, Lang::Fr), 0).unwrap();
        let text = screen(&app, 80, 24);
        assert!(text.contains("│  2 exclure Blaise comme premier      │"), "{text}");
        assert!(text.contains("│    joueur                            │"), "{text}");
        assert!(text.contains(" Cartes Plis  Score"), "{text}");
        assert!(!text.contains("+bu"), "{text}");
        let text = screen(&app, 120, 45);
        assert!(text.contains("exclure Blaise comme premier joueur"), "{text}");
        assert!(text.contains(" Cartes Plis +butin "), "{text}");
    }

    #[test]
    fn a_key_pressed_before_ones_turn_says_who_is_awaited_and_is_not_an_error() {
        let mut app = App::new(GameId::Nantais, &config(3, 5, Lang::Fr), 0).unwrap();
        while app.table.current().status().waiting.contains(app.human) {
            app.key(key(KeyCode::Enter), 0);
        }
        let seq = app.table.seq();
        app.key(key(KeyCode::Enter), 0);
        assert_eq!(app.note, Some(("Pas encore à vous\u{a0}: on attend Blaise.".to_string(), false)));
        app.lang = Lang::En;
        app.key(key(KeyCode::Char('1')), 0);
        assert_eq!(app.note, Some(("Not your move yet: waiting for Blaise.".to_string(), false)));
        assert_eq!(app.table.seq(), seq, "nothing was played");
        app.settle(BOT_DELAY_MS);
        assert_eq!(app.note, None, "the note goes once the bot has played");
    }

    /// A table of two where the person holds `hand` and plays first on the 5♥.
    fn dealt(hand: &[&str], confirm_forced: bool) -> App {
        let deal =
            tapis_nantais::Deal::with_rest_in_stock(&[hand, &["2S", "3S", "4S", "6S", "8S", "9S", "TS"]], &["5H"]);
        let mut setup = config(2, 3, Lang::Fr);
        setup.request.deal = Some(serde_json::to_value(deal).unwrap());
        setup.confirm_forced = confirm_forced;
        App::new(GameId::Nantais, &setup, 0).unwrap()
    }

    #[test]
    fn the_only_move_is_played_by_the_table_after_its_notice_and_enter_plays_it_at_once() {
        // Nothing fits the 5♥: drawing is the only move, announced, then played for the person.
        let mut app = dealt(&["2C", "3C", "4C", "6C", "9C", "TC", "JC"], false);
        let forced = app.table.forced(app.human).unwrap();
        assert!((800..=2600).contains(&forced.at), "{}", forced.at);
        let note = app.note.clone().unwrap().0;
        assert_eq!(note, "Seul coup possible, joué pour vous\u{a0}: piocher (ou prendre la pénalité)");
        assert_eq!(app.wait(0), Some(forced.at));
        assert!(screen(&app, 80, 24).contains("Seul coup possible, joué pour vous"));
        app.settle(forced.at - 1);
        assert_eq!(app.table.seq(), 0);
        app.settle(forced.at);
        assert_eq!(app.table.current().record().actions[0], (0, "draw".to_string()));
        // Enter plays it at once: the next lone move (pass, the drawn card not fitting) or a choice.
        if let Some(next) = app.table.forced(app.human) {
            app.key(key(KeyCode::Enter), forced.at + 10);
            assert_eq!(app.table.current().record().actions[1], (0, next.action));
        }

        // With --confirm-forced, nothing is played for the person.
        let mut app = dealt(&["2C", "3C", "4C", "6C", "9C", "TC", "JC"], true);
        assert_eq!((app.table.forced(app.human), app.wait(0), app.note.clone()), (None, None, None));
        app.settle(100_000);
        assert_eq!(app.table.seq(), 0);
        app.key(key(KeyCode::Char('1')), 100_000);
        assert_eq!(app.table.seq(), 1);
    }

    #[test]
    fn a_card_that_leaves_one_is_offered_with_unique_said_with_it() {
        let mut app = dealt(&["5S", "9C"], false);
        assert_eq!(app.legal[0].actions, ["play 5S", "unique"]);
        assert_eq!(app.legal[0].fr, "poser 5♠ et annoncer «\u{a0}UNIQUE\u{a0}»");
        assert_eq!(app.legal[1].actions, ["play 5S"]);
        assert_eq!(app.table.forced(app.human), None, "two choices: with UNIQUE or without");
        assert!(screen(&app, 80, 24).contains("poser 5♠ et annoncer"));
        app.key(key(KeyCode::Char('1')), 100);
        assert_eq!(app.table.seq(), 2);
        assert_eq!(app.table.current().status().cards, vec![1, 7]);
        assert!(app.table.window_of(Seat(1)).is_none(), "nothing for the bot to call");
    }

    #[test]
    fn the_screen_answers_while_a_bot_thinks() {
        let mut setup = config(3, 5, Lang::Fr);
        setup.bots = vec![BotKind::Ismcts(tapis_bots::HARD_ISMCTS_ITERATIONS); 3];
        let mut app = App::new(GameId::Nantais, &setup, 0).unwrap();
        while app.table.current().status().waiting.contains(app.human) {
            app.key(key(KeyCode::Enter), 0);
        }
        let seq = app.table.seq();
        let due = app.table.due().unwrap();
        app.advance(due);
        // Asked on its thread, the bot's move has not come yet: the table waits, and says so.
        assert!(app.late && app.thinking.is_some());
        assert_eq!(app.table.seq(), seq);
        assert_eq!(app.wait(due), Some(THINKING_POLL_MS));
        let text = screen(&app, 80, 24);
        assert!(text.contains("Blaise réfléchit…"), "{text}");
        assert!(text.contains(" Blaise réfléchit… · ? règles · s marque · q quitter"), "{text}");
        app.lang = Lang::En;
        assert_eq!(app.thinking_text(), "Blaise is thinking…");
        app.lang = Lang::Fr;
        // Keys work meanwhile.
        app.key(key(KeyCode::Char('s')), due);
        assert_eq!(app.popups.front().map(|p| p.kind), Some(PopupKind::Scores));
        app.key(key(KeyCode::Esc), due + 5);
        app.key(key(KeyCode::Char('q')), due + 5);
        assert!(app.confirm_quit);
        app.key(key(KeyCode::Char('n')), due + 5);
        assert!(!app.quit);
        // The pause made the first answer stale: the bot plays its delay after it, once.
        app.settle(due + 5 + BOT_DELAY_MS);
        assert!(app.table.seq() > seq);
        assert!(!app.late);
        assert!(app.log.iter().any(|l| l.text.starts_with("Blaise ")), "{:?}", app.log);
    }

    #[test]
    fn bots_on_their_thread_choose_what_the_table_chooses() {
        let mut setup = config(3, 9, Lang::Fr);
        setup.bots = vec![BotKind::Ismcts(100); 3];
        let play = || {
            let mut app = App::new(GameId::Njet, &setup, 0).unwrap();
            let (mut pick, mut now) = (9u64, 0);
            while !app.table.is_over() {
                now += BOT_DELAY_MS;
                app.settle(now);
                if app.popups.front().is_some() {
                    app.key(key(KeyCode::Enter), now);
                } else if !app.legal.is_empty() {
                    pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    app.selected = (pick >> 33) as usize % app.legal.len();
                    app.key(key(KeyCode::Enter), now);
                }
            }
            app.table.current().record().actions.clone()
        };
        let actions = play();
        assert_eq!(play(), actions, "the same seed and moves give the same match");
        // Each bot's move is the one the table itself chooses at that point.
        let mut table = App::new(GameId::Njet, &setup, 0).unwrap().table;
        let mut bot_moves = 0;
        for (seat, action) in &actions {
            if *seat != 0 {
                let chosen = table.clone().advance_one(u64::MAX).map(|a| (a.seat.0, a.action));
                assert_eq!(chosen, Some((*seat, action.clone())));
                bot_moves += 1;
            }
            table.replay(Seat(*seat), action, 0).unwrap();
        }
        assert!(table.is_over() && bot_moves > 100, "{bot_moves}");
    }

    #[test]
    fn ctrl_c_quits_at_once_even_over_a_popup() {
        let mut app = App::new(GameId::NainJaune, &config(3, 5, Lang::Fr), 0).unwrap();
        app.key(key(KeyCode::Char('?')), 0);
        app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), 0);
        assert!(app.quit);
        assert_eq!(app.table.seq(), 0);
    }
}
