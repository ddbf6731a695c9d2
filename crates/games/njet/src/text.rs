//! Texts for people, in French and English.

use crate::action::Action;
use crate::board::{Cell, FIXED, FREE, Row};
use crate::cards::{Card, Cards, Colour};
use crate::rules::{Conditions, Event, Phase, Table};
use crate::view::View;
use std::fmt::Write;
use tapis_core::error::seat_words;
use tapis_core::{Lang, Seat, Text};

const RULES_FR: &str = "\
NJET! — jeu de plis pour 3 ou 4 joueurs (Stefan Dorra, 1997)

Cartes : 4 couleurs (R rouge, B bleu, K noir, G vert), valeurs 1 à 9, deux 1 identiques par couleur.
À 4 joueurs, 10 cartes chacun ; à 3, les quatre 2 sont écartés et chacun reçoit 12 cartes.

1. Phase Njet : à partir de la gauche du donneur, chacun à son tour pose une pierre sur une case
   libre du plateau (njet <rang> <case>), ce qui interdit cette option. On ne peut jamais couvrir
   la dernière case libre d'un rang. 15 pierres communes : 4-4-4-3 à 4 joueurs (le donneur en pose 3) ;
   à 3, une pierre reste sur « start 3 » et les 14 autres se posent 5-5-4.
   La case restée libre de chaque rang fixe la manche :
     start 0-3 : le premier joueur ; discard 0-2 : cartes à écarter ;
     trump R/B/K/G : l'atout ; super R/B/K/G/none : la couleur dont les deux 1 sont super-atouts ;
     points 1-4 : la valeur de chaque pli et de chaque carte Loot.
2. Équipes : le premier joueur choisit un partenaire (partner <siège>), obligatoire à 4 ; à 3, il
   peut jouer seul (alone). Celui qui joue seul à 3 double ses points.
3. Défausse : tous en même temps écartent face cachée le nombre de cartes indiqué (discard <carte>) ;
   elles ne comptent jamais.
4. Plis (play <carte>) : le premier joueur entame. Il faut fournir dans le groupe demandé (les
   super-atouts font partie du groupe atout) ; sinon on joue ce qu'on veut (pas d'obligation de
   couper, sauf variante must_trump_when_void). Le dernier super-atout joué gagne, sinon le plus haut
   atout, sinon la plus haute carte de la couleur demandée ; les 1 ordinaires sont les plus basses.
   Deux 1 ordinaires identiques : le second l'emporte (reconstitution ; variante equal_cards).
5. Score : chaque équipe marque (plis + cartes Loot) × valeur du point, chaque 1 remporté étant une
   carte Loot (variante loot) ; chaque équipier ajoute ce total à son score personnel.
Après 8 manches (variante rounds), le plus haut score gagne ; les égalités sont partagées.
Reconstitutions : la taille des rangs du plateau, la répartition des pierres, l'égalité de deux 1
et l'absence d'obligation de couper sont des arbitrages du livret de règles du projet.";

const RULES_EN: &str = "\
NJET! — a trick-taking game for 3 or 4 players (Stefan Dorra, 1997)

Cards: 4 colours (R red, B blue, K black, G green), values 1 to 9, two identical 1s per colour.
With 4 players each gets 10 cards; with 3 the four 2s are set aside and each gets 12.

1. Njet phase: from the dealer's left, in turn, each player puts a stone on a free cell of the
   board (njet <row> <cell>), ruling that option out. A row's last free cell can never be covered.
   15 shared stones: 4-4-4-3 with 4 players (the dealer places 3); with 3 one stone stays on
   \"start 3\" and the other 14 are placed 5-5-4. The cell left free in each row sets the round:
     start 0-3: the start player; discard 0-2: cards to lay aside;
     trump R/B/K/G: trumps; super R/B/K/G/none: the colour whose two 1s are super-trumps;
     points 1-4: the value of each trick and each loot card.
2. Teams: the start player chooses a partner (partner <seat>), mandatory with 4; with 3 he may play
   alone (alone). Whoever plays alone with 3 doubles his points.
3. Discard: everyone at once lays the given number of cards aside face down (discard <card>);
   they never score.
4. Tricks (play <card>): the start player leads. Follow the led group if you can (super-trumps
   belong to the trump group); otherwise play anything (no duty to trump, unless the
   must_trump_when_void variant). The last super-trump played wins, else the highest trump, else
   the highest card of the led colour; ordinary 1s are the lowest. Two identical ordinary 1s: the
   later one wins (a reconstruction; variant equal_cards).
5. Scoring: each team scores (tricks + loot cards) × point value, every 1 won being a loot card
   (variant loot); each member adds that to his personal score.
After 8 rounds (variant rounds) the highest score wins; ties are shared.
Reconstructions: the row sizes of the board, the stone allocation, the tie of two 1s and the
absence of a duty to trump are rulings of the project's rulebook.";

pub fn rules_text(lang: Lang) -> &'static str {
    lang.pick(RULES_FR, RULES_EN)
}

fn colour_name(colour: Colour, lang: Lang) -> &'static str {
    lang.pick(colour.name_fr(), colour.name_en())
}

fn card_words(card: Card, lang: Lang) -> String {
    format!("{} {}", card.value(), colour_name(card.colour(), lang))
}

fn cell_words(cell: Cell, lang: Lang) -> String {
    let offset = cell.offset();
    match cell.row() {
        Row::Start => format!("{} {offset}", lang.pick("premier joueur : siège", "start player: seat")),
        Row::Discard => format!("{} {offset}", lang.pick("défausse :", "discard:")),
        Row::Trump => {
            format!("{} {}", lang.pick("atout", "trump"), colour_name(Colour::from_index(offset as usize), lang))
        }
        Row::Super if offset == 4 => lang.pick("pas de super-atout", "no super-trump").to_string(),
        Row::Super => {
            format!(
                "{} {}",
                lang.pick("super-atout", "super-trump"),
                colour_name(Colour::from_index(offset as usize), lang)
            )
        }
        Row::Points => format!("{} {}", offset + 1, lang.pick("point(s) par pli", "point(s) per trick")),
    }
}

pub fn describe_action(action: Action, lang: Lang) -> String {
    match action {
        Action::Njet(cell) => format!("Njet ! {} — {}", cell_words(cell, lang), lang.pick("interdit", "ruled out")),
        Action::Partner(seat) => format!("{} {seat}", lang.pick("choisir pour partenaire le siège", "choose seat")),
        Action::Alone => lang.pick("jouer seul", "play alone").to_string(),
        Action::Discard(card) => format!("{} {}", lang.pick("écarter", "lay aside"), card_words(card, lang)),
        Action::Play(card) => format!("{} {}", lang.pick("jouer", "play"), card_words(card, lang)),
    }
}

/// A colour as an adjective after a plural noun: « les 1 bleus », "the blue 1s".
fn colour_plural(colour: Colour, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{}s", colour.name_fr()),
        Lang::En => colour.name_en().to_string(),
    }
}

/// A card with its article, inside a sentence: « le 7 rouge », "the red 7".
fn card_phrase(card: Card, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("le {} {}", card.value(), card.colour().name_fr()),
        Lang::En => format!("the {} {}", card.colour().name_en(), card.value()),
    }
}

fn conditions_words(c: &Conditions, lang: Lang) -> String {
    let super_words = match (c.super_trump, lang) {
        (Some(colour), Lang::Fr) => format!("super-atouts : les 1 {}", colour_plural(colour, lang)),
        (Some(colour), Lang::En) => format!("super-trumps: the {} 1s", colour_plural(colour, lang)),
        (None, _) => lang.pick("pas de super-atout", "no super-trump").to_string(),
    };
    let parts = [
        format!("{} {}", lang.pick("premier joueur : siège", "start player: seat"), c.start),
        format!("{} {}", lang.pick("défausse :", "discard:"), c.discard),
        format!("{} {}", lang.pick("atout", "trump"), colour_name(c.trump, lang)),
        super_words,
        format!("{} {}", lang.pick("points par pli et par Loot :", "points per trick and per loot card:"), c.points),
    ];
    parts.join(lang.pick(" ; ", "; "))
}

pub fn describe_event(event: &Event, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    match *event {
        Event::RoundDealt { round, dealer } => {
            if fr {
                format!("Manche {round} : le siège {dealer} donne.")
            } else {
                format!("Round {round}: seat {dealer} deals.")
            }
        }
        Event::HandDealt { seat, hand } => {
            if fr {
                format!("Le siège {seat} reçoit {}.", hand.to_text())
            } else {
                format!("Seat {seat} is dealt {}.", hand.to_text())
            }
        }
        Event::StonePlaced { seat, cell } => {
            if fr {
                format!("Le siège {seat} pose une pierre sur « {} ».", cell_words(cell, lang))
            } else {
                format!("Seat {seat} places a stone on \"{}\".", cell_words(cell, lang))
            }
        }
        Event::BoardSet { conditions } => {
            format!(
                "{} {}.",
                lang.pick("Le plateau est fixé :", "The board is set:"),
                conditions_words(&conditions, lang)
            )
        }
        Event::PartnerChosen { seat, partner } => {
            if fr {
                format!("Le siège {seat} fait équipe avec le siège {partner}.")
            } else {
                format!("Seat {seat} partners seat {partner}.")
            }
        }
        Event::PlaysAlone { seat } => {
            if fr {
                format!("Le siège {seat} joue seul.")
            } else {
                format!("Seat {seat} plays alone.")
            }
        }
        Event::Discarded { seat } => {
            if fr {
                format!("Le siège {seat} écarte une carte.")
            } else {
                format!("Seat {seat} lays a card aside.")
            }
        }
        Event::LaidAside { seat, card } => {
            if fr {
                format!("Le siège {seat} écarte {}.", card_phrase(card, lang))
            } else {
                format!("Seat {seat} lays {} aside.", card_phrase(card, lang))
            }
        }
        Event::CardPlayed { seat, card } => {
            if fr {
                format!("Le siège {seat} joue {}.", card_phrase(card, lang))
            } else {
                format!("Seat {seat} plays {}.", card_phrase(card, lang))
            }
        }
        Event::TrickWon { seat, loot } => {
            let loot = match (loot, lang) {
                (0, Lang::Fr) => "sans carte Loot".to_string(),
                (0, Lang::En) => "no loot card".to_string(),
                (1, Lang::Fr) => "1 carte Loot".to_string(),
                (1, Lang::En) => "1 loot card".to_string(),
                (n, Lang::Fr) => format!("{n} cartes Loot"),
                (n, Lang::En) => format!("{n} loot cards"),
            };
            if fr {
                format!("Le siège {seat} remporte le pli ({loot}).")
            } else {
                format!("Seat {seat} wins the trick ({loot}).")
            }
        }
        Event::RoundScored { round, points, scores } => {
            let list = |values: &[i64]| values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            let (points, scores) = (list(points.as_slice()), list(scores.as_slice()));
            if fr {
                format!("Fin de la manche {round} : points {points} ; scores {scores}.")
            } else {
                format!("End of round {round}: points {points}; scores {scores}.")
            }
        }
        Event::MatchOver { winners } => {
            let seats = seat_words(winners, lang);
            match (winners.len() > 1, lang) {
                (false, Lang::Fr) => format!("Partie terminée ; vainqueur : le siège {seats}."),
                (true, Lang::Fr) => format!("Partie terminée ; vainqueurs : les sièges {seats}."),
                (false, Lang::En) => format!("Match over; winner: seat {seats}."),
                (true, Lang::En) => format!("Match over; winners: seats {seats}."),
            }
        }
    }
}

fn cards_text(cards: Cards) -> String {
    if cards.is_empty() { "—".to_string() } else { cards.to_text() }
}

pub fn render_view(view: &View, lang: Lang) -> String {
    let t = &view.table;
    let players = t.players();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Njet! — {} {}/{} — {} {}",
        lang.pick("manche", "round"),
        t.round,
        t.options.rounds,
        lang.pick("donneur", "dealer"),
        t.dealer
    );
    let _ = writeln!(
        out,
        "{}",
        lang.pick(
            "Plateau (X2 = pierre posée par le siège 2, X = pierre fixe, · = case libre) :",
            "Board (X2 = stone placed by seat 2, X = fixed stone, · = free cell):"
        )
    );
    for row in Row::ALL {
        let label = match row {
            Row::Start => lang.pick("premier joueur", "start player"),
            Row::Discard => lang.pick("défausse", "discard"),
            Row::Trump => lang.pick("atout", "trump"),
            Row::Super => lang.pick("super-atout (1)", "super-trump (1s)"),
            Row::Points => lang.pick("valeur du point", "point value"),
        };
        let mut line = format!("  {label:<16} {:<8}", row.word());
        for cell in row.cells().map(Cell) {
            let mark = match t.board.placed_by(cell) {
                FREE => "·".to_string(),
                FIXED => "X".to_string(),
                seat => format!("X{seat}"),
            };
            let _ = write!(line, " {}[{}]", cell.word(), mark);
        }
        let _ = writeln!(out, "{line}");
    }
    if let Some(c) = &t.conditions {
        let _ = writeln!(out, "{}", conditions_words(c, lang));
    }
    if !t.team.is_empty() {
        let team: Vec<String> = t.team.iter().map(|s| s.to_string()).collect();
        let _ =
            writeln!(out, "{} {}", lang.pick("Équipe du premier joueur :", "Start player's team:"), team.join(" + "));
    }
    for seat in Seat::all(players) {
        let me = if Some(seat) == view.seat { lang.pick(" (vous)", " (you)") } else { "" };
        let voids: Vec<&str> = crate::view::void_colours(t.voids[seat]).map(|c| colour_name(c, lang)).collect();
        let sep = lang.pick(" ; ", "; ");
        let _ = write!(
            out,
            "  {} {seat}{me}{} {} {}{sep}{} {}{sep}Loot {}{sep}{} {}",
            lang.pick("siège", "seat"),
            lang.pick(" :", ":"),
            t.hand_sizes[seat],
            lang.pick("cartes", "cards"),
            lang.pick("plis", "tricks"),
            t.tricks_won[seat],
            t.loot_won[seat],
            lang.pick("score", "score"),
            t.scores[seat]
        );
        if !voids.is_empty() {
            let _ = write!(out, "{sep}{} {}", lang.pick("n'a plus de", "void in"), voids.join(", "));
        }
        let _ = writeln!(out);
    }
    if let Some(last) = t.last_trick.filter(|_| t.phase == Phase::Play) {
        let plays: Vec<String> = last.plays(players).map(|(s, c)| format!("{s}:{c}")).collect();
        let _ = writeln!(
            out,
            "{} {} — {} {}",
            lang.pick("Dernier pli :", "Last trick:"),
            plays.join(" "),
            lang.pick("remporté par le siège", "won by seat"),
            last.winner(players)
        );
    }
    if t.phase == Phase::Play && t.trick.len > 0 {
        let plays: Vec<String> = t.trick.plays(players).map(|(s, c)| format!("{s}:{c}")).collect();
        let _ = writeln!(out, "{} {}", lang.pick("Pli en cours :", "Current trick:"), plays.join(" "));
        let led = t.trick.led;
        let group = match t.conditions {
            Some(c) if led == c.trump => lang.pick("atout (super-atouts compris)", "trumps (super-trumps included)"),
            _ => colour_name(led, lang),
        };
        let _ = writeln!(
            out,
            "{} {group} — {} {} {}",
            lang.pick("Demandé :", "Led:"),
            lang.pick("le siège", "seat"),
            t.trick.winner(players),
            lang.pick("l'emporte pour l'instant", "is winning so far"),
        );
    }
    if let Some(hand) = view.hand {
        let _ = writeln!(out, "{} {}", lang.pick("Votre main :", "Your hand:"), cards_text(hand));
    }
    if let Some(discards) = view.discards.filter(|d| !d.is_empty()) {
        let _ = writeln!(out, "{} {}", lang.pick("Vos cartes écartées :", "Your discards:"), cards_text(discards));
    }
    let who: Vec<String> = t.actors().iter().map(|s| s.to_string()).collect();
    let doing = match t.phase {
        Phase::Njet => lang.pick("pose une pierre (njet <rang> <case>)", "places a stone (njet <row> <cell>)"),
        Phase::Partner => {
            lang.pick("choisit un partenaire (partner <siège> / alone)", "chooses a partner (partner <seat> / alone)")
        }
        Phase::Discard => lang.pick("écartent des cartes (discard <carte>)", "lay cards aside (discard <card>)"),
        Phase::Play => lang.pick("joue une carte (play <carte>)", "plays a card (play <card>)"),
        Phase::Over => lang.pick("partie terminée", "match over"),
    };
    if t.phase == Phase::Over {
        let _ = writeln!(out, "{doing}");
    } else {
        let _ = writeln!(out, "{} {} {doing}", lang.pick("À jouer :", "To act:"), who.join(", "));
    }
    out
}

/// Why `action` is not legal for a seat that may act, holding `hand`: the phase asks for
/// something else, or the rule that forbids it.
pub fn why_illegal(t: &Table, hand: Cards, action: Action) -> Option<Text> {
    let phase_words = |phase: Phase| match phase {
        Phase::Njet => Text::new("c'est le moment de poser une pierre", "now is the time to place a stone"),
        Phase::Partner => Text::new("c'est le moment de choisir un partenaire", "now is the time to choose a partner"),
        Phase::Discard => Text::new("c'est le moment d'écarter des cartes", "now is the time to lay cards aside"),
        Phase::Play | Phase::Over => Text::new("c'est le moment de jouer une carte", "now is the time to play a card"),
    };
    let not_held = |card: Card| {
        Text::new(
            format!("vous n'avez pas {} en main", card_phrase(card, Lang::Fr)),
            format!("you do not hold {}", card_phrase(card, Lang::En)),
        )
    };
    match (t.phase, action) {
        (Phase::Njet, Action::Njet(cell)) if !t.board.is_free(cell) => {
            Some(Text::new("cette case est déjà couverte", "that cell is already covered"))
        }
        (Phase::Njet, Action::Njet(_)) => Some(Text::new(
            "la dernière case libre d'un rang ne peut pas être couverte",
            "a row's last free cell may not be covered",
        )),
        (Phase::Partner, Action::Partner(partner)) if partner.index() >= t.players() => Some(Text::new(
            format!("il n'y a pas de siège {partner} à une table de {}", t.players),
            format!("there is no seat {partner} at a table of {}", t.players),
        )),
        (Phase::Partner, Action::Partner(_)) => {
            Some(Text::new("on ne fait pas équipe avec soi-même", "you cannot partner yourself"))
        }
        (Phase::Partner, Action::Alone) => Some(Text::new(
            "à 4 joueurs, le premier joueur doit choisir un partenaire",
            "with 4 players the start player must choose a partner",
        )),
        (Phase::Discard, Action::Discard(card)) | (Phase::Play, Action::Play(card)) if !hand.contains(card) => {
            Some(not_held(card))
        }
        (Phase::Play, Action::Play(_)) => {
            let c = t.conditions?;
            let led = t.trick.led;
            if !hand.intersection(c.group_cards(led)).is_empty() {
                let (fr, en) = if led == c.trump {
                    ("atout".to_string(), "trumps".to_string())
                } else {
                    (led.name_fr().to_string(), led.name_en().to_string())
                };
                Some(Text::new(
                    format!("il faut fournir dans le groupe demandé ({fr})"),
                    format!("you must follow the led group ({en})"),
                ))
            } else {
                Some(Text::new(
                    "sans carte du groupe demandé, il faut couper (variante must_trump_when_void)",
                    "void in the led group, you must trump (the must_trump_when_void variant)",
                ))
            }
        }
        (phase, _) => Some(phase_words(phase)),
    }
}
