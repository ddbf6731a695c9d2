use super::THINKING_POLL_MS;
use super::app::*;
use super::draw::*;
use crate::play::{BOT_DELAY_MS, PlayConfig};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use tapis_bots::BotKind;
use tapis_core::MatchRequest;
use tapis_core::{Lang, Seat};
use tapis_table::{Choice, GameId};

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
        hints: false,
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
fn sentences_colour_hearts_diamonds_and_njet_colours() {
    let styled = |game, text| -> Vec<(String, Option<Color>)> {
        sentence(game, text, Style::new()).spans.iter().map(|s| (s.content.to_string(), s.style.fg)).collect()
    };
    assert_eq!(styled(GameId::Nantais, "poser 7♥")[1], ("7♥".to_string(), Some(Color::Red)));
    assert_eq!(styled(GameId::CrazyEights, "poser K♣").len(), 1);
    // In Njet's sentences, the colours' names take their colours.
    let line = styled(GameId::Njet, "jouer les 1 rouges, puis le 3 noir");
    assert_eq!(line[1], ("rouges,".to_string(), Some(Color::Red)));
    assert_eq!(line[3].0, "noir");
    assert_eq!(styled(GameId::Nantais, "le rouge").len(), 1);
}

#[test]
fn wrapping_keeps_words_whole_and_indents_list_items() {
    let lines = wrap("- one two three four five six seven", 12);
    assert_eq!(lines, ["- one two", "  three four", "  five six", "  seven"]);
    assert_eq!(wrap("short", 40), ["short"]);
    assert!(wrap("abcdefghijklmnopqrstuvwxyz", 10).iter().all(|l| width(l) <= 10));
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

/// `--hints`: the footer holds the hard bot's advice, one of the person's choices, whenever the
/// person has a choice; the same match without it holds none.
#[test]
fn a_practice_table_shows_the_hard_bots_advice_in_the_footer() {
    let practice = PlayConfig { hints: true, ..config(3, 5, Lang::Fr) };
    let mut app = App::new(GameId::Nantais, &practice, 0).unwrap();
    let (advice, _) = app.note.clone().expect("advice on the first turn");
    let advised = advice.strip_prefix("Conseil\u{a0}: ").unwrap_or_else(|| panic!("{advice}"));
    assert!(app.legal.iter().any(|c| advised.starts_with(&format!("{} — ", c.fr))), "{advice}: {:?}", app.legal);
    assert!(screen(&app, 100, 30).contains("Conseil"));
    app.key(key(KeyCode::Char('1')), 100);
    let mut now = 100;
    while !app.table.current().status().waiting.contains(app.human) || app.legal.len() < 2 {
        now += BOT_DELAY_MS;
        app.settle(now);
        app.refresh();
    }
    assert!(app.note.as_ref().is_some_and(|(n, error)| !error && n.starts_with("Conseil")), "{:?}", app.note);
    let plain = App::new(GameId::Nantais, &config(3, 5, Lang::Fr), 0).unwrap();
    assert_eq!(plain.note, None);
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
        let mut person = Newcomer(seed);
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
            }
            person.answer(&mut app, now);
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
        let (mut person, mut now) = (Newcomer(21), 0);
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
            person.answer(&mut app, now);
        }
        // A round of Le 8 Nantais with a person playing at random outlasts these steps;
        // every other match ends.
        assert!(app.table.is_over() || game == GameId::Nantais, "{game}");
    }
}

#[test]
fn a_njet_hand_reads_colour_by_colour() {
    let app = App::new(GameId::Njet, &config(3, 7, Lang::Fr), 0).unwrap();
    let hand: Vec<String> = hand_lines(&app, 78).iter().map(|l| l.to_string()).collect();
    assert_eq!(hand, ["rouge 5  9   bleu 6  7  8  9   noir 1  3  4   vert 1  3  5 "]);
    let narrow: Vec<String> = hand_lines(&app, 24).iter().map(|l| l.to_string()).collect();
    assert_eq!(narrow, ["rouge 5  9   bleu 6  7 ", " 8  9   noir 1  3  4 ", "vert 1  3  5 "]);
    let en = App::new(GameId::Njet, &config(3, 7, Lang::En), 0).unwrap();
    assert_eq!(hand_lines(&en, 78)[0].to_string(), "red 5  9   blue 6  7  8  9   black 1  3  4   green 1  3  5 ");
}

#[test]
fn bots_are_named_with_their_level_in_the_players_panel_and_by_name_in_the_log() {
    let mut setup = config(3, 5, Lang::Fr);
    setup.bots = vec![BotKind::Heuristic, BotKind::Ismcts(1000), BotKind::Ismcts(tapis_bots::HARD_ISMCTS_ITERATIONS)];
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
    assert!(text.contains(" Cartes Plis +Loot "), "{text}");
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
    let deal = tapis_table::games::NantaisDeal::with_rest_in_stock(
        &[hand, &["2S", "3S", "4S", "6S", "8S", "9S", "TS"]],
        &["5H"],
    );
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
        let (mut person, mut now) = (Newcomer(9), 0);
        while !app.table.is_over() {
            now += BOT_DELAY_MS;
            app.settle(now);
            person.answer(&mut app, now);
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
        table.replay(Seat(*seat), action, None, 0).unwrap();
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

/// A match of three played on from its seed for `steps` steps, the person choosing at random
/// from the seed, each popup closed at once.
fn mid_match(game: GameId, lang: Lang, seed: u64, steps: usize) -> App {
    let mut app = App::new(game, &config(3, seed, lang), 0).unwrap();
    let (mut person, mut now) = (Newcomer(seed), 0);
    for _ in 0..steps {
        now += BOT_DELAY_MS;
        app.settle(now);
        person.answer(&mut app, now);
    }
    app
}

/// A person who closes each popup at once and otherwise picks one of the choices at random, from
/// a seed (a linear congruential step: the same picks on every machine, no generator needed).
struct Newcomer(u64);

impl Newcomer {
    fn answer(&mut self, app: &mut App, now: u64) {
        if app.popups.front().is_some() {
            app.key(key(KeyCode::Enter), now);
        } else if !app.legal.is_empty() {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            app.selected = (self.0 >> 33) as usize % app.legal.len();
            app.key(key(KeyCode::Enter), now);
        }
    }
}

/// Whole screens in the middle of a seeded match of each game, in French and in English: the
/// table as each game describes it, the players and their facts, the hand, the choices, the log.
#[test]
fn whole_screens_in_the_middle_of_a_match() {
    for &game in GameId::ALL {
        for (lang, code) in [(Lang::Fr, "fr"), (Lang::En, "en")] {
            let app = mid_match(game, lang, 12, 9);
            assert!(!app.table.is_over() && app.popups.is_empty(), "{game}");
            insta::assert_snapshot!(format!("{}_{code}", game.id()), screen(&app, 100, 30));
        }
    }
}

/// The rules popup of each game, in French and in English, on a screen of 80 columns: each
/// paragraph wrapped to the popup, each item's following lines under its text.
#[test]
fn the_rules_popup_wraps_paragraphs_and_items() {
    for &game in GameId::ALL {
        for (lang, code) in [(Lang::Fr, "fr"), (Lang::En, "en")] {
            let mut app = App::new(game, &config(3, 5, lang), 0).unwrap();
            app.key(key(KeyCode::Char('?')), 0);
            let text = screen(&app, 80, 56);
            assert_eq!(app.popup_max.get(), 0, "{game}: the whole text fits the screen\n{text}");
            insta::assert_snapshot!(format!("rules_{}_{code}", game.id()), text);
        }
    }
}
