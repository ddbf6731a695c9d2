//! `tapis bench --pace`: how the bots of each level race people at a table, measured through the
//! table layer's driver itself (its windows, holds and bot decisions), in virtual time: nothing
//! here reads the clock, so the figures are the same on any machine and under any load.
//!
//! Each window is a Le 8 Nantais table of two at people's pace (bots move 700 ms after each
//! change), its match seed drawn from the run's seed:
//! - **CONTRE UNIQUE**: the person lays the 5♠ of their 5♠ 9♣ on the 5♥ and does not say
//!   UNIQUE; half a second later they end their turn. The bot may call CONTRE UNIQUE until its
//!   own first move, which closes the window (held until the window has lasted 3 s). Counted:
//!   when it called it after the card, or that it missed the window, let it pass, or was too slow.
//! - **UNIQUE**: the bot lays the 5♠ of its 5♠ 9♣. Counted: UNIQUE said with the card (the same
//!   millisecond), later (when), or never before the person's first move, one second into their
//!   turn, closes the window.
//! - **A person's only move**: when the table plays a person's lone `draw` (nothing of theirs
//!   fits the 5♥) after their turn begins.

use tapis_bots::Level;
use tapis_core::rng::game_seed;
use tapis_core::{MatchRequest, Seat};
use tapis_table::{Controller, GameId, Table, TableSetup};

/// How the bots of one level fared over the windows of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PaceFigures {
    pub windows: usize,
    /// Milliseconds from the card to each CONTRE UNIQUE called, in order of size.
    pub contre: Vec<u64>,
    /// Windows the bot did not notice.
    pub missed: usize,
    /// Windows it noticed and chose to let pass.
    pub let_pass: usize,
    /// Windows it would have answered after its own move closed them.
    pub too_slow: usize,
    /// UNIQUE said in the same millisecond as the card.
    pub with_card: usize,
    /// Milliseconds from the card to each UNIQUE said later, in order of size.
    pub later: Vec<u64>,
    /// UNIQUE never said before the window closed.
    pub never: usize,
    /// Milliseconds from the start of a person's turn to their lone move played for them, in
    /// order of size.
    pub forced: Vec<u64>,
}

fn table(seed: u64, seats: [Controller; 2], seat0: &[&str], seat1: &[&str]) -> Table {
    let deal = tapis_table::games::NantaisDeal::with_rest_in_stock(&[seat0, seat1], &["5H"]);
    let setup = TableSetup {
        game: GameId::Nantais,
        request: MatchRequest {
            players: 2,
            seed,
            dealer: None,
            options: Default::default(),
            deal: Some(serde_json::to_value(deal).expect("a deal serializes")),
        },
        controllers: seats.to_vec(),
        bot_delay_ms: 700,
        turn_clock_ms: None,
        names: Vec::new(),
        reader: None,
    };
    Table::new(setup, 0).expect("a valid deal")
}

const OTHER: [&str; 7] = ["2S", "3S", "4S", "6S", "8S", "9S", "TS"];
const TWO: [&str; 2] = ["5S", "9C"];
const NOTHING_FITS: [&str; 7] = ["2C", "3C", "4C", "6C", "9C", "TC", "JC"];

/// The figures of `level` over `windows` windows of each kind, match seeds drawn from `seed`.
pub fn measure(level: Level, windows: usize, seed: u64) -> PaceFigures {
    let bot = Controller::Bot(level.bot());
    let mut figures = PaceFigures { windows, ..Default::default() };
    for i in 0..windows as u64 {
        let match_seed = game_seed(seed, i);
        contre_window(&mut figures, table(match_seed, [Controller::Person, bot], &TWO, &OTHER));
        unique_window(&mut figures, table(match_seed, [bot, Controller::Person], &TWO, &OTHER));
        forced_delay(&mut figures, table(match_seed, [Controller::Person, bot], &NOTHING_FITS, &OTHER));
    }
    figures.contre.sort_unstable();
    figures.later.sort_unstable();
    figures.forced.sort_unstable();
    figures
}

fn contre_window(figures: &mut PaceFigures, mut table: Table) {
    table.submit(Seat(0), 0, "play 5S", 0).expect("the 5♠ fits");
    let plan = table.window_of(Seat(1)).expect("the bot sees the window");
    let mut ended = false;
    loop {
        let due = table.due();
        if !ended && due.is_none_or(|at| at > 500) {
            table.submit(Seat(0), 1, "end", 500).expect("the turn may end");
            ended = true;
            continue;
        }
        let Some(at) = due else {
            // Nothing more by itself: the window stays open, and the bot does not answer.
            match plan.delay {
                None => figures.missed += 1,
                Some(_) => figures.let_pass += 1,
            }
            return;
        };
        let Some(made) = table.advance_one(at) else { continue };
        if made.action == "contre 0" {
            figures.contre.push(made.at);
        } else {
            match plan.delay {
                None => figures.missed += 1,
                Some(delay) if delay > made.at => figures.too_slow += 1,
                Some(_) => figures.let_pass += 1,
            }
        }
        return;
    }
}

fn unique_window(figures: &mut PaceFigures, mut table: Table) {
    let laid = table.advance_one(u64::MAX).expect("the bot plays first");
    assert_eq!(laid.action, "play 5S", "the bot lays its only card that fits");
    let mut last = laid.at;
    loop {
        // The person moves a second into their turn, unless the table plays their only move.
        let person = table.current().status().waiting.contains(Seat(1)) && table.forced(Seat(1)).is_none();
        let person_at = person.then_some(last + 1000);
        let due = table.due();
        if person_at.is_some_and(|p| due.is_none_or(|d| p < d)) || due.is_none() {
            figures.never += 1;
            return;
        }
        let made = table.advance_one(due.expect("a move is due")).expect("a move is made");
        last = made.at;
        match (made.seat, made.action.as_str()) {
            (Seat(0), "unique") if made.at == laid.at => figures.with_card += 1,
            (Seat(0), "unique") => figures.later.push(made.at - laid.at),
            // Any move of the person's closes the window.
            (Seat(1), _) => figures.never += 1,
            _ => continue,
        }
        return;
    }
}

fn forced_delay(figures: &mut PaceFigures, table: Table) {
    // Nothing fits the 5♥: the person's only move is to draw, played for them.
    let forced = table.forced(Seat(0)).expect("a lone draw");
    figures.forced.push(forced.at);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_window_is_counted_once_and_no_bot_answers_by_reflex() {
        for (level, floor) in [(Level::Easy, 2000), (Level::Medium, 1500), (Level::Hard, 900)] {
            let f = measure(level, 60, 1);
            assert_eq!(f.contre.len() + f.missed + f.let_pass + f.too_slow, 60, "{level:?}: {f:?}");
            assert_eq!(f.with_card + f.later.len() + f.never, 60, "{level:?}: {f:?}");
            assert!(f.contre.iter().chain(&f.later).all(|&ms| ms >= floor), "{level:?}: {f:?}");
            assert!(f.with_card > f.later.len() + f.never, "most UNIQUEs come with the card: {f:?}");
            assert!(f.forced.iter().all(|ms| (800..=2600).contains(ms)), "{f:?}");
            assert_eq!(measure(level, 60, 1), f, "seeded: the same figures again");
        }
    }
}
