//! French and English texts.

use crate::action::Action;
use crate::rules::Event;
use crate::view::View;
use std::fmt::Write;
use tapis_core::{FrenchCard, Lang, Suit};

const RULES_FR: &str = "\
Crazy Eights (règles d'OpenSpiel 2.0.2, jeu crazy_eights)
2 à 10 joueurs ; un jeu de 52 cartes, deux au-delà de 5 joueurs. Le hasard choisit le donneur ; \
chacun reçoit 7 cartes à deux joueurs, 5 sinon, puis la première carte de la pioche est retournée \
(un 8 retourne dans la pioche et on en retourne une autre). Le jeu part du voisin du donneur.
À votre tour : posez une carte de la couleur demandée ou du rang de la carte visible, ou un 8 \
n'importe quand (vous nommez alors la couleur à suivre) ; ou piochez, même si vous pouvez jouer, \
jusqu'à max_draw_cards cartes par tour. Après ce nombre de pioches, ou pioche vide, vous pouvez passer.
Fin : un joueur n'a plus de carte, ou max_turns cartes ont été posées en tout, ou joueurs + 1 passes \
de suite pioche vide.
Cartes spéciales (use_special_cards) : la Dame fait sauter le joueur suivant, l'As inverse le sens, \
le 2 fait piocher 2 cartes au suivant sauf s'il pose un 2 (cumulable). Une carte spéciale retournée \
au départ agit comme si le donneur l'avait jouée. reshuffle : la défausse (sauf sa carte du dessus) \
refait la pioche quand elle est vide.
Score (les « returns » d'OpenSpiel) : 0 pour qui n'a plus de carte, sinon moins sa main : 8 = 50, \
V D R As = 10, autres cartes : scoring=openspiel reproduit le calcul d'OpenSpiel (numéro d'action \
de la carte + 2, par ex. 5♠ = 17), scoring=face_value leur valeur faciale. Gagnent les meilleurs scores.
Actions : play <carte>, draw, pass, suit <S|H|D|C>.";

const RULES_EN: &str = "\
Crazy Eights (the rules of OpenSpiel 2.0.2's crazy_eights)
2 to 10 players; one 52-card deck, two above 5 players. Chance picks the dealer; everyone gets 7 \
cards with two players, else 5, then the top card of the stock is turned up (an 8 goes back into \
the stock and another card is turned). Play starts from the dealer's next seat.
On your turn: play a card of the suit to follow or of the top card's rank, or an 8 at any time \
(then name the suit to follow); or draw, even with a playable card, up to max_draw_cards cards in \
a turn. After that many draws, or with an empty stock, you may pass.
End: a player has no cards left, or max_turns cards have been played in all, or players + 1 \
passes in a row with an empty stock.
Special cards (use_special_cards): a Queen skips the next player, an Ace reverses the direction, \
a 2 makes the next player draw 2 unless he plays a 2 (they stack). A special starter card acts as \
if the dealer had played it. reshuffle: the discard pile (but its top card) becomes the stock when \
the stock runs out.
Score (OpenSpiel's returns): 0 for a player with no cards, else minus his hand: 8 = 50, J Q K A = \
10, other cards: scoring=openspiel reproduces OpenSpiel's arithmetic (the card's action id + 2, \
e.g. 5♠ = 17), scoring=face_value their face value. The highest scores win.
Actions: play <card>, draw, pass, suit <S|H|D|C>.";

pub fn rules_text(lang: Lang) -> &'static str {
    lang.pick(RULES_FR, RULES_EN)
}

fn suit_name(suit: Suit, lang: Lang) -> String {
    format!("{} {}", suit.symbol(), lang.pick(suit.name_fr(), suit.name_en()))
}

fn cards_line(cards: &[FrenchCard]) -> String {
    cards.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ")
}

pub fn render_view(view: &View, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} {} {}{}",
        lang.pick("Carte visible :", "Top card:"),
        view.top.pretty(),
        lang.pick("· couleur à suivre :", "· suit to follow:"),
        suit_name(view.suit, lang),
        if view.direction < 0 { lang.pick(" (sens inversé)", " (direction reversed)") } else { "" }
    );
    let _ = writeln!(
        out,
        "{} {} · {} {} · {} {}/{}",
        lang.pick("Pioche :", "Stock:"),
        view.stock,
        lang.pick("défausse :", "discard:"),
        view.discard.len(),
        lang.pick("cartes posées :", "cards played:"),
        view.plays,
        view.options.max_turns
    );
    for (seat, size) in view.hand_sizes.seats() {
        let mark = if view.to_act == Some(seat) { "▶" } else { " " };
        let you = if view.seat == Some(seat) { lang.pick(" (vous)", " (you)") } else { "" };
        let dealer = if view.dealer == seat { lang.pick(" [donneur]", " [dealer]") } else { "" };
        let _ = writeln!(
            out,
            "{mark} {} {seat}{you}{dealer}{} {size} {} · {} {}",
            lang.pick("siège", "seat"),
            lang.pick(" :", ":"),
            lang.pick("cartes", "cards"),
            lang.pick("score", "score"),
            view.returns.as_slice()[seat.index()]
        );
    }
    if view.seat.is_some() {
        let _ = writeln!(out, "{} {}", lang.pick("Votre main :", "Your hand:"), cards_line(&view.hand));
    }
    if view.naming_suit {
        let _ = writeln!(out, "{}", lang.pick("Nommez la couleur à suivre.", "Name the suit to follow."));
    }
    if view.pending_twos > 0 {
        let _ = writeln!(
            out,
            "{} {}",
            lang.pick(
                "Cartes à piocher (2 en attente), sauf en posant un 2 :",
                "Cards to draw for 2s, unless a 2 is played:"
            ),
            view.pending_twos
        );
    }
    if view.drawn_this_turn > 0 {
        let _ = writeln!(
            out,
            "{} {}/{}",
            lang.pick("Pioché ce tour :", "Drawn this turn:"),
            view.drawn_this_turn,
            view.options.max_draw_cards
        );
    }
    if view.over {
        let _ = writeln!(out, "{}", lang.pick("La partie est finie.", "The match is over."));
    }
    out
}

pub fn describe_action(action: Action, lang: Lang) -> String {
    match action {
        Action::Play(card) => format!("{} {}", lang.pick("poser", "play"), card.pretty()),
        Action::Draw => lang.pick("piocher", "draw").into(),
        Action::Pass => lang.pick("passer", "pass").into(),
        Action::Suit(suit) => format!("{} {}", lang.pick("nommer", "name"), suit_name(suit, lang)),
    }
}

pub fn describe_event(event: &Event, lang: Lang) -> String {
    match event {
        Event::Dealt { dealer, cards_each } => match lang {
            Lang::Fr => format!("le siège {dealer} donne {cards_each} cartes à chacun"),
            Lang::En => format!("seat {dealer} deals {cards_each} cards each"),
        },
        Event::Starter { card, redrawn } => {
            let put_back = match (redrawn, lang) {
                (0, _) => String::new(),
                (1, Lang::Fr) => " (un 8 remis dans la pioche)".to_string(),
                (1, Lang::En) => " (an 8 put back)".to_string(),
                (n, Lang::Fr) => format!(" ({n} huit remis dans la pioche)"),
                (n, Lang::En) => format!(" ({n} eights put back)"),
            };
            format!("{} {}{put_back}", lang.pick("carte retournée :", "starter card:"), card.pretty())
        }
        Event::Played { seat, card } => match lang {
            Lang::Fr => format!("le siège {seat} pose {}", card.pretty()),
            Lang::En => format!("seat {seat} plays {}", card.pretty()),
        },
        Event::Nominated { seat, suit } => match lang {
            Lang::Fr => format!("le siège {seat} demande {}", suit_name(*suit, lang)),
            Lang::En => format!("seat {seat} names {}", suit_name(*suit, lang)),
        },
        Event::DealtHand { seat, cards } => match lang {
            Lang::Fr => format!("le siège {seat} reçoit {}", cards_line(cards)),
            Lang::En => format!("seat {seat} is dealt {}", cards_line(cards)),
        },
        Event::Drew { seat, cards: 1 } => match lang {
            Lang::Fr => format!("le siège {seat} pioche une carte"),
            Lang::En => format!("seat {seat} draws a card"),
        },
        Event::Drew { seat, cards } => match lang {
            Lang::Fr => format!("le siège {seat} pioche {cards} cartes"),
            Lang::En => format!("seat {seat} draws {cards} cards"),
        },
        Event::DrewCards { seat, cards } => match lang {
            Lang::Fr => format!("le siège {seat} pioche {}", cards_line(cards)),
            Lang::En => format!("seat {seat} draws {}", cards_line(cards)),
        },
        Event::Passed { seat } => match lang {
            Lang::Fr => format!("le siège {seat} passe"),
            Lang::En => format!("seat {seat} passes"),
        },
        Event::Reshuffled { cards } => match lang {
            Lang::Fr => format!("la défausse est mélangée : {cards} cartes forment la pioche"),
            Lang::En => format!("the discard pile is shuffled into a stock of {cards} cards"),
        },
        Event::Over { returns } => {
            let list: Vec<String> = returns.iter().map(i64::to_string).collect();
            format!("{} {}", lang.pick("fin de partie, scores :", "match over, returns:"), list.join(", "))
        }
    }
}
