//! French and English texts: the rules in brief, the table for the terminal, actions and events
//! in words.

use crate::action::Action;
use crate::cards::{Card, Counts};
use crate::client::Body;
use crate::events::Event;
use crate::options::TablePlay;
use crate::rules::Illegal;
use crate::table::{Phase, PlayKind, Requirement};
use crate::view::View;
use std::fmt::Write;
use tapis_core::words::capitalize;
use tapis_core::{HandCard, Lang, Mark, Reason, RichLine, RichSpan, Seat, SeatSet, Tint, Wording, Words};

const RULES_FR: &str = "\
BATTLE GUM — 2 à 5 joueurs (6 en variante), 54 cartes\u{a0}: valeurs 1 à 13 en 4 \
exemplaires et 2 Ninjas (00).
But\u{a0}: être le premier à ne plus avoir de carte, ni en main ni devant soi.

Mise en place\u{a0}: chacun reçoit 3 cartes face cachée (on ne les regarde pas), 3 face visible \
dessus, et 3 en main\u{a0}; le reste forme la pioche. Avant de jouer, chacun peut échanger des \
cartes de sa main avec ses cartes visibles, puis se dit prêt. \
Le joueur à gauche du donneur commence.

Tour\u{a0}: poser une ou plusieurs cartes de même valeur, de valeur égale ou supérieure au sommet \
du tas (n’importe quoi sur un tas vide). Qui peut jouer doit jouer\u{a0}; qui ne peut pas ramasse \
le tas, et c’est le dernier joueur à avoir posé une carte qui repart sur un tas vide.
Après avoir posé, on pioche pour avoir 3 cartes en main\u{a0}; pioche vide\u{a0}: on complète avec \
ses cartes visibles, puis cachées (à l’aveugle, en main).

Cartes spéciales\u{a0}:
  6\u{a0}: le suivant doit poser une carte de 1 à 6.
  8\u{a0}: le suivant passe son tour (autant de joueurs sautés que de 8 posés).
  9\u{a0}: le tas est retiré du jeu\u{a0}; le suivant commence un nouveau tas.
  13\u{a0}: on donne tout le tas au joueur de son choix. Seul le visé peut contrer, \
       hors tour\u{a0}: avec des 13 (il choisit à son tour un visé) ou des 1 (personne ne ramasse, \
       le joueur après lui joue sur les 1)\u{a0}; sinon il accepte le tas et le dernier joueur \
       du 13 repart sur un tas vide.
  1\u{a0}: la plus petite valeur\u{a0}; se pose sur un tas vide, sur un 1, sous la contrainte d’un \
      6, ou pour contrer.
  00 Ninja\u{a0}: se joue à son tour sur n’importe quoi\u{a0}; transparent\u{a0}: le suivant doit \
             battre la carte dessous.

Reconstructions (la règle source ne dit rien ou reste vague)\u{a0}: le 13 est obligatoire et seul \
le visé contre\u{a0}; on recharge sa main juste après avoir posé (avant de donner le tas)\u{a0}; \
après un 9, le joueur suivant repart sur un tas vide\u{a0}; quand des 8 font revenir le tour à \
celui qui les a posés (à deux joueurs, un seul 8), il rejoue librement, sur n’importe quoi\u{a0}; \
qui ramasse un tas dont il a posé le sommet ne repart pas\u{a0}: le joueur suivant repart. \
Variantes et détails\u{a0}: voir les options.";

const RULES_EN: &str = "\
BATTLE GUM — 2 to 5 players (6 as a variant), 54 cards: values 1 to 13 four times each, and \
2 Ninjas (00).
Goal: be the first with no card left, neither in hand nor in front of you.

Setup: everyone gets 3 face-down cards (never looked at), 3 face-up cards on them, and 3 in hand; \
the rest is the stock. Before play, each player may exchange hand cards with their own face-up \
cards, then says they are ready. The player left of the dealer starts.

Turn: lay one or more cards of one value, equal to or higher than the top of the pile (anything on \
an empty pile). Who can play must; who cannot picks the pile up, and the last player who \
laid a card leads onto the empty pile.
After laying, draw back to 3 cards in hand; once the stock is empty, refill from your face-up \
cards, then your face-down ones (blind, into the hand).

Special cards:
  6: the next player must lay a card from 1 to 6.
  8: the next player is skipped (one player skipped per 8 laid).
  9: the pile leaves the game; the next player starts a new pile.
  13: give the whole pile to any player. Only the target may counter, out of turn: \
      with 13s (passing the pile on to a target of their choice) or 1s (nobody takes it, the next \
      player plays on the 1s); otherwise the target accepts it and the last 13 player \
      leads onto the empty pile.
  1: the lowest value; laid on an empty pile, on a 1, under a 6, or as a counter.
  00 Ninja: playable on anything in your turn; transparent: the next player must beat the card \
            below it.

Reconstructions (where the source rules are silent or vague): the 13 is mandatory and only the \
target counters; you refill right after laying (before giving the pile); after a 9 the next player \
starts the new pile; when 8s skip round to the player who laid them (one 8 at a table of two), \
that player plays again freely, on anything; whoever picks up a pile topped by their own card does \
not lead: the next player does. Variants and details: see the options.";

impl Reason for Illegal {
    /// One sentence, the same for the referee and a table but for a seat given the pile: by its
    /// number for the referee, by its name at a table.
    fn word(&self, words: &Words) -> String {
        let lang = words.lang;
        match *self {
            Illegal::FaceDownOnly => words
                .pick(
                    "il ne vous reste que des cartes cachées : retournez-en une (reveal)",
                    "you have only face-down cards left: turn one over (reveal)",
                )
                .into(),
            Illegal::TooFew { card, held, face_up } => {
                let (fr, en) = if face_up {
                    ("parmi vos cartes visibles", "among your face-up cards")
                } else {
                    ("en main", "in your hand")
                };
                match (held, lang) {
                    (0, Lang::Fr) => format!("vous n'avez pas de {card} {fr}"),
                    (0, Lang::En) => format!("you hold no {card} {en}"),
                    (1, Lang::Fr) => format!("vous n'avez qu'une carte {card} {fr}"),
                    (1, Lang::En) => format!("you hold only one card {card} {en}"),
                    (_, Lang::Fr) => format!("vous n'avez que {held} cartes {card} {fr}"),
                    (_, Lang::En) => format!("you hold only {held} cards {card} {en}"),
                }
            }
            Illegal::Requirement(requirement) => match lang {
                Lang::Fr => format!("il faut poser {}", self::requirement(requirement, lang)),
                Lang::En => format!("the card must be {}", self::requirement(requirement, lang)),
            },
            Illegal::PileEmpty => words.pick("le tas est vide", "the pile is empty").into(),
            Illegal::MustPlay => words
                .pick(
                    "qui peut jouer doit jouer : on ne ramasse le tas que sans carte à poser",
                    "who can play must: the pile is picked up only with no card to play",
                )
                .into(),
            Illegal::CounterWith13Or1 => {
                words.pick("on ne contre un 13 qu'avec des 13 ou des 1", "a 13 is countered only with 13s or 1s").into()
            }
            Illegal::GiveToAnother => {
                words.pick("on donne le tas à un autre joueur", "the pile goes to another player").into()
            }
            Illegal::NoSuchSeat(target) => match lang {
                Lang::Fr => format!("il n'y a pas de place {target} à cette table"),
                Lang::En => format!("there is no seat {target}"),
            },
            Illegal::OutOfGame(target) if words.numbered => match lang {
                Lang::Fr => format!("le joueur {target} est sorti de la partie"),
                Lang::En => format!("player {target} is out of the game"),
            },
            Illegal::OutOfGame(target) => words.says(
                target,
                "n'est plus en jeu",
                "n'êtes plus en jeu",
                "is out of the game",
                "are out of the game",
            ),
        }
    }
}

impl Wording for crate::Gum {
    fn rules_text(lang: Lang) -> &'static str {
        lang.pick(RULES_FR, RULES_EN)
    }

    fn tagline(lang: Lang) -> &'static str {
        lang.pick(
            "Videz votre main, vos cartes visibles puis cachées\u{a0}; le Ninja et le 13 changent tout.",
            "Empty your hand, then your face-up and face-down cards; the Ninja and the 13 change everything.",
        )
    }

    /// A match is played in « parties » (§3.3), as the log and the table's heading say.
    fn round_word(lang: Lang) -> &'static str {
        lang.pick("partie", "game")
    }

    fn describe_action(action: Action, words: &Words) -> String {
        match action {
            Action::Swap { hand, faceup } => match words.lang {
                Lang::Fr => format!("échanger le {} de votre main contre votre {} visible", name(hand), name(faceup)),
                Lang::En => format!("swap the {} in your hand for your face-up {}", name(hand), name(faceup)),
            },
            Action::Ready => words.pick("terminer les échanges", "finish swapping").into(),
            Action::Play { card, count } => {
                format!("{} {}", words.pick("poser", "play"), some_cards(words, card, count))
            }
            Action::Pickup => words.pick("ramasser le tas", "pick up the pile").into(),
            Action::Give(seat) if words.is_reader(seat) => {
                words.pick("vous donner le tas", "give the pile to yourself").into()
            }
            Action::Give(seat) => {
                format!("{} {}", words.pick("donner le tas à", "give the pile to"), words.name_of(seat))
            }
            Action::Accept => words.pick("accepter le tas sans contrer", "accept the pile without countering").into(),
            Action::Keep => words.pick("garder le 13 sans donner le tas", "keep the 13 without giving the pile").into(),
            Action::Take(card) => match words.lang {
                Lang::Fr => format!("prendre en main votre {} visible", name(card)),
                Lang::En => format!("take your face-up {} into your hand", name(card)),
            },
            Action::Reveal(position) => match words.lang {
                Lang::Fr => format!("retourner votre carte cachée {}", position_text(words, position)),
                Lang::En => format!("turn over your face-down card {}", position_text(words, position)),
            },
        }
    }

    fn render_view(view: &View, words: &Words) -> String {
        let table = &view.table;
        let w = words;
        let c = colon(w);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Battle GUM — {} {} {} {}, {}{c} {}",
            w.pick("partie", "game"),
            table.round,
            w.pick("sur", "of"),
            table.options.games,
            w.pick("donneur", "dealer"),
            w.who(table.dealer)
        );
        let pile_text = if table.pile.is_empty() {
            w.pick("vide", "empty").to_string()
        } else {
            let top: Vec<String> = table.pile.iter().rev().take(6).map(|&card| name(card)).collect();
            let more = table.pile.len().saturating_sub(6);
            format!(
                "{}{} ({}, {})",
                top.join(" "),
                if more > 0 { " …" } else { "" },
                w.cards(table.pile.len() as i64),
                w.pick("sommet en premier", "top first")
            )
        };
        let _ = writeln!(out, "{}{c} {pile_text}", w.pick("Tas", "Pile"));
        let _ = writeln!(out, "{}{c} {}", w.pick("À poser", "To play"), requirement(view.requirement, w.lang));
        let _ = writeln!(
            out,
            "{}{c} {}   {}{c} {}",
            w.pick("Pioche", "Stock"),
            w.cards(view.stock),
            w.pick("Brûlées", "Burnt"),
            w.cards(table.burnt.total())
        );
        for seat in Seat::all(view.players()) {
            let me = view.seat == Some(seat);
            let down = view.facedown[seat].iter().filter(|&&d| d).count() as i64;
            let faceup = &table.faceup[seat];
            let faceup_text = if faceup.is_empty() {
                w.pick("aucune visible", "no face-up card").to_string()
            } else {
                format!("{} {}", w.pick("visibles", "face-up"), row(faceup))
            };
            let _ = write!(
                out,
                "{}{}{c} {} {} | {faceup_text} | {}",
                if me { "> " } else { "  " },
                w.who_upper(seat),
                view.hand_sizes[seat],
                w.pick("en main", "in hand"),
                w.count(down, "cachée", "cachées", "face-down", "face-down"),
            );
            let known = &table.known[seat];
            if !me && !known.is_empty() {
                let _ = write!(out, " | {} {}", w.pick("connues en main", "known in hand"), row(known));
            }
            let _ = write!(out, " | score {}", tapis_core::number(table.scores[seat]));
            if let Some(place) = table.finished.iter().position(|&s| s == seat) {
                let _ = write!(out, " — {} {}", ordinal(w, place as u8 + 1), w.pick("place", "place"));
            }
            let _ = writeln!(out);
        }
        if let Some(hand) = &view.hand {
            let hand_text = if hand.is_empty() { w.pick("vide", "empty").to_string() } else { row(hand) };
            let _ = writeln!(out, "{}{c} {hand_text}", w.pick("Votre main", "Your hand"));
        }
        if table.options.table_play == TablePlay::Shithead {
            let _ = writeln!(
                out,
                "{}",
                w.pick(
                    "Règle «\u{a0}shithead\u{a0}»\u{a0}: main vide, on joue ses cartes visibles, puis ses cartes cachées à l’aveugle.",
                    "Shithead rule: a player with an empty hand plays the face-up cards, then the face-down ones blind."
                )
            );
        }
        if let Some(card) = table.completion {
            let _ = writeln!(
                out,
                "{}",
                match w.lang {
                    Lang::Fr => format!(
                        "Paire de {}\u{a0}: qui a les deux autres peut les poser (le tas brûle).",
                        some_cards(w, card, 2).trim_start_matches("deux ")
                    ),
                    Lang::En => format!(
                        "A pair of {}: whoever holds the other two may lay them (the pile burns).",
                        some_cards(w, card, 2).trim_start_matches("two ")
                    ),
                }
            );
        }
        let _ = writeln!(out, "{}", status(view, w));
        out
    }

    fn describe_event(event: &Event, words: &Words) -> String {
        let w = words;
        let c = colon(w);
        let sc = semicolon(w);
        match event {
            Event::Dealt { round, dealer, stock, .. } => {
                let stock = if *stock == 0 {
                    w.pick("pas de pioche", "no stock").to_string()
                } else {
                    format!("{} {}", w.cards(*stock as i64), w.pick("dans la pioche", "in the stock"))
                };
                format!(
                    "{} {round}{c} {}{sc} {stock}.",
                    w.pick("Partie", "Game"),
                    subject(w, *dealer, "distribue", "distribuez", "deals", "deal")
                )
            }
            Event::HandDealt { seat, cards } => {
                format!("{} {}.", w.says(*seat, "reçoit", "recevez", "is dealt", "are dealt"), some_of(w, cards))
            }
            Event::Swapped { seat, hand_card, faceup_card } => match w.lang {
                Lang::Fr => format!(
                    "{} {} face visible et {} le {} en main.",
                    w.says(*seat, "met", "mettez", "", ""),
                    a_card(w, *hand_card),
                    w.verb(*seat, "prend", "prenez", "", ""),
                    name(*faceup_card)
                ),
                Lang::En => format!(
                    "{} {} face up and {} the {} into {}.",
                    w.says(*seat, "puts", "put", "puts", "put"),
                    a_card(w, *hand_card),
                    w.verb(*seat, "", "", "takes", "take"),
                    name(*faceup_card),
                    if w.is_reader(*seat) { "your hand" } else { "hand" }
                ),
            },
            Event::Ready { seat } => format!(
                "{} {}.",
                w.says(*seat, "termine", "terminez", "is", "are"),
                w.verb(*seat, "ses échanges", "vos échanges", "ready", "ready")
            ),
            Event::PlayStarts { first } => format!(
                "{}{c} {}.",
                w.pick("La partie commence", "Play starts"),
                subject(w, *first, "joue en premier", "jouez en premier", "leads", "lead")
            ),
            Event::Played { seat, card, count, how: kind } => format!(
                "{} {}{}.",
                w.says(*seat, "pose", "posez", "plays", "play"),
                some_cards(w, *card, *count),
                how(*kind, *seat, w)
            ),
            Event::Burnt { seat, cards } => format!(
                "{} {} ({}).",
                w.says(*seat, "brûle", "brûlez", "burns", "burn"),
                w.pick("le tas", "the pile"),
                w.cards(*cards)
            ),
            Event::Skipped { seats } => skipped(w, seats),
            Event::Drew { seat, count } => {
                format!("{} {}.", w.says(*seat, "pioche", "piochez", "draws", "draw"), w.cards(*count))
            }
            Event::DrewCards { seat, cards } => {
                format!("{} {}.", w.says(*seat, "pioche", "piochez", "draws", "draw"), some_of(w, cards))
            }
            Event::Took { seat, card } => match w.lang {
                Lang::Fr => format!(
                    "{} en main {} {} visible.",
                    w.says(*seat, "prend", "prenez", "", ""),
                    own(w, *seat, "son", "votre", ""),
                    name(*card)
                ),
                Lang::En if w.is_reader(*seat) => format!("You take your face-up {} into your hand.", name(*card)),
                Lang::En => format!("{} takes the face-up {} into hand.", w.name_of(*seat), name(*card)),
            },
            Event::TookFaceDown { seat, position } => took_face_down(w, *seat, *position, None),
            Event::TookFaceDownCard { seat, position, card } => took_face_down(w, *seat, *position, Some(*card)),
            Event::BlindFailed { seat, position, card } => match w.lang {
                Lang::Fr => format!(
                    "{} {} carte cachée {}\u{a0}: {}, injouable.",
                    w.says(*seat, "retourne", "retournez", "", ""),
                    own(w, *seat, "sa", "votre", ""),
                    position_text(w, *position),
                    a_card(w, *card)
                ),
                Lang::En => format!(
                    "{} face-down card {}: {}, which cannot be played.",
                    w.says(*seat, "", "", "turns over", "turn over your"),
                    position_text(w, *position),
                    a_card(w, *card)
                ),
            },
            Event::PickedUp { seat, cards } => format!(
                "{} {} ({}).",
                w.says(*seat, "ramasse", "ramassez", "picks up", "pick up"),
                w.pick("le tas", "the pile"),
                w.cards(*cards)
            ),
            Event::Gave { giver, target } => gave(w, *giver, *target),
            Event::Kept { seat } => match w.lang {
                Lang::Fr => format!(
                    "{} {} 13 sans donner le tas.",
                    w.says(*seat, "garde", "gardez", "", ""),
                    own(w, *seat, "son", "votre", "")
                ),
                Lang::En => format!(
                    "{} {} 13 without giving the pile.",
                    w.says(*seat, "", "", "keeps", "keep"),
                    own(w, *seat, "", "", "the")
                ),
            },
            Event::Accepted { seat, cards } => format!(
                "{} {} ({}).",
                w.says(*seat, "accepte", "acceptez", "accepts", "accept"),
                w.pick("le tas", "the pile"),
                w.cards(*cards)
            ),
            Event::Leads { seat } => format!(
                "{} {}.",
                w.says(*seat, "repart", "repartez", "leads", "lead"),
                w.pick("sur un tas vide", "onto the empty pile")
            ),
            Event::Out { seat, place } => match w.lang {
                Lang::Fr => format!(
                    "{} plus de carte et {} la {} place.",
                    w.says(*seat, "n’a", "n’avez", "", ""),
                    w.verb(*seat, "prend", "prenez", "", ""),
                    ordinal(w, *place)
                ),
                Lang::En => format!(
                    "{} no card left and {} {} place.",
                    w.says(*seat, "", "", "has", "have"),
                    w.verb(*seat, "", "", "takes", "take"),
                    ordinal(w, *place)
                ),
            },
            Event::GameOver { round, points, scores } => {
                let mut text = match w.lang {
                    Lang::Fr => format!("Fin de la partie {round}. Points{c} {}.", tally(w, points)),
                    Lang::En => format!("Game {round} over. Points: {}.", tally(w, points)),
                };
                if points != scores {
                    let _ = write!(text, " {}{c} {}.", w.pick("Scores du match", "Match scores"), tally(w, scores));
                }
                text
            }
            Event::MatchOver { winners } => {
                format!("{}{c} {}", w.pick("Fin du match", "Match over"), winners_text(w, *winners))
            }
        }
    }
}
// ----- cards in words -----

/// A card as printed: `7`, `13`, `Ninja` (the same in both languages).
fn name(card: Card) -> String {
    card.pretty()
}

/// Numbers of copies in words (a play holds at most four cards).
fn number(words: &Words, n: u8) -> String {
    let fr = ["zéro", "un", "deux", "trois", "quatre"];
    let en = ["no", "one", "two", "three", "four"];
    match (fr.get(n as usize), en.get(n as usize)) {
        (Some(f), Some(e)) => words.pick(f, e).to_string(),
        _ => n.to_string(),
    }
}

/// One card with its indefinite article: « un 7 », « un Ninja » / "a 7", "an 8", "an 11".
fn a_card(words: &Words, card: Card) -> String {
    match words.lang {
        Lang::Fr => format!("un {}", name(card)),
        Lang::En => {
            let an = matches!(card.value(), 8 | 11);
            format!("{} {}", if an && !card.is_ninja() { "an" } else { "a" }, name(card))
        }
    }
}

/// `count` copies of `card`: « un 7 », « deux 7 », « deux Ninjas » / "a 7", "two 7s".
fn some_cards(words: &Words, card: Card, count: u8) -> String {
    if count == 1 {
        return a_card(words, card);
    }
    let plural = match (words.lang, card.is_ninja()) {
        (_, true) => "Ninjas".to_string(),
        (Lang::Fr, false) => name(card),
        (Lang::En, false) => format!("{}s", name(card)),
    };
    format!("{} {plural}", number(words, count))
}

/// « et » / "and" between the last two items.
fn and_list(words: &Words, items: Vec<String>) -> String {
    match items.as_slice() {
        [] => words.pick("rien", "nothing").to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), words.pick("et", "and")),
    }
}

/// Cards in a sentence, copies grouped: « un 4 et deux 9 » / "a 4 and two 9s".
fn some_of(words: &Words, counts: &Counts) -> String {
    and_list(words, counts.kinds().map(|(card, n)| some_cards(words, card, n)).collect())
}

/// Cards on the table, as printed: `2 6 11`.
fn row(counts: &Counts) -> String {
    counts.cards().map(name).collect::<Vec<_>>().join(" ")
}

/// French typography: a non-breaking space before « : ; ! ? », none in English.
fn colon(words: &Words) -> &'static str {
    words.pick("\u{a0}:", ":")
}

fn semicolon(words: &Words) -> &'static str {
    words.pick("\u{a0};", ";")
}

/// A seat and its verb, in the middle of a sentence: « Ada pose », « vous posez ».
fn subject(words: &Words, seat: Seat, fr: &str, fr_you: &str, en: &str, en_you: &str) -> String {
    format!("{} {}", words.who(seat), words.verb(seat, fr, fr_you, en, en_you))
}

/// Seats in a sentence, the reader last as courtesy has it: « Ada, Blaise et vous » / "Ada,
/// Blaise and you".
fn seat_list(words: &Words, seats: impl IntoIterator<Item = Seat>) -> String {
    let (reader, others): (Vec<Seat>, Vec<Seat>) = seats.into_iter().partition(|&s| words.is_reader(s));
    words.list(others.into_iter().chain(reader))
}

/// Several seats and their verb: « Ada et Blaise passent », « Ada et vous passez » / "Ada and
/// Blaise are", "you are" (not capitalized: callers do it at the start of a sentence).
fn group_subject(words: &Words, seats: &[Seat], third: [&str; 4], you: [&str; 2]) -> String {
    let [fr_one, fr_many, en_one, en_many] = third;
    let [fr_you, en_you] = you;
    let verb = if seats.iter().any(|&s| words.is_reader(s)) {
        words.pick(fr_you, en_you)
    } else if seats.len() == 1 {
        words.pick(fr_one, en_one)
    } else {
        words.pick(fr_many, en_many)
    };
    format!("{} {verb}", seat_list(words, seats.iter().copied()))
}

/// A place in the finishing order, its French letters raised: « 1ʳᵉ », « 2ᵉ » (of « place ») /
/// "1st", "2nd".
fn ordinal(words: &Words, place: u8) -> String {
    match words.lang {
        Lang::Fr => format!("{place}{}", if place == 1 { "\u{2b3}\u{1d49}" } else { "\u{1d49}" }),
        Lang::En => {
            let suffix = match place {
                1 => "st",
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            format!("{place}{suffix}")
        }
    }
}

/// « n° 2 » / "#2": a face-down position as the `reveal` notation counts it.
fn position_text(words: &Words, position: u8) -> String {
    match words.lang {
        Lang::Fr => format!("n°\u{a0}{position}"),
        Lang::En => format!("#{position}"),
    }
}

/// « votre » / « sa » and "your" / "the": the owner's possessive where the owner is the subject.
fn own<'b>(words: &Words, seat: Seat, fr_his: &'b str, fr_your: &'b str, en: &'b str) -> &'b str {
    words.verb(seat, fr_his, fr_your, en, "your")
}

// ----- actions -----

/// What the next card must be: « 7 ou plus (ou un Ninja) » / "7 or higher (or a Ninja)".
pub(crate) fn requirement(req: Requirement, lang: Lang) -> String {
    match (req, lang) {
        (Requirement::Any, Lang::Fr) => "n’importe quelle carte".into(),
        (Requirement::Any, Lang::En) => "any card".into(),
        (Requirement::AtLeast(v), Lang::Fr) => format!("{v} ou plus (ou un Ninja)"),
        (Requirement::AtLeast(v), Lang::En) => format!("{v} or higher (or a Ninja)"),
        (Requirement::AtMost6, Lang::Fr) => "de 1 à 6 (ou un Ninja)".into(),
        (Requirement::AtMost6, Lang::En) => "1 to 6 (or a Ninja)".into(),
    }
}

// ----- the table -----

/// The last line of the table: whom the match waits for, and for what.
fn status(view: &View, w: &Words) -> String {
    let table = &view.table;
    let c = colon(w);
    match table.phase {
        Phase::Swap => {
            let waiting: Vec<Seat> = Seat::all(view.players()).filter(|&s| !table.ready.contains(s)).collect();
            format!(
                "{}{} {} {}.",
                w.pick("Échanges avant la partie", "Swapping before play"),
                semicolon(w),
                w.pick("on attend encore", "waiting for"),
                seat_list(w, waiting)
            )
        }
        Phase::Turn { seat } => match w.lang {
            Lang::Fr => format!("À {} de jouer.", w.who(seat)),
            Lang::En => format!("{} turn to play.", capitalize(&w.whose(seat))),
        },
        Phase::Refill { seat, .. } => match w.lang {
            Lang::Fr => format!(
                "{} {} main avec {} cartes de table.",
                w.says(seat, "complète", "complétez", "", ""),
                own(w, seat, "sa", "votre", ""),
                own(w, seat, "ses", "vos", "")
            ),
            Lang::En if w.is_reader(seat) => "You refill your hand from your cards on the table.".into(),
            Lang::En => format!("{} refills from the cards on the table.", w.name_of(seat)),
        },
        Phase::Give { giver } if w.is_reader(giver) => w
            .pick("Vous avez posé un 13\u{a0}: à qui donnez-vous le tas\u{a0}?", "You laid a 13: who gets the pile?")
            .into(),
        Phase::Give { giver } => match w.lang {
            Lang::Fr => format!("{} a posé un 13 et choisit à qui donner le tas.", w.name_of(giver)),
            Lang::En => format!("{} laid a 13 and chooses who gets the pile.", w.name_of(giver)),
        },
        Phase::Target { giver, target } if w.is_reader(target) => match w.lang {
            Lang::Fr => {
                format!("{} vous donne le tas{c} contrez avec un 13 ou un 1, ou acceptez-le.", w.name_of(giver))
            }
            Lang::En => format!("{} gives you the pile{c} counter with a 13 or a 1, or accept it.", w.name_of(giver)),
        },
        Phase::Target { giver, target } => format!(
            "{} {} {}, {}",
            w.says(giver, "donne", "donnez", "gives", "give"),
            w.pick("le tas à", "the pile to"),
            w.name_of(target),
            w.pick(
                "qui peut contrer avec un 13 ou un 1, ou l’accepter.",
                "who may counter with a 13 or a 1, or accept it."
            )
        ),
        Phase::Over => format!("{}{c} {}", w.pick("Match terminé", "Match over"), winners_text(w, table.winners)),
    }
}

/// « Ada gagne. », « vous gagnez. », « Ada et Blaise gagnent. » (lower case: it follows a colon).
fn winners_text(w: &Words, winners: SeatSet) -> String {
    let seats: Vec<Seat> = winners.iter().collect();
    if seats.is_empty() {
        return w.pick("personne ne gagne.", "nobody wins.").into();
    }
    format!("{}.", group_subject(w, &seats, ["gagne", "gagnent", "wins", "win"], ["gagnez", "win"]))
}

// ----- events -----

fn how(kind: PlayKind, seat: Seat, w: &Words) -> &'static str {
    match kind {
        PlayKind::Turn => "",
        PlayKind::Counter => w.pick(" pour contrer le 13", " to counter the 13"),
        PlayKind::Completion => w.pick(" pour compléter la paire", " to complete the pair"),
        PlayKind::Interrupt => w.verb(seat, " hors de son tour", " hors de votre tour", " out of turn", " out of turn"),
        PlayKind::Blind => w.pick(" à l’aveugle", " blind"),
    }
}

/// The seats' points or scores: « Ada 1, Blaise 0 et vous 0 » / "Ada 1, Blaise 0 and you 0".
fn tally(w: &Words, values: &tapis_core::BySeat<i64>) -> String {
    let seats = Seat::all(values.len());
    and_list(w, seats.map(|s| format!("{} {}", w.who(s), tapis_core::number(values[s]))).collect())
}

/// 8s: « Blaise passe son tour. », « Vous passez votre tour. » / "Blaise is skipped."; a seat
/// skipped more than once (few players, many 8s) is counted.
fn skipped(w: &Words, seats: &[Seat]) -> String {
    let mut distinct: Vec<(Seat, u8)> = Vec::new();
    for &seat in seats {
        match distinct.iter_mut().find(|(s, _)| *s == seat) {
            Some((_, n)) => *n += 1,
            None => distinct.push((seat, 1)),
        }
    }
    if distinct.iter().all(|&(_, n)| n == 1) {
        let one: Vec<Seat> = distinct.iter().map(|&(s, _)| s).collect();
        let you = one.iter().any(|&s| w.is_reader(s));
        let verb = capitalize(&group_subject(w, &one, ["passe", "passent", "is", "are"], ["passez", "are"]));
        let rest = match (w.lang, you, one.len()) {
            (Lang::Fr, true, _) => "votre tour",
            (Lang::Fr, false, 1) => "son tour",
            (Lang::Fr, false, _) => "leur tour",
            (Lang::En, _, _) => "skipped",
        };
        return format!("{verb} {rest}.");
    }
    let times = |n: u8| match (w.lang, n) {
        (Lang::Fr, 1) => "une fois".to_string(),
        (Lang::Fr, n) => format!("{} fois", number(w, n)),
        (Lang::En, 1) => "once".to_string(),
        (Lang::En, 2) => "twice".to_string(),
        (Lang::En, n) => format!("{} times", number(w, n)),
    };
    let list = and_list(w, distinct.iter().map(|&(s, n)| format!("{} {}", w.who(s), times(n))).collect());
    format!("{}{} {list}.", w.pick("Tours passés", "Turns skipped"), colon(w))
}

/// A face-down card taken into the hand, with the card for its owner.
fn took_face_down(w: &Words, seat: Seat, position: u8, card: Option<Card>) -> String {
    let seen = card.map(|card| format!("{} {}", colon(w), a_card(w, card))).unwrap_or_default();
    let position = position_text(w, position);
    match w.lang {
        Lang::Fr => format!(
            "{} en main {} carte cachée {position}{seen}.",
            w.says(seat, "prend", "prenez", "", ""),
            own(w, seat, "sa", "votre", "")
        ),
        Lang::En if w.is_reader(seat) => format!("You take your face-down card {position} into your hand{seen}."),
        Lang::En => format!("{} takes face-down card {position} into hand{seen}.", w.name_of(seat)),
    }
}

/// « Ada donne le tas à Blaise. », « Ada vous donne le tas. », « Vous donnez le tas à Blaise. »
fn gave(w: &Words, giver: Seat, target: Seat) -> String {
    if w.is_reader(target) && giver != target {
        return match w.lang {
            Lang::Fr => format!("{} vous donne le tas.", w.name_of(giver)),
            Lang::En => format!("{} gives you the pile.", w.name_of(giver)),
        };
    }
    format!(
        "{} {} {}.",
        w.says(giver, "donne", "donnez", "gives", "give"),
        w.pick("le tas à", "the pile to"),
        w.name_of(target)
    )
}

// ---------------------------------------------------------------------------------------------
// The table as a screen shows it

/// A card as the table shows it: its value, the Ninja by its name.
fn card_span(card: Card) -> RichSpan {
    let notation = card.to_string();
    if notation == "00" {
        RichSpan::new("Ninja", Mark::Card(Tint::Wild))
    } else {
        RichSpan::new(notation, Mark::Card(Tint::Plain))
    }
}

/// Face-down cards, one block each.
fn face_down(count: usize) -> String {
    "▮".repeat(count)
}

impl tapis_core::DescribeTable for crate::Gum {
    /// The pile (its top first), what the next card must be, the stock and the cards burnt, the
    /// phase when it is not plain play, the pair that may be completed and a free turn.
    fn table_lines(t: &Body, w: &Words) -> Vec<RichLine> {
        let mut pile = RichLine::field(w, "Tas", "Pile").cards(t.pile.iter().map(|&c| card_span(c)), 6);
        if let Some(top) = pile.spans.get_mut(1).filter(|_| !t.pile.is_empty()) {
            top.mark = match top.mark {
                Mark::Card(tint) => Mark::Top(tint),
                mark => mark,
            };
            pile.push(format!("  ({})", t.pile.len()), Mark::Text);
        }
        let need = match (t.requirement.kind, t.requirement.value) {
            ("at_least", Some(v)) => format!("≥ {v}"),
            ("at_most", Some(v)) => format!("≤ {v}"),
            _ => w.pick("n'importe quelle carte", "any card").to_string(),
        };
        let stock = format!("{}  · {} {}", t.stock, w.pick("brûlées", "burnt"), t.burnt);
        let mut lines = vec![
            pile,
            RichLine::field(w, "À poser", "To lay").strong(need),
            RichLine::field(w, "Pioche", "Stock").text(stock),
        ];
        let who = |seat: Option<Seat>| seat.map_or_else(|| "?".to_string(), |s| w.who(s));
        match t.phase {
            "swap" => lines.push(RichLine::new().strong(w.pick("Échanges avant le jeu", "Swapping before play"))),
            "give" => {
                let gives = format!("{} {}", who(t.giver), w.pick("donne le tas", "gives the pile"));
                lines.push(RichLine::field(w, "13", "13").text(gives));
            }
            "target" => {
                let given = format!("{} → {}", who(t.giver), who(t.target));
                lines.push(RichLine::field(w, "Tas donné", "Pile given").strong(given));
            }
            "refill" => lines.push(
                RichLine::new()
                    .text(w.pick("Pioche vide\u{a0}: on reprend ses cartes", "Stock empty: refill from the table")),
            ),
            _ => {}
        }
        if let Some(completion) = t.completion {
            lines.push(RichLine::field(w, "Paire à compléter", "Pair to complete").span(card_span(completion)));
        }
        if t.free_turn {
            lines.push(RichLine::new().strong(w.pick("Tour libre", "Free turn")));
        }
        lines
    }

    fn seat_heading(w: &Words) -> (&'static str, &'static str) {
        (w.pick("Sur table", "On table"), w.pick("Table", "Table"))
    }

    /// Its place once out; else its face-up row, its face-down cards, and whether it is still
    /// swapping.
    fn seat_facts(t: &Body, seat: Seat, w: &Words) -> RichLine {
        let Some(s) = t.seats.get(seat.index()) else { return RichLine::new() };
        if let Some(place) = s.place {
            let place = match (w.lang, place) {
                // French ordinals with their letters raised: « 1ᵉʳ », « 2ᵉ ».
                (Lang::Fr, 1) => "1\u{1d49}\u{2b3}".to_string(),
                (Lang::Fr, n) => format!("{n}\u{1d49}"),
                (Lang::En, 1) => "1st".into(),
                (Lang::En, 2) => "2nd".into(),
                (Lang::En, 3) => "3rd".into(),
                (Lang::En, n) => format!("{n}th"),
            };
            return RichLine::new().strong(place);
        }
        let mut line = if s.faceup.is_empty() {
            RichLine::new()
        } else {
            RichLine::new().cards(s.faceup.iter().map(|&c| card_span(c)), 3)
        };
        line.push(format!(" {}", face_down(s.facedown.len())), Mark::Dim);
        if !s.ready {
            line.push(format!(" {}", w.pick("échange", "swapping")), Mark::Text);
        }
        line
    }

    fn hand(t: &Body, _: &Words) -> Option<Vec<HandCard>> {
        let hand = t.hand.as_ref()?;
        Some(hand.iter().map(|&c| HandCard { card: c.to_string(), group: None, face: card_span(c) }).collect())
    }

    /// The reader's face-up row and face-down cards.
    fn own_lines(t: &Body, seat: Seat, w: &Words) -> Vec<RichLine> {
        let Some(mine) = t.seats.get(seat.index()) else { return Vec::new() };
        let hidden = format!("  · {} {}", w.pick("cachées", "face down"), face_down(mine.facedown.len()));
        vec![RichLine::field(w, "Visibles", "Face up").cards(mine.faceup.iter().map(|&c| card_span(c)), 3).text(hidden)]
    }

    /// `give <seat>`, `reveal <position>` and `take <face-up card>` name no card of the hand;
    /// `swap <hand card> <face-up card>` names one; `play 9 9` two.
    fn action_cards(action: &str) -> Vec<&str> {
        let mut words = action.split_whitespace();
        match words.next() {
            Some("give" | "reveal" | "take") | None => Vec::new(),
            Some("swap") => words.take(1).collect(),
            Some(_) => words.collect(),
        }
    }

    fn rounds(t: &Body) -> Option<u32> {
        Some(t.games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat given the pile after it finished: by its number for the referee (PROTOCOL.md's
    /// sentence), by its name at a table.
    #[test]
    fn a_finished_seat_is_named_at_a_table_and_numbered_for_the_referee() {
        let out = Illegal::OutOfGame(Seat(2));
        assert_eq!(out.word(&Words::numbered(Lang::Fr)), "le joueur 2 est sorti de la partie");
        assert_eq!(out.word(&Words::numbered(Lang::En)), "player 2 is out of the game");
        let names: Vec<String> = ["Alice", "Ada", "Blaise"].map(String::from).to_vec();
        assert_eq!(out.word(&Words::new(Lang::Fr, &names, Some(Seat(0)))), "Blaise n'est plus en jeu");
        assert_eq!(out.word(&Words::new(Lang::En, &names, Some(Seat(2)))), "You are out of the game");
        assert_eq!(out.word(&Words::new(Lang::En, &names, Some(Seat(0)))), "Blaise is out of the game");
    }
}
