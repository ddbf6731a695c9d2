//! Texts for people, in French and English.

use crate::cards::{Cell, rank_name};
use crate::rules::{EndReason, Event, NewRunReason};
use crate::{Action, Phase, View};
use std::fmt::Write;
use tapis_core::error::seat_words;
use tapis_core::{FrenchCard, Lang, Seat, SeatSet};

const RULES_FR: &str = "\
LE NAIN JAUNE — de 3 à 8 joueurs (2 avec two_players), 52 cartes, l'As est la plus faible.
But : se débarrasser le premier de ses cartes et ramasser le plus de jetons.

Plateau : 10♦ (1 jeton par joueur), Valet♣ (2), Dame♠ (3), Roi♥ (4), 7♦ le Nain Jaune (5).
Chaque manche, chacun mise ces 15 jetons ; ce qui reste des manches précédentes reste en place.
Donne : 3 j. 15 cartes, 4 j. 12, 5 j. 9, 6 j. 8, 7 j. 7, 8 j. 6 (2 j. 22) ; le reste est mis
de côté, face cachée, toute la manche.

Le joueur à gauche du donneur pose une carte quelconque (play <carte>) puis, s'il le peut et le
veut, la carte du rang juste au-dessus, de n'importe quelle couleur, et ainsi de suite. Quand il
s'arrête (stop), il annonce « sans … » le rang manquant : le joueur à sa gauche doit poser ce rang
s'il l'a, sinon il passe (pass) ; celui qui répond continue la suite à son tour. Si personne ne
répond, le dernier à avoir joué entame une nouvelle suite. « Roi et je recommence ! » : après un Roi
on entame une nouvelle suite. Poser une carte du plateau ramasse toute sa case (« … qui prend ! »).

Le premier sans carte gagne la manche : chaque autre lui paie 1 jeton par carte restante ; qui
garde une carte du plateau double sa case ; s'il a tout posé avant que quiconque ait posé une
carte, c'est un Grand Opéra : il rafle aussi tout le plateau. La partie s'arrête après une manche
qu'un joueur n'a pu payer en entier, ou quand un joueur ne peut plus miser 15 jetons. Le plus
riche gagne (ex æquo possibles).

Reconstitutions (règles incertaines, modifiables par option) : l'ordre du règlement
(settlement_order), la définition du Grand Opéra (grand_opera), l'obligation de fournir
(follow_optional), l'annonce « qui prend » (manual_claim, verbe claim), le paiement aux points
(payment), le jeu à deux (two_players), la fin de partie (rounds).";

const RULES_EN: &str = "\
LE NAIN JAUNE (the Yellow Dwarf) — 3 to 8 players (2 with two_players), 52 cards, Ace low.
Goal: be the first out of cards, and end with the most chips.

Board: 10♦ (1 chip per player), Jack♣ (2), Queen♠ (3), King♥ (4), 7♦ the Yellow Dwarf (5).
Each round everyone stakes these 15 chips; chips left from earlier rounds stay on the board.
Deal: 3p 15 cards, 4p 12, 5p 9, 6p 8, 7p 7, 8p 6 (2p 22); the rest is put aside face down for
the whole round.

The player left of the dealer lays any card (play <card>), then, if he can and wants, a card of
the next rank up, any suit, and so on. When he stops (stop) he calls the missing rank (« sans … »,
\"without …\"): the player on his left must lay that rank if he has it, else he passes (pass);
whoever answers goes on with the run. If nobody answers, the last player to have laid a card
starts a new run. After a King, its player starts a new run. Laying a board card takes its whole
cell (« … qui prend ! »).

The first player out of cards wins the round: every other pays him 1 chip per card left; whoever
still holds a board card doubles its cell; if he went out before anyone else laid a card, it is a
Grand Opéra and he also sweeps the board. The match ends after a round someone could not pay in
full, or when someone cannot stake 15 chips. The richest player wins (ties are shared).

Reconstructions (uncertain rules, each an option): the settlement order (settlement_order), what
a Grand Opéra is (grand_opera), must-follow (follow_optional), announcing « qui prend »
(manual_claim, verb claim), payment by card points (payment), two players (two_players), the end
of the match (rounds).";

pub(crate) fn rules_text(lang: Lang) -> &'static str {
    lang.pick(RULES_FR, RULES_EN)
}

/// A card for people: `7♦`, `10♠`, and the figures as each language names them (V, D, R in
/// French; J, Q, K in English).
fn card_text(card: FrenchCard, lang: Lang) -> String {
    match (lang, card.rank().map(|r| r.value()), card.suit()) {
        (Lang::Fr, Some(rank @ 11..=13), Some(suit)) => {
            format!("{}{}", ["V", "D", "R"][rank as usize - 11], suit.symbol())
        }
        _ => card.pretty(),
    }
}

fn card_list(cards: impl Iterator<Item = FrenchCard>, lang: Lang) -> String {
    let list: Vec<String> = cards.map(|c| card_text(c, lang)).collect();
    if list.is_empty() { "—".into() } else { list.join(" ") }
}

fn seats(set: SeatSet) -> String {
    let list: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    list.join(", ")
}

pub(crate) fn render_view(view: &View, lang: Lang) -> String {
    let t = &view.table;
    let fr = lang == Lang::Fr;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} — {} {}",
        lang.pick("Manche", "Round"),
        t.round,
        lang.pick("donneur : joueur", "dealer: seat"),
        t.dealer
    );
    let mut board = String::new();
    for cell in Cell::ALL {
        let _ = write!(board, "{} {}   ", cell_label(cell, lang), t.board[cell]);
    }
    let _ = writeln!(
        out,
        "{} {}   {}",
        lang.pick("Plateau (jetons par case) :", "Board (chips per cell):"),
        board.trim_end(),
        lang.pick("(7♦ = le Nain Jaune)", "(7♦ = the Yellow Dwarf)")
    );
    for seat in Seat::all(t.players as usize) {
        let me = if view.seat == Some(seat) { lang.pick(" (vous)", " (you)") } else { "" };
        let mut line = format!(
            "  {} {seat}{me} : {} {}, {} {}",
            lang.pick("joueur", "seat"),
            t.chips[seat],
            lang.pick("jetons", "chips"),
            view.hand_counts[seat],
            lang.pick("cartes", "cards")
        );
        if t.passed[seat].0 != 0 {
            let lacks: Vec<&str> = t.passed[seat].iter().map(|r| rank_name(r, lang)).collect();
            let _ = write!(line, " — {} {}", lang.pick("n'a pas de", "has no"), lacks.join(", "));
        }
        let _ = writeln!(out, "{}", if fr { line } else { line.replacen(" : ", ": ", 1) });
    }
    let _ = writeln!(out, "{} {}", lang.pick("Cartes de côté :", "Cards aside:"), view.aside_count);
    let _ = writeln!(
        out,
        "{} {}",
        lang.pick("Suite en cours :", "Run on the table:"),
        card_list(t.run.iter().copied(), lang)
    );
    let _ = writeln!(out, "{} {}", lang.pick("Déjà posées :", "Laid this round:"), card_list(t.played.iter(), lang));
    if let Some(hand) = view.hand {
        let _ = writeln!(out, "{} {}", lang.pick("Votre main :", "Your hand:"), card_list(hand.iter(), lang));
    }
    let turn = match t.phase {
        Phase::Lead { seat } => {
            format!(
                "{} {seat} {}",
                lang.pick("Au joueur", "Seat"),
                lang.pick("d'entamer une suite", "starts a new run")
            )
        }
        Phase::Continue { seat, next } => match lang {
            Lang::Fr => {
                format!("Au joueur {seat} de poursuivre (rang : {}) ou de s'arrêter (stop)", rank_name(next, lang))
            }
            Lang::En => format!("Seat {seat} goes on (rank: {}) or stops (stop)", rank_name(next, lang)),
        },
        Phase::Follow { seat, rank } => {
            let call = rank_name(rank, Lang::Fr);
            match lang {
                Lang::Fr => format!("« Sans {call} ! » — au joueur {seat} de poser ce rang ou de passer (pass)"),
                Lang::En => format!(
                    "« Sans {call} ! » (no {}) — seat {seat} lays that rank or passes (pass)",
                    rank_name(rank, lang)
                ),
            }
        }
        Phase::GoingOut { seat } => format!(
            "{} {seat} {}",
            lang.pick("Le joueur", "Seat"),
            lang.pick(
                "sort : dire « qui prend » (claim) ou non (pass)",
                "goes out: claim the cell (claim) or not (pass)"
            )
        ),
        Phase::Over => {
            format!("{} {}", lang.pick("Partie terminée, vainqueur(s) :", "Match over, winner(s):"), seats(t.winners))
        }
    };
    let _ = writeln!(out, "{turn}");
    if let Some((seat, cell)) = t.claimable {
        let _ = writeln!(
            out,
            "{} {seat} {} {}",
            lang.pick("Le joueur", "Seat"),
            lang.pick("peut encore ramasser la case (claim)", "may still claim the cell (claim)"),
            cell_label(cell, lang)
        );
    }
    out
}

/// French puts a space before a colon, English does not.
fn colon(lang: Lang) -> &'static str {
    lang.pick(" : ", ": ")
}

/// A board cell as its card is named in the language.
fn cell_label(cell: Cell, lang: Lang) -> &'static str {
    const FR: [&str; 5] = ["10♦", "V♣", "D♠", "R♥", "7♦"];
    const EN: [&str; 5] = ["10♦", "J♣", "Q♠", "K♥", "7♦"];
    lang.pick(FR[cell.index()], EN[cell.index()])
}

pub(crate) fn describe_action(action: Action, lang: Lang) -> String {
    match action {
        Action::Play(card) => format!("{} {}", lang.pick("poser", "lay"), card_text(card, lang)),
        Action::Stop => lang.pick("s'arrêter : « sans … »", "stop: « sans … »").into(),
        Action::Pass => lang.pick("passer", "pass").into(),
        Action::Claim => lang.pick("« … qui prend ! » : ramasser la case", "« … qui prend ! »: take the cell").into(),
    }
}

/// `1 jeton`, `3 jetons` / `1 chip`, `3 chips` (French keeps 0 and 1 singular).
fn chips(n: u32, lang: Lang) -> String {
    let word = match lang {
        Lang::Fr if n <= 1 => "jeton",
        Lang::Fr => "jetons",
        Lang::En if n == 1 => "chip",
        Lang::En => "chips",
    };
    format!("{n} {word}")
}

/// ` (sur 5 dus)` / ` (of 5 owed)` when a debt is not paid in full.
fn short_of(chips: u32, owed: u32, lang: Lang) -> String {
    if chips < owed {
        format!(" ({} {owed} {})", lang.pick("sur", "of"), lang.pick("dus", "owed"))
    } else {
        String::new()
    }
}

fn chip_list(chips: &[u32]) -> String {
    chips.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

pub(crate) fn describe_event(event: &Event, lang: Lang) -> String {
    let seat_word = lang.pick("le joueur", "seat");
    match event {
        Event::RoundStarted { round, dealer, leader, cards_each, aside, .. } => match lang {
            Lang::Fr => format!(
                "Manche {round} : le joueur {dealer} donne {cards_each} cartes à chacun, {aside} restent de côté ; \
                 chacun mise 15 jetons ; le joueur {leader} entame"
            ),
            Lang::En => format!(
                "Round {round}: seat {dealer} deals {cards_each} cards each, {aside} stay aside; everyone stakes \
                 15 chips; seat {leader} leads"
            ),
        },
        Event::Dealt { seat, hand } => {
            format!("{seat_word} {seat} {}{}", lang.pick("reçoit", "is dealt"), colon(lang))
                + &card_list(hand.iter(), lang)
        }
        Event::Played { seat, card } => {
            format!("{seat_word} {seat} {} {}", lang.pick("pose", "lays"), card_text(*card, lang))
        }
        Event::Collected { seat, cell, chips: n } => format!(
            "« {} qui prend ! »{}{seat_word} {seat} {} {}",
            cell_label(*cell, lang),
            colon(lang),
            lang.pick("ramasse", "takes"),
            chips(*n, lang)
        ),
        Event::ClaimMissed { seat, cell } => match lang {
            Lang::Fr => format!(
                "le joueur {seat} n'a pas annoncé « {} qui prend ! » à temps : la case reste sur le plateau",
                cell_label(*cell, lang)
            ),
            Lang::En => {
                format!("seat {seat} did not claim {} in time: the cell stays on the board", cell_label(*cell, lang))
            }
        },
        Event::Stopped { seat, missing } => {
            let call = rank_name(*missing, Lang::Fr);
            match lang {
                Lang::Fr => format!("le joueur {seat} s'arrête : « Sans {call} ! »"),
                Lang::En => format!(
                    "seat {seat} stops: « Sans {call} ! » (no {}: the next seats are called on that rank)",
                    rank_name(*missing, lang)
                ),
            }
        }
        Event::Passed { seat, rank } => match lang {
            Lang::Fr => format!("le joueur {seat} passe sur « sans {} »", rank_name(*rank, lang)),
            Lang::En => format!("seat {seat} passes on the called rank ({})", rank_name(*rank, lang)),
        },
        Event::NewRun { seat, reason } => match reason {
            NewRunReason::King => {
                let gloss = lang.pick("", " (after a King he starts a new run)");
                format!("{seat_word} {seat}{}« Roi et je recommence ! »{gloss}", colon(lang))
            }
            NewRunReason::NobodyAnswered => format!(
                "{} {seat} {}",
                lang.pick("personne ne répond : le joueur", "nobody answers: seat"),
                lang.pick("entame une nouvelle suite", "starts a new run")
            ),
        },
        Event::WentOut { seat } => format!(
            "{seat_word} {seat}{}« J'arrête ! » {}",
            colon(lang),
            lang.pick("(il a posé sa dernière carte)", "(he has laid his last card)")
        ),
        Event::Paid { seat, to, chips: n, owed } => match lang {
            Lang::Fr => {
                format!("le joueur {seat} paie {} au joueur {to}{}", chips(*n, lang), short_of(*n, *owed, lang))
            }
            Lang::En => format!("seat {seat} pays {} to seat {to}{}", chips(*n, lang), short_of(*n, *owed, lang)),
        },
        Event::Doubled { seat, cell, chips: n, owed } => match lang {
            Lang::Fr => format!(
                "le joueur {seat} a gardé {} : il double la case avec {}{}",
                cell_label(*cell, lang),
                chips(*n, lang),
                short_of(*n, *owed, lang)
            ),
            Lang::En => format!(
                "seat {seat} kept {}: he doubles the cell with {}{}",
                cell_label(*cell, lang),
                chips(*n, lang),
                short_of(*n, *owed, lang)
            ),
        },
        Event::GrandOpera { seat, chips: n } => match lang {
            Lang::Fr => format!("Grand Opéra ! Le joueur {seat} rafle tout le plateau : {}", chips(*n, lang)),
            Lang::En => format!("Grand Opéra! Seat {seat} sweeps the whole board: {}", chips(*n, lang)),
        },
        Event::RoundOver { round, winner, chips, .. } => match lang {
            Lang::Fr => format!(
                "fin de la manche {round}, gagnée par le joueur {winner} ; jetons : {}",
                chip_list(chips.as_slice())
            ),
            Lang::En => format!("end of round {round}, won by seat {winner}; chips: {}", chip_list(chips.as_slice())),
        },
        Event::MatchOver { winners, chips, reason } => {
            let why = match reason {
                EndReason::CannotPay => lang.pick("un joueur n'a pas pu payer", "a player could not pay"),
                EndReason::CannotStake => lang.pick("un joueur ne peut plus miser", "a player cannot stake"),
                EndReason::RoundsPlayed => lang.pick("toutes les manches sont jouées", "every round is played"),
            };
            let who = match (winners.len(), lang) {
                (1, Lang::Fr) => format!("vainqueur : le joueur {}", seat_words(*winners, lang)),
                (_, Lang::Fr) => format!("vainqueurs ex æquo : les joueurs {}", seat_words(*winners, lang)),
                (1, Lang::En) => format!("winner: seat {}", seat_words(*winners, lang)),
                (_, Lang::En) => format!("shared win: seats {}", seat_words(*winners, lang)),
            };
            let list = chip_list(chips.as_slice());
            match lang {
                Lang::Fr => format!("fin de la partie ({why}) ; {who} ; jetons : {list}"),
                Lang::En => format!("end of the match ({why}); {who}; chips: {list}"),
            }
        }
    }
}
