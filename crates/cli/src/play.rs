//! `tapis play`: one person against bots in the terminal, line by line (it works in any terminal,
//! over ssh, in tmux, and with a screen reader), on the table layer's driver.
//!
//! When it is your move the table is drawn from your seat's view, then your choices, numbered.
//! Type a number, or the action itself (`play 7h`). `r` shows the rules, `q` quits (the record is
//! still saved with `--save`). When you may act out of turn (a reaction window such as CONTRE
//! UNIQUE) your choices are shown with `0` to let the moment pass.
//!
//! **Bots play in their own time.** On a terminal, bots move [`BOT_DELAY_MS`] after the table
//! last changed and react in a window at their level's pace (the table layer's `pace`), whether
//! or not you are thinking: in a reaction window the first to act wins the race, as at a real
//! table. When the input is not a terminal (a script, a test), time is virtual and bots act at
//! once: you are always asked first and answer at once, so the same seed and answers give the
//! same match. Every action is told as you may know it, your private events included ("you drew
//! 7♥").
//!
//! **A practice table** (`--hints`): on each of your turns, under your choices, the hard bot's
//! move for your seat, searched from your view only, with its chance against the next best and
//! how sure it is (`docs/review.md`).
//!
//! **Your only move is played for you** (the table layer's forced moves: your seat alone is
//! awaited and has one choice), after a notice and a delay drawn like a person's; a line typed
//! meanwhile plays it at once (`q` still quits). `--confirm-forced` asks for it instead. A card
//! that leaves you one is offered with UNIQUE said with it too (« poser 5♠ et annoncer
//! « UNIQUE » »): both are played in order, and nothing can come between.

use anyhow::{Context, Result, anyhow};
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tapis_bots::{BotKind, Level};
use tapis_core::words::capitalize;
use tapis_core::{Lang, MatchRequest, Seat};
use tapis_table::{Accepted, Controller, GameId, Table, TableSetup, bot_name};

/// How long bots wait, on a terminal, before acting.
pub const BOT_DELAY_MS: u64 = 800;

pub struct PlayConfig {
    pub request: MatchRequest,
    pub human: Seat,
    pub bots: Vec<BotKind>,
    pub lang: Lang,
    /// The person's name, shown to them beside the bots' (« Ada », « Blaise »…).
    pub name: String,
    pub save: Option<std::path::PathBuf>,
    /// Bots act in real time (a person at a terminal); otherwise time is virtual.
    pub realtime: bool,
    /// Ask even when only one move is possible (otherwise it is played after a short notice).
    pub confirm_forced: bool,
    /// Show the hard bot's advice on each of the person's turns ([`hint_line`]).
    pub hints: bool,
}

/// The hard bot's advice to `seat` where the match stands, from that seat's view only
/// (`docs/review.md`): its move, its chance against the next best's, and how sure it is. `None`
/// when the seat has no choice. Drawn from the match's seed and its number of actions, so the
/// same match gives the same advice.
/// `short`: in a line a footer holds (« Conseil : poser 2♥ — 39 % contre 38 %, au coude à coude »).
pub fn hint_line(table: &Table, seat: Seat, lang: Lang, short: bool) -> Option<String> {
    let record = table.current().record();
    let seed = tapis_core::rng::game_seed(record.seed, record.actions.len() as u64);
    let names = &table.setup().names;
    let hint = tapis_table::review::hint_json(record, seat, names, tapis_bots::review::DEFAULT_BUDGET, seed).ok()??;
    hint[if short { "short" } else { "text" }][lang.pick("fr", "en")].as_str().map(str::to_string)
}

/// The match's record as `--save` writes it; a practice table's says so (`"hints": true`, as
/// `tapis serve` gives a practice table's record), since its person was advised.
pub fn record_text(table: &Table, hints: bool) -> serde_json::Result<String> {
    let mut record = serde_json::to_value(table.current().record())?;
    if hints && let Some(fields) = record.as_object_mut() {
        fields.insert("hints".into(), serde_json::Value::Bool(true));
    }
    serde_json::to_string_pretty(&record)
}

/// A seat as the results list shows it: the person's name marked as theirs, bots by name.
fn seat_name(table: &Table, seat: Seat, human: Seat, lang: Lang) -> String {
    let name = table.words(lang).name_of(seat);
    if seat == human { format!("{name} ({})", lang.pick("vous", "you")) } else { name }
}

/// How well a bot plays, in words: « facile », « moyen », « difficile » / "easy", "medium",
/// "hard" for the levels of `--level`; a bot named with `--bots` outside them by what it is.
pub fn bot_level(kind: BotKind, lang: Lang) -> String {
    let level = [Level::Easy, Level::Medium, Level::Hard].into_iter().find(|level| level.bot() == kind);
    match (level, kind) {
        (Some(level), _) => {
            let (fr, en) = level.words();
            lang.pick(fr, en).into()
        }
        (None, BotKind::Random) => lang.pick("au hasard", "random").into(),
        (None, BotKind::Heuristic) => lang.pick("heuristique", "heuristic").into(),
        (None, BotKind::FirstLegal) => lang.pick("premier coup permis", "first legal").into(),
        (None, BotKind::Learned) => lang.pick("appris", "learned").into(),
        (None, BotKind::Ismcts(n)) => format!("ISMCTS {n}"),
        (None, BotKind::IsmctsLearned(n)) => {
            lang.pick(&format!("ISMCTS {n} appris"), &format!("ISMCTS {n} learned")).into()
        }
    }
}

/// A seat as the list of players shows it: a bot by its name and level, « Ada (difficile) » /
/// "Ada (hard)"; a person by their name alone. The sentences of the game name bots without
/// their level (« Ada pose 7♥ »).
pub fn seat_label(table: &Table, seat: Seat, lang: Lang) -> String {
    let name = table.words(lang).name_of(seat);
    match table.setup().controllers.get(seat.index()) {
        Some(Controller::Bot(kind)) => format!("{name} ({})", bot_level(*kind, lang)),
        _ => name,
    }
}

/// Lines typed by the person, read on their own thread so that bots can play meanwhile.
pub fn spawn_reader(input: Box<dyn BufRead + Send>) -> Receiver<Option<String>> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut input = input;
        loop {
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = send.send(None);
                    return;
                }
                Ok(_) => {
                    if send.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    receive
}

/// Milliseconds since the start, or virtual time.
enum Clock {
    Real(Instant),
    Virtual(u64),
}

impl Clock {
    fn now(&self) -> u64 {
        match self {
            Clock::Real(start) => start.elapsed().as_millis() as u64,
            Clock::Virtual(now) => *now,
        }
    }
}

/// What the person said.
enum Said {
    Line(String),
    Nothing,
    End,
}

/// Plays a match; returns when it is over, on `q`, or at the end of the input.
pub fn play(game: GameId, config: PlayConfig, lines: Receiver<Option<String>>, out: &mut dyn Write) -> Result<()> {
    let lang = config.lang;
    let human = config.human;
    let controllers = (0..config.request.players)
        .map(|i| if i == human.index() { Controller::Person } else { Controller::Bot(config.bots[i]) })
        .collect();
    #[allow(clippy::disallowed_methods)] // the terminal gives the table its time; the table never reads it
    let mut clock = if config.realtime { Clock::Real(Instant::now()) } else { Clock::Virtual(0) };
    let setup = TableSetup {
        game,
        request: config.request.clone(),
        controllers,
        bot_delay_ms: if config.realtime { BOT_DELAY_MS } else { 0 },
        turn_clock_ms: None,
        names: (0..config.request.players)
            .map(|i| if i == human.index() { config.name.clone() } else { bot_name(Seat(i as u8)).to_string() })
            .collect(),
        reader: Some(human),
    };
    let mut table = Table::new(setup, clock.now()).map_err(|e| crate::exit::usage(e.message(lang)))?;
    table.set_auto_forced(human, !config.confirm_forced);
    // Which seat is the person's is said by name on the next line (« Joueurs : Vous, Ada… »),
    // never as a seat number counted from 0.
    writeln!(
        out,
        "{} — {} {}, {} {}",
        game.name(),
        config.request.players,
        lang.pick("joueurs", "players"),
        lang.pick("graine", "seed"),
        config.request.seed
    )?;
    writeln!(out, "{}", players_line(&table, human, lang))?;
    writeln!(
        out,
        "{}",
        lang.pick(
            "Tapez le numéro d'un choix, r pour les règles, q pour quitter.",
            "Type a choice's number, r for the rules, q to quit."
        )
    )?;
    let mut last_round = table.current().round();
    // The `seq` at which the person was last shown their choices (or the notice of their only
    // move), and whether they let a window pass there.
    let mut shown_at: Option<u64> = None;
    let mut passed_at: Option<u64> = None;
    loop {
        for accepted in table.advance(clock.now()) {
            tell(&table, &accepted, human, lang, out)?;
        }
        if table.is_over() {
            show_end(&table, human, lang, out)?;
            break;
        }
        let round = table.current().round();
        if round != last_round {
            last_round = round;
            // The round's end stays on screen (its settlement was just told) until Enter.
            let word = game.round_word(lang);
            match lang {
                Lang::Fr => writeln!(out, "\nFin de la {word}\u{a0}: appuyez sur Entrée pour continuer.")?,
                Lang::En => writeln!(out, "\nEnd of the {word}: press Enter to go on.")?,
            }
            out.flush()?;
            if let Said::End = wait(&lines, None) {
                break;
            }
            table.touch(clock.now());
            writeln!(out, "\n=== {} {} ===", capitalize(game.round_word(lang)), round)?;
        }
        let seq = table.seq();
        let choices = table.choices(human);
        let waited_for = table.current().status().waiting.contains(human);
        // The person's only move, which the table plays for them after a notice.
        let forced = table.forced(human);
        let asked = !choices.is_empty() && passed_at != Some(seq) && forced.is_none();
        if shown_at != Some(seq) && (asked || forced.is_some()) {
            shown_at = Some(seq);
            match &forced {
                Some(_) => writeln!(
                    out,
                    "{} {}",
                    lang.pick("Seul coup possible, joué pour vous\u{a0}:", "Only one move, played for you:"),
                    choices[0].words(lang)
                )?,
                None => {
                    let hint = config.hints.then(|| hint_line(&table, human, lang, false)).flatten();
                    show_choices(&table, human, &choices, waited_for, hint, lang, out)?;
                }
            }
            out.flush()?;
        }
        let due = table.due();
        let said = match &mut clock {
            Clock::Virtual(now) => {
                if asked {
                    // Virtual time: the person answers before anything else happens.
                    wait(&lines, None)
                } else if let Some(due) = due {
                    *now = due.max(*now);
                    continue;
                } else {
                    return Err(anyhow!("the match is stuck: nobody can act"));
                }
            }
            Clock::Real(start) => {
                let now = start.elapsed().as_millis() as u64;
                match due {
                    Some(due) if due <= now => continue,
                    Some(due) => wait(&lines, Some(Duration::from_millis(due - now))),
                    None if asked => wait(&lines, None),
                    None => return Err(anyhow!("the match is stuck: nobody can act")),
                }
            }
        };
        let line = match said {
            Said::Nothing => continue,
            Said::End => break,
            Said::Line(line) => line,
        };
        let line = line.trim();
        match line {
            "q" | "quit" | "quitter" => {
                writeln!(out, "{}", lang.pick("Partie abandonnée.", "Match abandoned."))?;
                break;
            }
            "r" | "rules" | "règles" => {
                writeln!(out, "{}", crate::wrap_paragraphs(game.rules_text(lang), crate::text_width()).join("\n"))?;
                shown_at = None;
                continue;
            }
            "" if forced.is_none() => continue,
            _ => {}
        }
        if choices.is_empty() {
            writeln!(out, "{}", lang.pick("Ce n'est pas à vous de jouer.", "It is not your move."))?;
            continue;
        }
        let actions = if forced.is_some() {
            // A line during the notice plays the move at once.
            choices[0].actions.clone()
        } else if line == "0" && !waited_for {
            passed_at = Some(seq);
            continue;
        } else if let Ok(n) = line.parse::<usize>() {
            match choices.get(n.wrapping_sub(1)) {
                Some(choice) => choice.actions.clone(),
                None => {
                    writeln!(
                        out,
                        "{} 1-{}.",
                        lang.pick("Choisissez un numéro entre", "Choose a number from"),
                        choices.len()
                    )?;
                    continue;
                }
            }
        } else {
            vec![line.to_string()]
        };
        // A card and its UNIQUE are submitted one after the other, nothing between.
        for (i, action) in actions.iter().enumerate() {
            match table.submit(human, seq + i as u64, action, clock.now()) {
                Ok(accepted) => tell(&table, &accepted, human, lang, out)?,
                Err(e) => {
                    writeln!(out, "{}", table.refusal(&e, human, lang))?;
                    break;
                }
            }
        }
    }
    if let Some(path) = &config.save {
        let json = record_text(&table, config.hints)?;
        std::fs::write(path, json).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "{} {}", lang.pick("Partie enregistrée dans", "Record saved to"), path.display())?;
    }
    Ok(())
}

/// The seats in order, bots with their level: « Joueurs : Vous, Blaise (difficile), Colette
/// (difficile) ». The person is marked as such when they chose their own name.
fn players_line(table: &Table, human: Seat, lang: Lang) -> String {
    let seats: Vec<String> = (0..table.current().players())
        .map(|i| {
            let seat = Seat(i as u8);
            let label = seat_label(table, seat, lang);
            let default_name = ["Vous", "You"].contains(&label.as_str());
            if seat == human && !default_name { format!("{label} ({})", lang.pick("vous", "you")) } else { label }
        })
        .collect();
    format!("{}{}", lang.pick("Joueurs\u{a0}: ", "Players: "), seats.join(", "))
}

fn wait(lines: &Receiver<Option<String>>, timeout: Option<Duration>) -> Said {
    let received = match timeout {
        None => lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
        Some(timeout) => lines.recv_timeout(timeout),
    };
    match received {
        Ok(Some(line)) => Said::Line(line),
        Ok(None) | Err(RecvTimeoutError::Disconnected) => Said::End,
        Err(RecvTimeoutError::Timeout) => Said::Nothing,
    }
}

fn show_choices(
    table: &Table,
    human: Seat,
    choices: &[tapis_table::Choice],
    waited_for: bool,
    hint: Option<String>,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<()> {
    writeln!(out, "\n{}", table.current().render_view(Some(human), &table.words(lang)))?;
    if waited_for {
        writeln!(out, "{}", lang.pick("À vous de jouer\u{a0}:", "Your move:"))?;
    } else {
        writeln!(
            out,
            "{}",
            lang.pick("Vous pouvez agir maintenant, hors de votre tour\u{a0}:", "You may act now, out of turn:")
        )?;
        writeln!(out, "  0) {}", lang.pick("ne rien faire", "do nothing"))?;
    }
    for (i, choice) in choices.iter().enumerate() {
        writeln!(out, "  {}) {}   [{}]", i + 1, choice.words(lang), choice.actions.join(" + "))?;
    }
    if let Some(hint) = hint {
        writeln!(out, "{hint}")?;
    }
    write!(out, "> ")?;
    out.flush()?;
    Ok(())
}

/// What the person is told of an accepted action: every event they may know, once, in words
/// addressed to them (« Vous posez 7♥ », « Ada pioche une carte »). An action of theirs that
/// made no event is told in its own words. Another seat's action is told only through its
/// events (its text may name a card the person may not see).
fn tell(table: &Table, accepted: &Accepted, human: Seat, lang: Lang, out: &mut dyn Write) -> Result<()> {
    let told = accepted.told_to(Some(human));
    if accepted.seat == human && told.iter().all(|e| e.text(lang).is_empty()) {
        let words = table.current().describe_action(&accepted.action, &table.words(lang));
        writeln!(out, "• {words}")?;
    }
    for event in told {
        let text = event.text(lang);
        if !text.is_empty() {
            writeln!(out, "    {text}")?;
        }
    }
    Ok(())
}

fn show_end(table: &Table, human: Seat, lang: Lang, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "\n{}", table.current().render_view(Some(human), &table.words(lang)))?;
    writeln!(out, "=== {} ===", lang.pick("Fin de la partie", "End of the match"))?;
    let status = table.current().status();
    for (i, score) in status.scores.iter().enumerate() {
        let seat = Seat(i as u8);
        let mark = if status.winners.contains(seat) { lang.pick("  ← gagnant", "  ← winner") } else { "" };
        writeln!(out, "  {:<16} {score}{mark}", seat_name(table, seat, human, lang))?;
    }
    let verdict = if status.winners.contains(human) {
        lang.pick("Vous avez gagné\u{a0}!", "You won!")
    } else {
        lang.pick("Vous avez perdu.", "You lost.")
    };
    writeln!(out, "{verdict}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str, bots: [BotKind; 3]) -> Table {
        let setup = TableSetup {
            game: GameId::NainJaune,
            request: MatchRequest { players: 4, seed: 1, dealer: None, options: Default::default(), deal: None },
            controllers: std::iter::once(Controller::Person).chain(bots.map(Controller::Bot)).collect(),
            bot_delay_ms: 0,
            turn_clock_ms: None,
            names: std::iter::once(name.to_string()).chain((1..4).map(|i| bot_name(Seat(i)).to_string())).collect(),
            reader: Some(Seat(0)),
        };
        Table::new(setup, 0).unwrap()
    }

    #[test]
    fn the_seats_are_listed_first_with_the_bots_levels() {
        let levels = [BotKind::Heuristic, BotKind::Ismcts(1000), BotKind::Ismcts(tapis_bots::HARD_ISMCTS_ITERATIONS)];
        assert_eq!(
            players_line(&table("Vous", levels), Seat(0), Lang::Fr),
            "Joueurs\u{a0}: Vous, Blaise (facile), Colette (moyen), Denis (difficile)"
        );
        assert_eq!(
            players_line(&table("Marie", levels), Seat(0), Lang::En),
            "Players: Marie (you), Blaise (easy), Colette (medium), Denis (hard)"
        );
        let others = [BotKind::Random, BotKind::Ismcts(300), BotKind::Heuristic];
        assert_eq!(
            players_line(&table("You", others), Seat(0), Lang::Fr),
            "Joueurs\u{a0}: You, Blaise (au hasard), Colette (ISMCTS 300), Denis (facile)"
        );
    }

    #[test]
    fn the_line_mode_lists_the_seats_before_the_first_move() {
        let config = PlayConfig {
            request: MatchRequest { players: 3, seed: 4, dealer: None, options: Default::default(), deal: None },
            human: Seat(0),
            bots: vec![BotKind::Ismcts(tapis_bots::HARD_ISMCTS_ITERATIONS); 3],
            lang: Lang::Fr,
            name: "Vous".into(),
            save: None,
            realtime: false,
            confirm_forced: false,
            hints: false,
        };
        let (send, lines) = std::sync::mpsc::channel();
        send.send(Some("q\n".to_string())).unwrap();
        let mut out = Vec::new();
        play(GameId::Nantais, config, lines, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let second = out.lines().nth(1).unwrap();
        assert_eq!(second, "Joueurs\u{a0}: Vous, Blaise (difficile), Colette (difficile)");
        assert!(out.contains("Partie abandonnée."), "{out}");
    }

    /// The line mode's output for a match of two where the person holds `hand` and plays first
    /// on the 5♥, answering `lines`.
    fn dealt(hand: &[&str], confirm_forced: bool, lines: &[&str]) -> String {
        let deal = tapis_table::games::NantaisDeal::with_rest_in_stock(
            &[hand, &["2S", "3S", "4S", "6S", "8S", "9S", "TS"]],
            &["5H"],
        );
        let config = PlayConfig {
            request: MatchRequest {
                players: 2,
                seed: 4,
                dealer: None,
                options: Default::default(),
                deal: Some(serde_json::to_value(deal).unwrap()),
            },
            human: Seat(0),
            bots: vec![BotKind::Heuristic; 2],
            lang: Lang::Fr,
            name: "Vous".into(),
            save: None,
            realtime: false,
            confirm_forced,
            hints: false,
        };
        let (send, received) = std::sync::mpsc::channel();
        for line in lines {
            send.send(Some(format!("{line}\n"))).unwrap();
        }
        send.send(Some("q\n".into())).unwrap();
        let mut out = Vec::new();
        play(GameId::Nantais, config, received, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_only_move_is_played_after_a_notice_unless_confirm_forced() {
        let nothing_fits = ["2C", "3C", "4C", "6C", "9C", "TC", "JC"];
        let out = dealt(&nothing_fits, false, &[]);
        let notice = out.find("Seul coup possible, joué pour vous\u{a0}: piocher").expect(&out);
        assert!(out[notice..].contains("Vous piochez"), "{out}");
        assert!(!out.contains("1) piocher"), "not asked: {out}");
        let out = dealt(&nothing_fits, true, &["1"]);
        assert!(!out.contains("Seul coup possible"), "{out}");
        let asked = out.find("1) piocher (ou prendre la pénalité)   [draw]").expect(&out);
        assert!(out[asked..].contains("Vous piochez"), "{out}");
    }

    #[test]
    fn a_card_that_leaves_one_is_offered_with_unique_said_with_it() {
        let out = dealt(&["5S", "9C"], false, &["1"]);
        assert!(out.contains("  1) poser 5♠ et annoncer «\u{a0}UNIQUE\u{a0}»   [play 5S + unique]"), "{out}");
        assert!(out.contains("  2) poser 5♠   [play 5S]"), "{out}");
        let said = out.find("Vous posez 5♠.").expect(&out);
        assert!(out[said..].contains("Vous annoncez «\u{a0}UNIQUE\u{a0}»"), "{out}");
    }
}
