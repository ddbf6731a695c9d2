//! `tapis play`: one person against bots in the terminal, line by line (it works in any terminal,
//! over ssh, in tmux, and with a screen reader).
//!
//! When it is your move the table is drawn from your seat's view, then your choices, numbered.
//! Type a number, or the action itself (`play 7h`). `r` shows the rules, `q` quits (the record is
//! still saved with `--save`). When you may act out of turn (a reaction window such as CONTRE
//! UNIQUE), you are asked first, and `0` lets the window pass. Bots act at once and every action
//! is told in words.

use anyhow::{Context, Result};
use std::io::{BufRead, Write};
use tapis_bots::{BotKind, next_move_among};
use tapis_core::rng::game_seed;
use tapis_core::{ActionList, Game, GameRng, Lang, Match, MatchRequest, Seat, SeatSet};

pub struct PlayConfig {
    pub request: MatchRequest,
    pub human: Seat,
    pub bots: Vec<BotKind>,
    pub lang: Lang,
    pub save: Option<std::path::PathBuf>,
}

fn t(lang: Lang, fr: &'static str, en: &'static str) -> &'static str {
    lang.pick(fr, en)
}

fn seat_name(seat: Seat, human: Seat, lang: Lang) -> String {
    if seat == human { t(lang, "Vous", "You").to_string() } else { format!("{} {seat}", t(lang, "Joueur", "Player")) }
}

/// Plays a match; returns when it is over, on `q`, or at the end of the input.
pub fn play<G: Game>(config: PlayConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let lang = config.lang;
    let mut game = Match::<G>::new(&config.request).map_err(|e| anyhow::anyhow!("{e}"))?;
    let human = config.human;
    let mut rng = GameRng::seed_from_u64(game_seed(config.request.seed, 0xB0B));
    writeln!(
        out,
        "{} — {} {}, {} {}, seed {}",
        G::NAME,
        game.state().players(),
        t(lang, "joueurs", "players"),
        t(lang, "vous êtes le joueur", "you are seat"),
        human,
        config.request.seed
    )?;
    writeln!(
        out,
        "{}",
        t(
            lang,
            "Tapez le numéro d'un choix, r pour les règles, q pour quitter.",
            "Type a choice's number, r for the rules, q to quit."
        )
    )?;
    let mut legal = ActionList::new();
    let mut last_round = game.state().round();
    loop {
        let state = game.state().clone();
        if state.is_over() {
            show_end::<G>(&state, human, lang, out)?;
            break;
        }
        if state.round() != last_round {
            last_round = state.round();
            writeln!(out, "\n=== {} {} ===", t(lang, "Manche", "Round"), last_round)?;
        }
        let waiting = state.waiting_for();
        let mut human_passed = false;
        if state.actors().contains(human) {
            legal.clear();
            state.legal_actions(human, &mut legal);
            let optional = !waiting.contains(human);
            match ask::<G>(&state, human, &legal, optional, lang, input, out)? {
                Answer::Act(action) => {
                    let events = game.act_parsed(human, action).map_err(|e| anyhow::anyhow!("{e}"))?;
                    tell::<G>(human, action, &events, human, lang, out)?;
                    continue;
                }
                Answer::Pass => human_passed = true,
                Answer::Quit => {
                    writeln!(out, "{}", t(lang, "Partie abandonnée.", "Match abandoned."))?;
                    break;
                }
            }
        }
        // The bots' turn (or the human let a window pass).
        let bots = SeatSet(SeatSet::all(state.players()).0 & !SeatSet::single(human).0);
        let Some((seat, action)) = next_move_among(&state, &config.bots, bots, &mut rng) else {
            if human_passed {
                // Only the human could act and let it pass: ask again (nothing else can happen).
                continue;
            }
            anyhow::bail!("the match is stuck: nobody can act");
        };
        let events = game.act_parsed(seat, action).map_err(|e| anyhow::anyhow!("{e}"))?;
        tell::<G>(seat, action, &events, human, lang, out)?;
    }
    if let Some(path) = &config.save {
        let json = serde_json::to_string_pretty(game.record())?;
        std::fs::write(path, json).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "{} {}", t(lang, "Partie enregistrée dans", "Record saved to"), path.display())?;
    }
    Ok(())
}

enum Answer<A> {
    Act(A),
    Pass,
    Quit,
}

fn ask<G: Game>(
    state: &G,
    human: Seat,
    legal: &[G::Action],
    optional: bool,
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Answer<G::Action>> {
    writeln!(out, "\n{}", G::render_view(&state.view(Some(human)), lang))?;
    if optional {
        writeln!(
            out,
            "{}",
            t(lang, "Vous pouvez agir maintenant, hors de votre tour :", "You may act now, out of turn:")
        )?;
        writeln!(out, "  0) {}", t(lang, "ne rien faire", "do nothing"))?;
    } else {
        writeln!(out, "{}", t(lang, "À vous de jouer :", "Your move:"))?;
    }
    for (i, &action) in legal.iter().enumerate() {
        writeln!(out, "  {}) {}   [{action}]", i + 1, G::describe_action(action, lang))?;
    }
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(Answer::Quit);
        }
        let line = line.trim();
        match line {
            "q" | "quit" | "quitter" => return Ok(Answer::Quit),
            "r" | "rules" | "règles" => {
                writeln!(out, "{}", G::rules_text(lang))?;
                continue;
            }
            "0" if optional => return Ok(Answer::Pass),
            "" => continue,
            _ => {}
        }
        if let Ok(n) = line.parse::<usize>() {
            if (1..=legal.len()).contains(&n) {
                return Ok(Answer::Act(legal[n - 1]));
            }
            writeln!(out, "{} 1-{}.", t(lang, "Choisissez un numéro entre", "Choose a number from"), legal.len())?;
            continue;
        }
        match G::parse_action(line) {
            Ok(action) if legal.contains(&action) => return Ok(Answer::Act(action)),
            Ok(_) => {
                writeln!(out, "{}", t(lang, "Ce coup n'est pas permis maintenant.", "That move is not allowed now."))?
            }
            Err(e) => writeln!(out, "{e}")?,
        }
    }
}

fn tell<G: Game>(
    seat: Seat,
    action: G::Action,
    events: &[G::Event],
    human: Seat,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<()> {
    writeln!(out, "• {} : {}", seat_name(seat, human, lang), G::describe_action(action, lang))?;
    for event in events {
        let text = G::describe_event(event, lang);
        if !text.is_empty() {
            writeln!(out, "    {text}")?;
        }
    }
    Ok(())
}

fn show_end<G: Game>(state: &G, human: Seat, lang: Lang, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "\n{}", G::render_view(&state.view(Some(human)), lang))?;
    writeln!(out, "=== {} ===", t(lang, "Fin de la partie", "End of the match"))?;
    for (seat, score) in state.scores().seats() {
        let mark = if state.winners().contains(seat) { t(lang, "  ← gagnant", "  ← winner") } else { "" };
        writeln!(out, "  {:<10} {score}{mark}", seat_name(seat, human, lang))?;
    }
    let verdict = if state.winners().contains(human) {
        t(lang, "Vous avez gagné !", "You won!")
    } else {
        t(lang, "Vous avez perdu.", "You lost.")
    };
    writeln!(out, "{verdict}")?;
    Ok(())
}
