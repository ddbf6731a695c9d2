//! The full-screen table's state: the match, the person's choices in progress, the log and the
//! popups, and what each key does to them.

use super::THINKING_POLL_MS;
use crate::play::{BOT_DELAY_MS, PlayConfig};
use anyhow::Result;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier, Style};
use std::cell::Cell as Memo;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use tapis_core::words::capitalize;
use tapis_core::{Lang, Seat, Words};
use tapis_table::{
    Accepted, Answered, Choice, Controller, GameId, JobAnswer, JobKey, Status, Table, TableSetup, TableText, bot_name,
};

/// One line of the log.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LogLine {
    pub(super) text: String,
    pub(super) kind: LogKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LogKind {
    /// What the person did.
    Mine,
    /// What others did, or what happened.
    Told,
    /// A round ended.
    Mark,
}

/// A box over the table, closed by a key.
#[derive(Clone, Debug)]
pub(super) struct Popup {
    pub(super) kind: PopupKind,
    pub(super) title: String,
    pub(super) lines: Vec<(String, Style)>,
    pub(super) scroll: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PopupKind {
    Rules,
    Scores,
    /// The settlement of a round, held until a key is pressed.
    RoundEnd,
    MatchEnd,
}

/// Everything the screen shows, and the person's choices in progress.
pub(super) struct App {
    pub(super) game: GameId,
    pub(super) lang: Lang,
    pub(super) human: Seat,
    pub(super) table: Table,
    /// The match's public facts (round, seats waited for, scores, cards left) and its dealer,
    /// and the person's choices with their words, at `seen`.
    pub(super) status: Status,
    pub(super) dealer: Seat,
    pub(super) legal: Vec<Choice>,
    /// The table as the game describes it to the person, at `seen`.
    pub(super) text: TableText,
    pub(super) seen: (u32, u64),
    pub(super) selected: usize,
    /// Digits typed so far.
    pub(super) typed: String,
    pub(super) log: Vec<LogLine>,
    /// Log lines scrolled back from the newest.
    pub(super) log_back: usize,
    /// The most `log_back` can be at the last draw.
    pub(super) log_max: Memo<usize>,
    pub(super) popups: VecDeque<Popup>,
    /// The most the front popup can scroll at the last draw.
    pub(super) popup_max: Memo<usize>,
    /// A sentence for the footer, and whether it is an error.
    pub(super) note: Option<(String, bool)>,
    /// The hard bot's advice goes to the footer on each of the person's turns (`--hints`).
    pub(super) hints: bool,
    pub(super) confirm_quit: bool,
    pub(super) quit: bool,
    /// The table's next move by itself (a bot's, or the turn clock's), being worked out on its
    /// own thread so that the screen keeps answering while a bot searches.
    pub(super) thinking: Option<Thinking>,
    /// Its answer, kept until the move is due.
    pub(super) answered: Option<JobAnswer>,
    /// At the last `advance`, a bot's move was due and its answer had not come yet.
    pub(super) late: bool,
    /// A bot's thread ended without answering: the match cannot go on.
    pub(super) failed: bool,
}

/// A job of the table's on its thread: where the table stood when it was taken (the answer is
/// applied only to a table still standing there, so that a person's move made meanwhile, or a
/// pause, makes it stale), and where its answer comes.
pub(super) struct Thinking {
    pub(super) key: JobKey,
    pub(super) answer: Receiver<JobAnswer>,
}

impl App {
    pub(super) fn new(game: GameId, config: &PlayConfig, now: u64) -> Result<App> {
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
        let (status, dealer) = (table.current().status(), table.current().dealer());
        let mut app = App {
            game,
            lang: config.lang,
            human,
            table,
            status,
            dealer,
            legal: Vec::new(),
            text: TableText::default(),
            seen: (0, u64::MAX),
            selected: 0,
            typed: String::new(),
            log: Vec::new(),
            log_back: 0,
            log_max: Memo::new(0),
            popups: VecDeque::new(),
            popup_max: Memo::new(0),
            note: None,
            hints: config.hints,
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

    pub(super) fn words(&self) -> Words<'_> {
        self.table.words(self.lang)
    }

    /// Bots and popups stop the table: nothing happens behind a round's settlement.
    pub(super) fn paused(&self) -> bool {
        !self.popups.is_empty()
    }

    /// Makes the moves due by `now`, one by one, stopping at the end of a round (the person's
    /// only move among them, once its notice has been shown).
    ///
    /// The table's next move by itself is worked out on a thread ([`Table::job`]) as soon as
    /// one is due to come, and handed back to the table when it is due and has come; meanwhile
    /// `late` says that a bot is still thinking.
    pub(super) fn advance(&mut self, now: u64) {
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
    pub(super) fn settle(&mut self, now: u64) {
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
    pub(super) fn think(&mut self) {
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
    pub(super) fn collect(&mut self) {
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
    pub(super) fn thinking_text(&self) -> String {
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
    pub(super) fn wait(&self, now: u64) -> Option<u64> {
        if self.paused() || self.failed {
            return None;
        }
        self.table.due().map(|due| if due <= now { THINKING_POLL_MS } else { due - now })
    }

    /// The match's facts and the choices again, when the match moved.
    pub(super) fn refresh(&mut self) {
        let seen = (self.table.match_no(), self.table.seq());
        if seen == self.seen {
            return;
        }
        let kept = self.legal.get(self.selected).map(|l| l.actions.clone());
        self.seen = seen;
        self.status = self.table.current().status();
        self.dealer = self.table.current().dealer();
        self.legal = self.table.choices(self.human);
        self.text = self.table.current().table_text(Some(self.human), &self.table.words(self.lang));
        self.selected = kept.and_then(|a| self.legal.iter().position(|l| l.actions == a)).unwrap_or(0);
        self.typed.clear();
        if self.note.as_ref().is_some_and(|(_, error)| !error) {
            self.note = None;
        }
        if self.hints && !self.legal.is_empty() && self.table.forced(self.human).is_none() {
            self.note = crate::play::hint_line(&self.table, self.human, self.lang, true).map(|hint| (hint, false));
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
    pub(super) fn take(&mut self, accepted: Accepted) {
        let told = told_lines(&self.table, &accepted, self.human, self.lang);
        let kind = if accepted.seat == self.human { LogKind::Mine } else { LogKind::Told };
        self.log.extend(told.iter().map(|text| LogLine { text: text.clone(), kind }));
        self.log_back = 0;
        if let Some(summary) = &accepted.round_over {
            let word = capitalize(self.game.round_word(self.lang));
            let mark = match self.lang {
                Lang::Fr => format!("── {word} {} terminée ──", summary.round),
                Lang::En => format!("── {word} {} over ──", summary.round),
            };
            self.log.push(LogLine { text: mark, kind: LogKind::Mark });
            let popup = self.round_popup(&told, &summary.change, &summary.scores_after, summary.round);
            self.popups.push_back(popup);
        }
    }

    pub(super) fn round_popup(&self, told: &[String], change: &[i64], after: &[i64], round: u32) -> Popup {
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
            let mark = if won { self.lang.pick("  ← gagnant", "  ← winner") } else { "" };
            let style = if seat == self.human { Style::new().add_modifier(Modifier::BOLD) } else { Style::new() };
            lines.push((format!("  {name:<width$}  {:>5}  → {total:>5}{mark}", signed(*delta)), style));
        }
        let (title, kind) = if over {
            lines.push((String::new(), Style::new()));
            let verdict = if status.winners.contains(self.human) {
                self.lang.pick("Vous avez gagné\u{a0}!", "You won!")
            } else {
                self.lang.pick("Vous avez perdu.", "You lost.")
            };
            lines.push((verdict.to_string(), Style::new().add_modifier(Modifier::BOLD).fg(Color::Yellow)));
            (self.lang.pick("Fin de la partie", "End of the match").to_string(), PopupKind::MatchEnd)
        } else {
            let word = self.game.round_word(self.lang);
            let title = match self.lang {
                Lang::Fr => format!("Fin de la {word} {round}"),
                Lang::En => format!("End of {word} {round}"),
            };
            (title, PopupKind::RoundEnd)
        };
        Popup { kind, title, lines, scroll: 0 }
    }

    pub(super) fn text_popup(&self, kind: PopupKind, title: &str, text: &str) -> Popup {
        Popup {
            kind,
            title: title.to_string(),
            lines: text.lines().map(|l| (l.to_string(), Style::new())).collect(),
            scroll: 0,
        }
    }

    /// The score sheet, round by round, as a popup.
    pub(super) fn scores_popup(&self) -> Popup {
        let words = self.words();
        let players = self.table.current().players();
        let names: Vec<String> = (0..players).map(|i| words.name_of(Seat(i as u8))).collect();
        let col = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).clamp(5, 10) + 2;
        let head = |s: &str| format!("{s:>col$}", s = s.chars().take(col - 2).collect::<String>());
        let mut lines = Vec::new();
        let header: String = names.iter().map(|n| head(n)).collect();
        lines.push((
            format!("{:<8}{header}", capitalize(self.game.round_word(self.lang))),
            Style::new().add_modifier(Modifier::BOLD),
        ));
        for round in self.table.rounds() {
            let cells: String = round.change.iter().map(|c| format!("{:>col$}", signed(*c))).collect();
            lines.push((format!("{:<8}{cells}", round.round), Style::new()));
        }
        let totals: String =
            self.table.current().scores().iter().map(|s| format!("{:>col$}", tapis_core::number(*s))).collect();
        lines.push((
            format!("{:<8}{totals}", self.lang.pick("Total", "Total")),
            Style::new().add_modifier(Modifier::BOLD),
        ));
        Popup {
            kind: PopupKind::Scores,
            title: self.lang.pick("Feuille de marque", "Score sheet").into(),
            lines,
            scroll: 0,
        }
    }

    /// A key pressed at `now`.
    pub(super) fn key(&mut self, key: KeyEvent, now: u64) {
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
                    let ask = self.lang.pick(
                        "Quitter la partie\u{a0}? q ou o pour quitter, une autre touche pour rester.",
                        "Quit the match? q or y to quit, any other key to stay.",
                    );
                    self.note = Some((ask.into(), true));
                }
            }
            KeyCode::Char('?' | 'r') | KeyCode::F(1) => {
                let title = format!("{} — {}", self.game.name(), self.lang.pick("règles", "rules"));
                let popup = self.text_popup(PopupKind::Rules, &title, self.game.rules_text(self.lang));
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
    pub(super) fn digit(&mut self, digit: char, now: u64) {
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
    pub(super) fn not_your_move(&mut self) {
        let who = self.words().list(self.table.current().status().actors.iter());
        let text = match self.lang {
            Lang::Fr => format!("Pas encore à vous\u{a0}: on attend {who}."),
            Lang::En => format!("Not your move yet: waiting for {who}."),
        };
        self.note = Some((text, false));
    }

    pub(super) fn submit(&mut self, index: usize, now: u64) {
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

    pub(super) fn popup_key(&mut self, key: KeyEvent, now: u64) {
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
    pub(super) fn farewell(&self) -> String {
        let words = self.words();
        let status = self.table.current().status();
        let end = if status.over {
            self.lang.pick("fin de la partie", "end of the match")
        } else {
            self.lang.pick("partie abandonnée", "match abandoned")
        };
        let seed = self.table.setup().request.seed;
        let mut text = format!("{} — {end} ({} {seed})\n", self.game.name(), self.lang.pick("graine", "seed"));
        for (i, score) in status.scores.iter().enumerate() {
            let seat = Seat(i as u8);
            let mark = if status.over && status.winners.contains(seat) {
                self.lang.pick("  ← gagnant", "  ← winner")
            } else {
                ""
            };
            text += &format!("  {:<16} {score}{mark}\n", words.name_of(seat));
        }
        text
    }
}

/// What the person is told of an accepted action, as `play.rs` tells it: every event they may
/// know, and their own action in words when it made no event.
pub(super) fn told_lines(table: &Table, accepted: &Accepted, human: Seat, lang: Lang) -> Vec<String> {
    let told = accepted.told_to(Some(human));
    let mut lines = Vec::new();
    if accepted.seat == human && told.iter().all(|e| e.text(lang).is_empty()) {
        lines.push(capitalize(&table.current().describe_action(&accepted.action, &table.words(lang))));
    }
    lines.extend(told.iter().map(|e| e.text(lang).to_string()).filter(|t| !t.is_empty()));
    lines
}

pub(super) fn signed(n: i64) -> String {
    if n > 0 { format!("+{n}") } else { tapis_core::number(n) }
}
