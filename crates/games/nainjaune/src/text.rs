//! Texts for people, in French and English.

use crate::cards::{Cell, rank_name};
use crate::rules::{EndReason, Event, NewRunReason};
use crate::{Action, Phase, View};
use std::fmt::Write;
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

fn card_list(cards: impl Iterator<Item = FrenchCard>) -> String {
    let list: Vec<String> = cards.map(FrenchCard::pretty).collect();
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
    let _ =
        writeln!(out, "{} {}", lang.pick("Suite en cours :", "Run on the table:"), card_list(t.run.iter().copied()));
    let _ = writeln!(out, "{} {}", lang.pick("Déjà posées :", "Laid this round:"), card_list(t.played.iter()));
    if let Some(hand) = view.hand {
        let _ = writeln!(out, "{} {}", lang.pick("Votre main :", "Your hand:"), card_list(hand.iter()));
    }
    let turn = match t.phase {
        Phase::Lead { seat } => {
            format!(
                "{} {seat} {}",
                lang.pick("Au joueur", "Seat"),
                lang.pick("d'entamer une suite", "starts a new run")
            )
        }
        Phase::Continue { seat, next } => format!(
            "{} {seat} {} {} {}",
            lang.pick("Au joueur", "Seat"),
            lang.pick("de poursuivre avec un", "goes on with a"),
            rank_name(next, lang),
            lang.pick("ou de s'arrêter (stop)", "or stops (stop)")
        ),
        Phase::Follow { seat, rank } => format!(
            "« {} {} ! » — {} {seat} {}",
            lang.pick("Sans", "Sans"),
            rank_name(rank, lang),
            lang.pick("au joueur", "seat"),
            lang.pick("de poser ce rang ou de passer (pass)", "lays that rank or passes (pass)")
        ),
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
        Action::Play(card) => format!("{} {}", lang.pick("poser", "lay"), card.pretty()),
        Action::Stop => lang.pick("s'arrêter : « sans … »", "stop: « sans … »").into(),
        Action::Pass => lang.pick("passer", "pass").into(),
        Action::Claim => lang.pick("« … qui prend ! » : ramasser la case", "« … qui prend ! »: take the cell").into(),
    }
}

pub(crate) fn describe_event(event: &Event, lang: Lang) -> String {
    let seat_word = lang.pick("le joueur", "seat");
    match event {
        Event::RoundStarted { round, dealer, leader, cards_each, aside, .. } => format!(
            "{} {round} : {} {dealer}, {cards_each} {}, {aside} {} ; {} {leader} {}",
            lang.pick("Manche", "Round"),
            lang.pick("donneur", "dealer"),
            lang.pick("cartes chacun", "cards each"),
            lang.pick("de côté", "aside"),
            seat_word,
            lang.pick("entame", "leads")
        ),
        Event::Played { seat, card } => format!("{seat_word} {seat} {} {}", lang.pick("pose", "lays"), card.pretty()),
        Event::Collected { seat, cell, chips } => format!(
            "« {} qui prend ! »{}{seat_word} {seat} {} {chips} {}",
            cell_label(*cell, lang),
            colon(lang),
            lang.pick("ramasse", "takes"),
            lang.pick("jetons", "chips")
        ),
        Event::ClaimMissed { seat, cell } => format!(
            "{seat_word} {seat} {} {} {}",
            lang.pick("a oublié d'annoncer", "forgot to claim"),
            cell_label(*cell, lang),
            lang.pick(": la case reste sur le plateau", ": the cell stays on the board")
        ),
        Event::Stopped { seat, missing } => {
            let name = rank_name(*missing, lang);
            format!(
                "{seat_word} {seat}{}« Sans {name} ! »{}",
                colon(lang),
                lang.pick("", " (he stops; the next seats are called on that rank)")
            )
        }
        Event::Passed { seat, rank } => {
            format!("{seat_word} {seat} {} {}", lang.pick("passe : pas de", "passes: no"), rank_name(*rank, lang))
        }
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
        Event::WentOut { seat } => {
            format!("{seat_word} {seat} : « {} »", lang.pick("J'arrête !", "J'arrête ! » (out)"))
        }
        Event::Paid { seat, to, chips, owed } => format!(
            "{seat_word} {seat} {} {to} {chips} {}{}",
            lang.pick("paie au joueur", "pays seat"),
            lang.pick("jetons", "chips"),
            if chips < owed { format!(" ({} {owed})", lang.pick("sur", "of")) } else { String::new() }
        ),
        Event::Doubled { seat, cell, chips, owed } => format!(
            "{seat_word} {seat} {} {} : {chips} {}{}",
            lang.pick("a gardé", "kept"),
            cell_label(*cell, lang),
            lang.pick("jetons sur la case", "chips onto the cell"),
            if chips < owed { format!(" ({} {owed})", lang.pick("sur", "of")) } else { String::new() }
        ),
        Event::GrandOpera { seat, chips } => format!(
            "{} {seat_word} {seat} {} {chips} {}",
            lang.pick("Grand Opéra !", "Grand Opéra!"),
            lang.pick("rafle le plateau :", "sweeps the board:"),
            lang.pick("jetons", "chips")
        ),
        Event::RoundOver { round, winner, chips, .. } => format!(
            "{} {round} {} {winner} ; {} {:?}",
            lang.pick("fin de la manche", "end of round"),
            lang.pick("gagnée par le joueur", "won by seat"),
            lang.pick("jetons", "chips"),
            chips.as_slice()
        ),
        Event::MatchOver { winners, chips, reason } => {
            let why = match reason {
                EndReason::CannotPay => lang.pick("un joueur n'a pu payer", "a player could not pay"),
                EndReason::CannotStake => lang.pick("un joueur ne peut plus miser", "a player cannot stake"),
                EndReason::RoundsPlayed => lang.pick("toutes les manches sont jouées", "every round is played"),
            };
            format!(
                "{} ({why}) : {} {} ; {} {:?}",
                lang.pick("fin de la partie", "end of the match"),
                lang.pick("vainqueur(s)", "winner(s)"),
                seats(*winners),
                lang.pick("jetons", "chips"),
                chips.as_slice()
            )
        }
    }
}
