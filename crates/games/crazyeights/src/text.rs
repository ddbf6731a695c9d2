//! French and English texts.
//!
//! Cards are written as [`Words::card`] writes them in the reader's language: the rank's index
//! then the suit's symbol, « D♠ », « V♣ », « R♥ », « A♦ », « 10♦ » in French and "Q♠", "J♣",
//! "K♥", "A♦", "10♦" in English; the notation (`QS`, `play 7H`) stays what one types. Seats are
//! called by their names, the reader « vous » / "you"; French texts put a non-breaking space
//! (U+00A0) before « : ; ! ? ».

use crate::action::Action;
use crate::client::{Body, Direction, Phase};
use crate::rules::{Event, Illegal};
use crate::view::View;
use std::fmt::Write;
use tapis_core::{FrenchCard, HandCard, Lang, Reason, RichLine, RichSpan, Seat, Suit, Wording, Words, french_hand};

const RULES_FR: &str = "\
Crazy Eights (règles d’OpenSpiel 2.0.2, jeu crazy_eights)
2 à 10 joueurs\u{a0}; un jeu de 52 cartes, deux au-delà de 5 joueurs. Le hasard choisit le donneur\u{a0}; \
chacun reçoit 7 cartes à deux joueurs, 5 sinon, puis la première carte de la pioche est retournée \
(un 8 retourne dans la pioche et on en retourne une autre). Le jeu part du voisin du donneur.
À votre tour\u{a0}: posez une carte de la couleur demandée ou du rang de la carte visible, ou un 8 \
n’importe quand (vous nommez alors la couleur à suivre)\u{a0}; ou piochez, même si vous pouvez jouer, \
jusqu’à 5 cartes par tour (un autre nombre en variante). Après ce nombre de pioches, ou pioche vide, vous pouvez passer.
Fin\u{a0}: un joueur n’a plus de carte, ou 100 cartes ont été posées en tout (un autre nombre en variante), ou joueurs + 1 passes \
de suite pioche vide.
Cartes spéciales (en variante)\u{a0}: la Dame fait sauter le joueur suivant, l’As inverse le sens, \
le 2 fait piocher 2 cartes au suivant sauf s’il pose un 2 (cumulable). Une carte spéciale retournée \
au départ agit comme si le donneur l’avait jouée. En variante aussi, la défausse (sauf sa carte du \
dessus) refait la pioche quand elle est vide.
Score\u{a0}: 0 pour qui n’a plus de carte, sinon moins ce que vaut sa main\u{a0}: un 8, 50 points\u{a0}; \
un Valet, une Dame, un Roi ou un As, 10\u{a0}; une autre carte, de 2 à 37 points selon sa valeur et sa couleur \
(le barème d’OpenSpiel, où 5♠ vaut 17), ou sa valeur en variante. Gagnent les meilleurs scores.";

const RULES_EN: &str = "\
Crazy Eights (the rules of OpenSpiel 2.0.2’s crazy_eights)
2 to 10 players; one 52-card deck, two above 5 players. Chance picks the dealer; everyone gets 7 \
cards with two players, else 5, then the top card of the stock is turned up (an 8 goes back into \
the stock and another card is turned). Play starts from the dealer’s next seat.
On your turn: play a card of the suit to follow or of the top card’s rank, or an 8 at any time \
(then name the suit to follow); or draw, even with a playable card, up to 5 cards in \
a turn (another number as a variant). After that many draws, or with an empty stock, you may pass.
End: a player has no cards left, or 100 cards have been played in all (another number as a variant), or players + 1 \
passes in a row with an empty stock.
Special cards (as a variant): a Queen skips the next player, an Ace reverses the direction, \
a 2 makes the next player draw 2 unless they play a 2 (the 2s stack). A special starter card acts as \
if the dealer had played it. Also as a variant, the discard pile (but its top card) becomes the \
stock when the stock runs out.
Score: 0 for a player with no cards left, else minus what the hand is worth: an 8, 50 points; a \
Jack, Queen, King or Ace, 10; any other card 2 to 37 points by rank and suit (OpenSpiel’s scale, \
where 5♠ is worth 17), or its face value as a variant. The highest scores win.";

impl Reason for Illegal {
    /// One sentence, the same for the referee and a table (it names no seat).
    fn word(&self, w: &Words) -> String {
        match *self {
            Illegal::NameTheSuit => w
                .pick(
                    "après un 8, son joueur nomme d’abord la couleur à suivre",
                    "after an 8, its player first names the suit to follow",
                )
                .into(),
            Illegal::NoEightPlayed => w
                .pick("on nomme une couleur juste après avoir posé un 8", "a suit is named right after playing an 8")
                .into(),
            Illegal::NotInHand(card) => match w.lang {
                Lang::Fr => format!("{} n’est pas dans la main", w.card(card)),
                Lang::En => format!("{} is not in the hand", w.card(card)),
            },
            Illegal::TwosPending { cards } => match w.lang {
                Lang::Fr => format!("des 2 attendent une réponse\u{a0}: poser un 2, ou piocher {}", w.cards(cards)),
                Lang::En => format!("2s await an answer: play a 2, or draw {}", w.cards(cards)),
            },
            Illegal::NoMatch { suit, top } => match w.lang {
                Lang::Fr => format!(
                    "la carte se pose sur la couleur à suivre ({}) ou sur le rang de {}, ou c’est un 8",
                    suit_name(suit, w),
                    w.card(top)
                ),
                Lang::En => format!(
                    "a card goes on the suit to follow ({}) or on the rank of {}, or it is an 8",
                    suit_name(suit, w),
                    w.card(top)
                ),
            },
            Illegal::StockEmpty => w.pick("la pioche est vide", "the stock is empty").into(),
            Illegal::DrawLimit { max } => match w.lang {
                Lang::Fr => format!("on pioche au plus {} par tour (max_draw_cards)", w.cards(max)),
                Lang::En => format!("one draws at most {} a turn (max_draw_cards)", w.cards(max)),
            },
            Illegal::DrawBeforePassing { max } => match w.lang {
                Lang::Fr => format!("on passe après avoir pioché {} dans le tour, ou pioche vide", w.cards(max)),
                Lang::En => format!("one passes after drawing {} in the turn, or with an empty stock", w.cards(max)),
            },
        }
    }
}

impl Wording for crate::CrazyEights {
    fn rules_text(lang: Lang) -> &'static str {
        lang.pick(RULES_FR, RULES_EN)
    }

    fn tagline(lang: Lang) -> &'static str {
        lang.pick(
            "Le 8 américain le plus simple\u{a0}: même couleur ou même valeur, et le 8 change la couleur.",
            "Crazy Eights at its simplest: same suit or same rank, and an 8 changes the suit.",
        )
    }

    /// Crazy Eights at a table: OpenSpiel's name is for the researchers who compare the two.
    fn short_name(_lang: Lang) -> &'static str {
        "Crazy Eights"
    }

    fn render_view(view: &View, w: &Words) -> String {
        let mut out = String::new();
        let reversed = if view.direction < 0 { w.pick(" (sens inversé)", " (direction reversed)") } else { "" };
        let _ = writeln!(
            out,
            "{}{}{} · {}{}{}{reversed}",
            w.pick("Carte visible", "Top card"),
            colon(w),
            w.card(view.top),
            w.pick("couleur à suivre", "suit to follow"),
            colon(w),
            suit_name(view.suit, w),
        );
        let _ = writeln!(
            out,
            "{}{}{} · {}{}{} · {}{}{} {} {}",
            w.pick("Pioche", "Stock"),
            colon(w),
            w.cards(view.stock),
            w.pick("défausse", "discard pile"),
            colon(w),
            w.cards(view.discard.len() as u32),
            w.pick("cartes posées", "cards played"),
            colon(w),
            view.plays,
            w.pick("sur", "of"),
            view.options.max_turns
        );
        for (seat, &size) in view.hand_sizes.seats() {
            let mark = if view.to_act == Some(seat) { "▶" } else { " " };
            let dealt = if view.dealer == seat {
                format!(" · {}", w.verb(seat, "a distribué", "avez distribué", "dealt", "dealt"))
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "{mark} {}{}{} · score {}{dealt}",
                w.who_upper(seat),
                colon(w),
                w.cards(size),
                tapis_core::number(view.returns[seat])
            );
        }
        if view.seat.is_some() {
            let _ = writeln!(out, "{}{}{}", w.pick("Votre main", "Your hand"), colon(w), cards_line(&view.hand, w));
        }
        if let Some(seat) = view.to_act {
            if view.naming_suit {
                let _ = writeln!(
                    out,
                    "{} {}.",
                    w.says(seat, "doit", "devez", "must", "must"),
                    w.pick("demander la couleur à suivre", "name the suit to follow")
                );
            }
            if view.pending_twos > 0 {
                let _ = writeln!(
                    out,
                    "{} {}{}",
                    w.says(seat, "doit piocher", "devez piocher", "must draw", "must draw"),
                    w.cards(view.pending_twos),
                    w.pick(", sauf en posant un 2.", " unless a 2 is played."),
                );
            }
        }
        if view.drawn_this_turn > 0 {
            let _ = writeln!(
                out,
                "{}{}{} {} {}",
                w.pick("Pioché ce tour", "Drawn this turn"),
                colon(w),
                w.cards(view.drawn_this_turn),
                w.pick("sur", "of"),
                view.options.max_draw_cards
            );
        }
        if view.over {
            let _ = writeln!(out, "{}", w.pick("La partie est finie.", "The match is over."));
        }
        out
    }

    /// One action as a choice offered to the seat to act: « poser 7♥ », « demander ♠ pique ».
    fn describe_action(action: Action, w: &Words) -> String {
        match action {
            Action::Play(card) => format!("{} {}", w.pick("poser", "play"), w.card(card)),
            Action::Draw => w.pick("piocher", "draw").into(),
            Action::Pass => w.pick("passer", "pass").into(),
            Action::Suit(suit) => format!("{} {}", w.pick("demander", "name"), suit_name(suit, w)),
        }
    }

    /// One event as a sentence, seats by name and the reader addressed as « vous » / "you".
    fn describe_event(event: &Event, w: &Words) -> String {
        let text = match event {
            Event::Dealt { dealer, cards_each } => format!(
                "{} {} {}",
                w.says(*dealer, "distribue", "distribuez", "deals", "deal"),
                w.cards(*cards_each),
                w.pick("à chacun", "each")
            ),
            Event::Starter { card, redrawn } => {
                let card = w.card(*card);
                match (redrawn, w.lang) {
                    (0, Lang::Fr) => format!("On retourne {card}"),
                    (0, Lang::En) => format!("The starter card is {card}"),
                    (1, Lang::Fr) => format!("On retourne un 8, remis dans la pioche, puis {card}"),
                    (1, Lang::En) => format!("An 8 is turned up and put back, then {card}"),
                    (n, Lang::Fr) => format!("On retourne {n} huit, remis dans la pioche, puis {card}"),
                    (n, Lang::En) => format!("{n} eights are turned up and put back, then {card}"),
                }
            }
            Event::Played { seat, card } => {
                format!("{} {}", w.says(*seat, "pose", "posez", "plays", "play"), w.card(*card))
            }
            Event::Nominated { seat, suit } => {
                format!("{} {}", w.says(*seat, "demande", "demandez", "names", "name"), suit_name(*suit, w))
            }
            Event::DealtHand { seat, cards } => format!(
                "{} {}{}{}",
                w.says(*seat, "reçoit", "recevez", "is dealt", "are dealt"),
                w.cards(cards.len() as u32),
                colon(w),
                cards_line(cards, w)
            ),
            Event::Drew { seat, cards: 1 } => {
                format!("{} {}", w.says(*seat, "pioche", "piochez", "draws", "draw"), w.pick("une carte", "a card"))
            }
            Event::Drew { seat, cards } => {
                format!("{} {}", w.says(*seat, "pioche", "piochez", "draws", "draw"), w.cards(*cards))
            }
            Event::DrewCards { seat, cards } => {
                format!("{} {}", w.says(*seat, "pioche", "piochez", "draws", "draw"), cards_and(cards, w))
            }
            Event::Passed { seat } => w.says(*seat, "passe", "passez", "passes", "pass"),
            Event::Reshuffled { cards } => format!(
                "{} {}",
                w.pick(
                    "La défausse est mélangée et forme une nouvelle pioche de",
                    "The discard pile is shuffled into a new stock of"
                ),
                w.cards(*cards)
            ),
            Event::Over { returns } => {
                let each: Vec<String> = returns
                    .seats()
                    .map(|(seat, &r)| {
                        format!(
                            "{} {} {}",
                            w.who(seat),
                            w.verb(seat, "finit avec", "finissez avec", "finishes with", "finish with"),
                            w.count(r, "point", "points", "point", "points")
                        )
                    })
                    .collect();
                let each = match each.as_slice() {
                    [init @ .., last] if !init.is_empty() => {
                        format!("{} {} {last}", init.join(", "), w.pick("et", "and"))
                    }
                    _ => each.join(""),
                };
                let best = returns.iter().copied().max().unwrap_or(0);
                let winners: Vec<Seat> = returns.seats().filter(|&(_, &r)| r == best).map(|(s, _)| s).collect();
                let with_reader = winners.iter().any(|&s| w.is_reader(s));
                let verb = match w.lang {
                    Lang::Fr if with_reader => "gagnez",
                    Lang::Fr if winners.len() > 1 => "gagnent",
                    Lang::Fr => "gagne",
                    Lang::En if winners.len() == 1 && !with_reader => "wins",
                    Lang::En => "win",
                };
                let winners = tapis_core::words::capitalize(&list(w, winners));
                format!("{}{}{each}. {winners} {verb}", w.pick("Fin de la partie", "End of the match"), colon(w))
            }
        };
        format!("{text}.")
    }
}

/// « : » with the non-breaking space French puts before it; ": " in English.
fn colon(w: &Words) -> &'static str {
    w.pick("\u{a0}: ", ": ")
}

/// A suit with its symbol: « ♠ pique », "♠ spades".
fn suit_name(suit: Suit, w: &Words) -> String {
    format!("{} {}", suit.symbol(), w.suit(suit))
}

/// Cards side by side: « 3♣ 4♣ D♠ »; « aucune carte » / "no cards" for none.
fn cards_line(cards: &[FrenchCard], w: &Words) -> String {
    if cards.is_empty() { w.pick("aucune carte", "no cards").to_string() } else { w.cards_list(cards.iter().copied()) }
}

/// A few cards in a sentence: « 7♥ », « 7♥ et 8♠ », « 7♥, 8♠ et D♣ ».
fn cards_and(cards: &[FrenchCard], w: &Words) -> String {
    let words: Vec<String> = cards.iter().map(|&c| w.card(c)).collect();
    match words.as_slice() {
        [] => w.pick("aucune carte", "no cards").to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), w.pick("et", "and")),
    }
}

/// A list of seats, the reader last: « Ada, Blaise et vous », "Ada, Blaise and you".
fn list(w: &Words, seats: impl IntoIterator<Item = Seat>) -> String {
    let (mut others, reader): (Vec<Seat>, Vec<Seat>) = seats.into_iter().partition(|&s| !w.is_reader(s));
    others.extend(reader);
    w.list(others)
}

// ---------------------------------------------------------------------------------------------
// The table as a screen shows it

impl tapis_core::DescribeTable for crate::CrazyEights {
    /// The discard, the suit to follow, the stock, the 2s' cards to draw, the cards drawn this
    /// turn, an 8 waiting for its suit and the direction once it has turned.
    fn table_lines(t: &Body, w: &Words) -> Vec<RichLine> {
        let mut lines = vec![
            RichLine::field(w, "Défausse", "Discard")
                .span(RichSpan::french_card(w, t.top))
                .text(format!("  ({})", w.cards(t.discard + 1))),
            RichLine::field(w, "Couleur", "Suit").span(RichSpan::suit(w, t.suit)),
            RichLine::field(w, "Pioche", "Stock").text(w.cards(t.stock)),
        ];
        if t.pending_draw > 0 {
            lines.push(RichLine::field(w, "À piocher", "To draw").strong(w.cards(t.pending_draw)));
        }
        if t.drawn_this_turn > 0 {
            let drawn = format!("{} / {}", t.drawn_this_turn, t.draw_limit);
            lines.push(RichLine::field(w, "Pioché ce tour", "Drawn this turn").text(drawn));
        }
        if t.phase == Phase::NameSuit {
            lines.push(RichLine::new().strong(w.pick("Un 8\u{a0}: choisir la couleur", "An 8: name the suit")));
        }
        if t.direction != Direction::Clockwise {
            lines.push(RichLine::field(w, "Sens", "Direction").text(w.pick("antihoraire ↺", "counterclockwise ↺")));
        }
        lines
    }

    /// Every seat's public facts are its card count, which the players' panel already shows.
    fn seat_facts(_: &Body, _: Seat, _: &Words) -> RichLine {
        RichLine::new()
    }

    fn hand(t: &Body, w: &Words) -> Option<Vec<HandCard>> {
        Some(french_hand(t.hand.as_ref()?, w))
    }
}
