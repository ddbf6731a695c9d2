//! Texts for people, in French and English: every seat by its name, the reader addressed as
//! « vous » / "you", cards in the reader's language (V, D, R in French), counts and articles
//! agreed, and French typography (a non-breaking space before « : ; ! ? » and inside « ») in
//! French only. The notation (`play 7H`, `contre 2`) never appears here: the terminal shows it
//! beside each choice.

use crate::cards::*;
use crate::client::{Body, MustMatch};
use crate::legal::Illegal;
use crate::options::Scoring;
use crate::state::{ChainKind, Constraint, Phase};
use crate::{Action, Event, PenaltyReason, View};
use std::fmt::Write;
use tapis_core::words::capitalize;
use tapis_core::{
    BySeat, HandCard, Lang, Mark, Reason, RichLine, RichSpan, Seat, SeatSet, Wording, Words, french_hand,
};

/// The non-breaking space French puts before « : ; ! ? » and inside « ».
const NBSP: char = '\u{a0}';

/// French typography for a whole text: every ASCII space before `: ; ! ?` or `»`, and after `«`,
/// becomes a non-breaking one. English texts are left as they are.
fn typography(words: &Words, text: String) -> String {
    if !words.fr() {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    let mut after_open_quote = false;
    while let Some(c) = chars.next() {
        if c == ' ' && (after_open_quote || chars.peek().is_some_and(|n| matches!(n, ':' | ';' | '!' | '?' | '»'))) {
            out.push(NBSP);
        } else {
            out.push(c);
        }
        after_open_quote = c == '«';
    }
    out
}

/// `seat` as the subject of a verb, inside a sentence: « Ada pose », « vous posez ».
fn subject(words: &Words, seat: Seat, fr: &str, fr_you: &str, en: &str, en_you: &str) -> String {
    format!("{} {}", words.who(seat), words.verb(seat, fr, fr_you, en, en_you))
}

/// A card in a sentence, in the reader's language: « D♠ », « 10♦ », « un Joker » / "Q♠", "a
/// Joker" (the Joker is a name, the others are written as on the card).
fn card(words: &Words, card: FrenchCard) -> String {
    if card.is_joker() { words.pick("un Joker", "a Joker").to_string() } else { words.card(card) }
}

impl Reason for Illegal {
    /// One sentence, in the referee's words (seats by number, cards in notation, as PROTOCOL.md
    /// quotes them) or in a table's (seats by name, the reader as « vous », cards as drawn).
    fn word(&self, words: &Words) -> String {
        let (fr, en): (&str, &str) = match *self {
            Illegal::UniqueNotDue => (
                "« UNIQUE » s'annonce quand on n'a plus qu'une carte et qu'on ne l'a pas encore annoncé",
                "UNIQUE is announced by a player holding one card who has not announced it yet",
            ),
            Illegal::ContreNotDue => (
                "« CONTRE UNIQUE » vise un joueur qui n'a plus qu'une carte, sans l'avoir annoncé, tant que sa \
                 fenêtre est ouverte",
                "CONTRE UNIQUE needs its target to hold one card, unannounced, while its window is open",
            ),
            Illegal::OutOfTurn { turn } => {
                let text = match words.lang {
                    Lang::Fr => format!(
                        "c'est à {} de jouer ; hors de son tour, on ne peut qu'annoncer « UNIQUE » ou « CONTRE UNIQUE »",
                        words.who(turn)
                    ),
                    Lang::En => {
                        format!(
                            "it is {} move; out of turn, only UNIQUE or CONTRE UNIQUE may be called",
                            words.whose(turn)
                        )
                    }
                };
                return finish(words, text);
            }
            Illegal::NotHeld { seat, card: c } => {
                // The referee quotes the card in notation (« la carte 7H »), a table draws it.
                let held = if words.numbered {
                    words.lang.pick("la carte ", "").to_string() + &c.to_string()
                } else {
                    card(words, c)
                };
                let text =
                    format!("{} {held}", subject(words, seat, "n'a pas", "n'avez pas", "does not hold", "do not hold"));
                return finish(words, text);
            }
            Illegal::ChainPending => (
                "une série de 7 ou de Jokers est en cours : ajoutez-y une carte (play) ou prenez la pénalité (draw)",
                "a 7/Joker chain is pending: add a chain card (play) or take the penalty (draw)",
            ),
            Illegal::MustFit => (
                "une carte qui convient doit être posée : même couleur ou même valeur que la carte du dessus, un \
                 8 ou un Joker, ou ce qui a été annoncé ou demandé",
                "a card that fits must be played: same suit or rank as the top card, an 8 or a Joker, or what \
                 was named or demanded",
            ),
            Illegal::FitOrDraw => (
                "posez une carte qui convient, ou piochez (passez quand il n'y a rien à piocher)",
                "play a card that fits, or draw (pass when nothing can be drawn)",
            ),
            Illegal::NothingFollows => (
                "aucune de vos cartes ne peut suivre : finissez le tour (end)",
                "none of your cards can follow: end the turn",
            ),
            Illegal::SerieOrSuite => (
                "seule une carte de même valeur (série) ou la suivante de même couleur (suite) peut suivre, ou \
                 finissez le tour (end)",
                "only the same rank (série) or the same suit one rank up (suite) may follow, or end",
            ),
            Illegal::DrawnDoesNotFit => {
                ("la carte piochée ne convient pas : gardez-la (pass)", "the card drawn does not fit: keep it (pass)")
            }
            Illegal::PlayDrawnOrKeep => {
                ("posez la carte piochée, ou gardez-la (pass)", "play the card just drawn, or keep it (pass)")
            }
            Illegal::FitOrPass => ("posez une carte qui convient, ou passez", "play a card that fits, or pass"),
            Illegal::NameSuit => ("annoncez une couleur : suit S, H, D ou C", "name a suit: suit S, H, D or C"),
            Illegal::NameRank => ("demandez une valeur : rank 2 à A", "demand a rank: rank 2..A"),
            Illegal::SwapOrNot => (
                "échangez une carte avec un autre joueur (swap <place> <carte>) ou refusez (noswap)",
                "exchange a card with another seat (swap <seat> <card>) or noswap",
            ),
            Illegal::AskCard => ("nommez la carte voulue : ask <carte>", "name the card wanted: ask <card>"),
            Illegal::GiveCard => {
                ("rendez une de vos cartes : give <carte>", "give back one of your cards: give <card>")
            }
            Illegal::Over => ("la partie est finie", "the match is over"),
        };
        finish(words, words.pick(fr, en).to_string())
    }
}

/// A reason as its reader gets it: as written for the referee, French typography for a table.
fn finish(words: &Words, text: String) -> String {
    if words.numbered { text } else { typography(words, text) }
}

impl Wording for crate::Nantais {
    fn describe_action(action: Action, words: &Words) -> String {
        let text = match action {
            Action::Play(c) => format!("{} {}", words.pick("poser", "play"), card(words, c)),
            Action::End => words.pick("finir le tour", "end the turn").into(),
            Action::Suit(s) => format!("{} {}", words.pick("annoncer", "name"), suit_name(words, s)),
            Action::Rank(r) => format!("{} {}", words.pick("demander", "demand"), words.a_rank(r)),
            Action::Draw => words.pick("piocher (ou prendre la pénalité)", "draw (or take the penalty)").into(),
            Action::Pass => words.pick("passer (en gardant ses cartes)", "pass (keeping your cards)").into(),
            Action::Unique => words.pick("annoncer « UNIQUE »", "announce UNIQUE").into(),
            Action::Contre(s) => match words.lang {
                Lang::Fr => format!("dire « CONTRE UNIQUE » à {}", words.who(s)),
                Lang::En => format!("call CONTRE UNIQUE on {}", words.who(s)),
            },
            Action::Swap(s, c) => match words.lang {
                Lang::Fr => format!("Dame : donner {} à {} contre une de ses cartes", card(words, c), words.who(s)),
                Lang::En => format!("Queen: give {} to {} for one of their cards", card(words, c), words.who(s)),
            },
            Action::NoSwap => words.pick("Dame : ne rien échanger", "Queen: make no exchange").into(),
            Action::Ask(c) => format!("{} {}", words.pick("Dame : demander", "Queen: ask for"), card(words, c)),
            Action::Give(c) => format!("{} {}", words.pick("Dame : rendre", "Queen: give back"), card(words, c)),
        };
        typography(words, text)
    }

    fn describe_event(event: &Event, words: &Words) -> String {
        typography(words, event_text(event, words))
    }

    fn render_view(view: &View, words: &Words) -> String {
        typography(words, view_text(view, words))
    }

    fn rules_text(lang: Lang) -> &'static str {
        lang.pick(RULES_FR, RULES_EN)
    }

    fn tagline(lang: Lang) -> &'static str {
        lang.pick(
            "Le 8 américain d’une famille nantaise\u{a0}: séries, suites, 7 et Jokers qui font piocher, UNIQUE\u{a0}!",
            "A Nantes family’s Crazy Eights: runs, sequences, 7s and Jokers that make you draw, UNIQUE!",
        )
    }
}

/// The order of the game (Ace high): by suit, then 2 … 10, J, Q, K, A; Jokers last.
fn game_order(card: FrenchCard) -> (usize, u8) {
    match (card.suit(), card.rank()) {
        (Some(suit), Some(rank)) => (suit.index(), suite_order(rank)),
        _ => (Suit::ALL.len(), 0),
    }
}

/// A hand in the game's order (Ace high), in the reader's language.
fn hand_text(words: &Words, cards: &[FrenchCard]) -> String {
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|&c| game_order(c));
    words.cards_list(sorted)
}

/// Cards in the order given (a pile, the cards drawn).
fn cards_text(words: &Words, cards: &[FrenchCard]) -> String {
    words.cards_list(cards.iter().copied())
}

fn suit_name(words: &Words, suit: Suit) -> &'static str {
    words.suit(suit)
}

/// Whether the reader is one of `seats`: a French verb of several seats then agrees with
/// « vous » (« Ada et vous vous partagez »).
fn reader_among(words: &Words, seats: SeatSet) -> bool {
    words.reader.is_some_and(|r| seats.contains(r))
}

/// « que » before a seat's name, elided before a vowel: « qu’Ada », « que Blaise ».
fn that_fr(words: &Words, seat: Seat) -> String {
    let who = words.who(seat);
    if who.chars().next().is_some_and(|c| "aeiouyhéèêëàâîïôûüAEIOUYHÉÈÊËÀÂÎÏÔÛÜ".contains(c)) {
        format!("qu’{who}")
    } else {
        format!("que {who}")
    }
}

/// Why a penalty is drawn, after its count: « pour la série de 7 » / "for the chain of 7s".
fn penalty_reason(words: &Words, reason: PenaltyReason) -> &'static str {
    match reason {
        PenaltyReason::Sevens => words.pick("pour la série de 7", "for the chain of 7s"),
        PenaltyReason::Jokers => words.pick("pour la série de Jokers", "for the chain of Jokers"),
        PenaltyReason::Contre => words.pick("pour ne pas avoir annoncé « UNIQUE »", "for not announcing UNIQUE"),
    }
}

fn penalty_cards(words: &Words, n: u32) -> String {
    words.count(n, "carte de pénalité", "cartes de pénalité", "penalty card", "penalty cards")
}

fn event_text(event: &Event, words: &Words) -> String {
    let fr = words.fr();
    let says = |seat: Seat, fr: &str, fr_you: &str, en: &str, en_you: &str| words.says(seat, fr, fr_you, en, en_you);
    match event {
        Event::RoundDealt { round, dealer, starter } => {
            let deals = subject(words, *dealer, "distribue", "distribuez", "deals", "deal");
            let starter = card(words, *starter);
            if fr {
                format!("Manche {round} : {deals} ; la défausse commence par {starter}.")
            } else {
                format!("Round {round}: {deals}; the discard starts with {starter}.")
            }
        }
        Event::Dealt { seat, hand } => {
            let n = words.cards(hand.len() as u32);
            let held = hand_text(words, hand);
            let gets = says(*seat, "reçoit", "recevez", "is dealt", "are dealt");
            if fr { format!("{gets} {n} : {held}.") } else { format!("{gets} {n}: {held}.") }
        }
        Event::Played { seat, card: c } => {
            format!("{} {}.", says(*seat, "pose", "posez", "plays", "play"), card(words, *c))
        }
        Event::Drew { seat, cards: 0 } => {
            format!(
                "{} {}.",
                says(*seat, "n’a", "n’avez", "has", "have"),
                words.pick("rien à piocher", "nothing to draw")
            )
        }
        Event::Drew { seat, .. } => {
            format!("{} {}.", says(*seat, "pioche", "piochez", "draws", "draw"), words.pick("une carte", "a card"))
        }
        Event::DrewCard { seat, card: c } => {
            format!("{} {}.", says(*seat, "pioche", "piochez", "draws", "draw"), card(words, *c))
        }
        Event::Penalty { seat, cards: 0, reason } => {
            let why = penalty_reason(words, *reason);
            format!(
                "{} {} {why}.",
                says(*seat, "n’a", "n’avez", "has", "have"),
                words.pick("aucune carte de pénalité à piocher", "no penalty card to draw")
            )
        }
        Event::Penalty { seat, cards, reason } => {
            let why = penalty_reason(words, *reason);
            format!("{} {} {why}.", says(*seat, "pioche", "piochez", "draws", "draw"), penalty_cards(words, *cards))
        }
        Event::PenaltyCards { seat, cards, reason } => {
            let why = penalty_reason(words, *reason);
            let n = penalty_cards(words, cards.len() as u32);
            let drawn = cards_text(words, cards);
            let draws = says(*seat, "pioche", "piochez", "draws", "draw");
            if fr { format!("{draws} {n} {why} : {drawn}.") } else { format!("{draws} {n} {why}: {drawn}.") }
        }
        Event::Reshuffled { cards } => {
            let n = words.cards(*cards);
            if fr {
                format!(
                    "La pioche est vide : la défausse, sauf sa carte du dessus, est mélangée en une nouvelle pioche de {n}."
                )
            } else {
                format!("The stock is empty: the discard but its top card is shuffled into a new stock of {n}.")
            }
        }
        Event::SuitNamed { seat, suit } => {
            format!("{} {}.", says(*seat, "annonce", "annoncez", "names", "name"), suit_name(words, *suit))
        }
        Event::RankDemanded { seat, rank } => {
            format!("{} {}.", says(*seat, "demande", "demandez", "demands", "demand"), words.a_rank(*rank))
        }
        Event::CardDemanded { seat, card: c } => {
            format!(
                "{} {} {}.",
                says(*seat, "demande", "demandez", "demands", "demand"),
                words.pick("exactement", "exactly"),
                words.card_name(*c)
            )
        }
        Event::Passed { seat } => format!("{}.", says(*seat, "passe", "passez", "passes", "pass")),
        Event::Skipped { seat } => {
            format!("{}.", says(*seat, "passe son tour", "passez votre tour", "is skipped", "are skipped"))
        }
        Event::Reversed { clockwise } => match (fr, clockwise) {
            (true, true) => "Le sens du jeu change : on joue maintenant dans le sens horaire.".into(),
            (true, false) => "Le sens du jeu change : on joue maintenant dans le sens antihoraire.".into(),
            (false, true) => "The direction reverses: play now goes clockwise.".into(),
            (false, false) => "The direction reverses: play now goes anticlockwise.".into(),
        },
        Event::Unique { seat, automatic: false } => {
            format!(
                "{} {}",
                says(*seat, "annonce", "annoncez", "announces", "announce"),
                words.pick("« UNIQUE » !", "UNIQUE!")
            )
        }
        Event::Unique { seat, automatic: true } => {
            let down = says(
                *seat,
                "n’a plus qu’une carte",
                "n’avez plus qu’une carte",
                "is down to one card",
                "are down to one card",
            );
            format!("{down}{}", words.pick(" : « UNIQUE » !", ": UNIQUE!"))
        }
        Event::Contre { seat, against } => match (fr, words.is_reader(*against)) {
            (true, true) => format!("{} « CONTRE UNIQUE » !", says(*seat, "vous dit", "vous dites", "", "")),
            (true, false) => {
                format!("{} « CONTRE UNIQUE » à {} !", says(*seat, "dit", "dites", "", ""), words.who(*against))
            }
            (false, _) => {
                format!("{} CONTRE UNIQUE on {}!", says(*seat, "", "", "calls", "call"), words.who(*against))
            }
        },
        Event::SwapOffered { seat, target } => match (fr, words.is_reader(*target)) {
            (true, true) => format!("Dame : {} un échange.", subject(words, *seat, "vous propose", "", "", "")),
            (true, false) => {
                format!(
                    "Dame : {} un échange à {}.",
                    subject(words, *seat, "propose", "proposez", "", ""),
                    words.who(*target)
                )
            }
            (false, _) => format!(
                "Queen: {} {} an exchange.",
                subject(words, *seat, "", "", "offers", "offer"),
                words.who(*target)
            ),
        },
        Event::Offered { seat, target, card: c } => {
            let c = card(words, *c);
            match (fr, words.is_reader(*target)) {
                (true, true) => format!("Dame : {} {c} en échange.", subject(words, *seat, "vous propose", "", "", "")),
                (true, false) => format!(
                    "Dame : {} {c} à {} en échange.",
                    subject(words, *seat, "propose", "proposez", "", ""),
                    words.who(*target)
                ),
                (false, _) => format!(
                    "Queen: {} {} {c} in exchange.",
                    subject(words, *seat, "", "", "offers", "offer"),
                    words.who(*target)
                ),
            }
        }
        Event::Swapped { seat, target, asked: None } => {
            let swaps = subject(words, *seat, "échange", "échangez", "exchanges", "exchange");
            let with = words.who(*target);
            if fr {
                format!("Dame : {swaps} une carte avec {with}.")
            } else {
                format!("Queen: {swaps} a card with {with}.")
            }
        }
        Event::Swapped { seat, target, asked: Some(c) } => {
            let c = card(words, *c);
            match (fr, words.is_reader(*target)) {
                (true, true) => format!(
                    "Dame : {} {c} et l’obtient contre une carte.",
                    subject(words, *seat, "vous demande", "", "", "")
                ),
                (true, false) => format!(
                    "Dame : {} {c} à {} et {} contre une carte.",
                    subject(words, *seat, "demande", "demandez", "", ""),
                    words.who(*target),
                    words.verb(*seat, "l’obtient", "l’obtenez", "", "")
                ),
                (false, _) => format!(
                    "Queen: {} {} for {c} and {} it for a card.",
                    subject(words, *seat, "", "", "asks", "ask"),
                    words.who(*target),
                    words.verb(*seat, "", "", "gets", "get")
                ),
            }
        }
        Event::AskFailed { seat, target, asked } => {
            let c = match (fr, asked.is_joker()) {
                (true, true) => "de Joker".to_string(),
                _ => card(words, *asked),
            };
            let holds = subject(words, *target, "n’a pas", "n’avez pas", "does not hold", "do not hold");
            let nothing =
                subject(words, *seat, "n’échange rien", "n’échangez rien", "exchanges nothing", "exchange nothing");
            if fr { format!("Dame : {holds} {c} ; {nothing}.") } else { format!("Queen: {holds} {c}; {nothing}.") }
        }
        Event::SwapDeclined { seat } => {
            let declines = subject(
                words,
                *seat,
                "n’échange pas de carte",
                "n’échangez pas de carte",
                "makes no exchange",
                "make no exchange",
            );
            format!("{} {declines}.", words.pick("Dame :", "Queen:"))
        }
        Event::Exchanged { seat, with, gave, got } => {
            let (gave, got) = (card(words, *gave), card(words, *got));
            match (fr, words.is_reader(*with)) {
                (true, true) => format!(
                    "Dame : {} {gave} et reçoit {got} en échange.",
                    subject(words, *seat, "vous donne", "", "", "")
                ),
                (true, false) => format!(
                    "Dame : {} {gave} à {} et {} {got} en échange.",
                    subject(words, *seat, "donne", "donnez", "", ""),
                    words.who(*with),
                    words.verb(*seat, "reçoit", "recevez", "", "")
                ),
                (false, _) => format!(
                    "Queen: {} {} {gave} and {} {got} in return.",
                    subject(words, *seat, "", "", "gives", "give"),
                    words.who(*with),
                    words.verb(*seat, "", "", "gets", "get")
                ),
            }
        }
        Event::HandsShown { hands } => {
            let shown: Vec<String> = hands
                .iter()
                .enumerate()
                .map(|(i, hand)| {
                    let held = if hand.is_empty() {
                        words.pick("aucune carte", "no cards").to_string()
                    } else {
                        hand_text(words, hand)
                    };
                    format!("{}{} {held}", words.who(Seat(i as u8)), words.pick(" :", ":"))
                })
                .collect();
            let shown = capitalize(&shown.join(words.pick(" ; ", "; ")));
            format!("{} {shown}.", words.pick("Les mains sont montrées.", "The hands are shown."))
        }
        Event::RoundWon { round, winners, blocked, round_scores, scores } => {
            round_won(words, *round, *winners, *blocked, round_scores, scores)
        }
        Event::MatchWon { winners } => match winners.first().filter(|_| winners.len() == 1) {
            Some(w) => {
                let wins = says(w, "gagne le match", "gagnez le match", "wins the match", "win the match");
                if fr { format!("{wins} !") } else { format!("{wins}!") }
            }
            None => {
                let who = capitalize(&words.list(winners.iter()));
                match (fr, reader_among(words, *winners)) {
                    (true, true) => format!("{who} vous partagez la victoire du match !"),
                    (true, false) => format!("{who} se partagent la victoire du match !"),
                    (false, _) => format!("{who} share the match!"),
                }
            }
        },
    }
}

/// Each seat with its number: « Alice 1, Ada 0, vous 2 ».
fn seat_numbers(words: &Words, values: impl Iterator<Item = i64>) -> String {
    let items: Vec<String> =
        values.enumerate().map(|(i, v)| format!("{} {}", words.who(Seat(i as u8)), tapis_core::number(v))).collect();
    items.join(", ")
}

fn round_won(
    words: &Words,
    round: u32,
    winners: SeatSet,
    blocked: bool,
    round_scores: &BySeat<i64>,
    scores: &BySeat<i64>,
) -> String {
    let fr = words.fr();
    let single = winners.first().filter(|_| winners.len() == 1);
    let among = reader_among(words, winners);
    let list = words.list(winners.iter());
    let outcome = match (blocked, single) {
        (false, Some(w)) => {
            format!(
                "{} {round}.",
                words.says(w, "remporte la manche", "remportez la manche", "wins round", "win round")
            )
        }
        (false, None) => match (fr, among) {
            (true, true) => format!("{} vous partagez la manche {round}.", capitalize(&list)),
            (true, false) => format!("{} se partagent la manche {round}.", capitalize(&list)),
            (false, _) => format!("{} share round {round}.", capitalize(&list)),
        },
        (true, _) => {
            let who = match (fr, single, among) {
                (true, Some(w), _) => subject(words, w, "la remporte", "la remportez", "", ""),
                (true, None, true) => format!("{list} vous la partagez"),
                (true, None, false) => format!("{list} se la partagent"),
                (false, Some(w), _) => subject(words, w, "", "", "wins it", "win it"),
                (false, None, _) => format!("{list} share it"),
            };
            if fr {
                format!("Manche {round} bloquée : {who} (le moins de cartes, puis le moins de points).")
            } else {
                format!("Round {round} is blocked: {who} (fewest cards, then fewest points).")
            }
        }
    };
    // Rounds won: each winner scores 1; penalty points: the winners score 0 and the totals are
    // kept as negative match scores.
    let penalty = winners.iter().any(|w| round_scores[w] == 0);
    let tally = if penalty {
        let this_round = seat_numbers(words, round_scores.iter().copied());
        let totals = seat_numbers(words, scores.iter().map(|&s| -s));
        if fr {
            format!("Points de pénalité de la manche : {this_round} ; total : {totals}.")
        } else {
            format!("Penalty points this round: {this_round}; totals: {totals}.")
        }
    } else {
        let won = seat_numbers(words, scores.iter().copied());
        if fr { format!("Manches gagnées : {won}.") } else { format!("Rounds won: {won}.") }
    };
    format!("{outcome} {tally}")
}

/// What the next first card must be, after « poser » / "play".
fn constraint_text(view: &View, words: &Words) -> String {
    let fr = words.fr();
    let wilds_fr = |rank_is_eight: bool| if rank_is_eight { "un Joker" } else { "un 8, un Joker" };
    let wilds_en = |rank_is_eight: bool| if rank_is_eight { "a Joker" } else { "an 8, a Joker" };
    let any = || words.pick("n’importe quelle carte", "any card").to_string();
    match view.table.constraint {
        Constraint::Top { card } => match (card.suit(), card.rank()) {
            (Some(s), Some(r)) => {
                let eight = r.value() == 8;
                if fr {
                    format!("du {} ou {} (ou {})", suit_name(words, s), words.a_rank(r), wilds_fr(eight))
                } else {
                    format!("{} or {} (or {})", suit_name(words, s), words.a_rank(r), wilds_en(eight))
                }
            }
            _ => any(),
        },
        Constraint::Suit { suit } => {
            if fr {
                format!("du {} (couleur annoncée), un 8 ou un Joker", suit_name(words, suit))
            } else {
                format!("{} (the suit named), an 8 or a Joker", suit_name(words, suit))
            }
        }
        Constraint::Rank { rank } => {
            let wilds = view.options.king_demand_allows_wilds;
            let eight = rank.value() == 8;
            match (fr, wilds) {
                (true, false) => format!("{} (valeur demandée par un Roi)", words.a_rank(rank)),
                (true, true) => {
                    format!("{} (valeur demandée par un Roi), ou {}", words.a_rank(rank), wilds_fr(eight))
                }
                (false, false) => format!("{} (the rank a King demanded)", words.a_rank(rank)),
                (false, true) => {
                    format!("{} (the rank a King demanded), or {}", words.a_rank(rank), wilds_en(eight))
                }
            }
        }
        Constraint::Exact { card } => {
            let wilds = view.options.king_demand_allows_wilds;
            match (fr, wilds) {
                (true, false) => format!("exactement {} (Roi + 8)", words.card_name(card)),
                (true, true) => format!("exactement {} (Roi + 8), ou un 8, un Joker", words.card_name(card)),
                (false, false) => format!("exactly {} (King + 8)", words.card_name(card)),
                (false, true) => format!("exactly {} (King + 8), or an 8, a Joker", words.card_name(card)),
            }
        }
        Constraint::Free => any(),
    }
}

/// The line that says whose move it is and what is expected.
fn phase_text(view: &View, words: &Words) -> String {
    let fr = words.fr();
    let turn = view.table.turn;
    let what = match view.table.phase {
        Phase::Start => match view.table.pending {
            Some(p) => {
                let add = match (p.kind, view.options.mixed()) {
                    (_, true) => words.pick("un 7 ou un Joker", "a 7 or a Joker"),
                    (ChainKind::Seven, false) => words.pick("un 7", "a 7"),
                    (ChainKind::Joker, false) => words.pick("un Joker", "a Joker"),
                };
                let n = words.cards(p.cards);
                if fr { format!("ajouter {add} ou piocher {n}") } else { format!("add {add} or draw {n}") }
            }
            None => format!("{} {}", words.pick("poser", "play"), constraint_text(view, words)),
        },
        Phase::Chain => words
            .pick("enchaîner (série ou suite) ou finir le tour", "chain on (série or suite) or end the turn")
            .into(),
        Phase::Drawn => words.pick("poser la carte piochée ou la garder", "play the card drawn or keep it").into(),
        Phase::AfterPenalty => {
            words.pick("poser une carte après la pénalité, ou passer", "play a card after the penalty, or pass").into()
        }
        Phase::NameSuit => words.pick("annoncer une couleur", "name a suit").into(),
        Phase::NameRank => words.pick("demander une valeur", "demand a rank").into(),
        Phase::Swap => words.pick("échanger une carte (Dame) ou non", "exchange a card (Queen) or not").into(),
        Phase::Ask { target } if !words.is_reader(turn) => {
            return match (fr, words.is_reader(target)) {
                (true, true) => format!("{} choisit la carte à vous demander (Dame).", words.who_upper(turn)),
                (true, false) => {
                    format!("{} choisit la carte à demander à {} (Dame).", words.who_upper(turn), words.who(target))
                }
                (false, _) => {
                    format!("{} is choosing the card to ask {} for (Queen).", words.who_upper(turn), words.who(target))
                }
            };
        }
        Phase::Ask { target } => match words.lang {
            Lang::Fr => format!("demander une carte à {} (Dame)", words.who(target)),
            Lang::En => format!("ask {} for a card (Queen)", words.who(target)),
        },
        Phase::Give { target } if words.is_reader(target) => match words.lang {
            Lang::Fr => format!("choisir la carte à rendre à {} (Dame)", words.who(turn)),
            Lang::En => format!("choose the card to give back to {} (Queen)", words.who(turn)),
        },
        Phase::Give { target } => {
            return match (fr, words.is_reader(turn)) {
                (true, true) => format!("{} choisit la carte à vous rendre (Dame).", words.who_upper(target)),
                (true, false) => {
                    format!("{} choisit la carte à rendre à {} (Dame).", words.who_upper(target), words.who(turn))
                }
                (false, _) => format!(
                    "{} is choosing the card to give back to {} (Queen).",
                    words.who_upper(target),
                    words.who(turn)
                ),
            };
        }
        Phase::Over => {
            let over = words.pick("Le match est fini.", "The match is over.");
            return match view.table.winners.is_empty() {
                true => over.into(),
                false => format!("{over} {}", event_text(&Event::MatchWon { winners: view.table.winners }, words)),
            };
        }
    };
    // Whose move: the acting seat is the one in turn, but a Dame target chooses the card it gives.
    let actor = match view.table.phase {
        Phase::Give { target } => target,
        _ => turn,
    };
    match (fr, words.is_reader(actor)) {
        (true, true) => format!("À vous : {what}."),
        (true, false) => format!("Au tour {} : {what}.", words.of(actor)),
        (false, true) => format!("Your turn: {what}."),
        (false, false) => format!("{} turn: {what}.", words.whose(actor)),
    }
}

fn view_text(view: &View, words: &Words) -> String {
    let fr = words.fr();
    let t = &view.table;
    let mut out = String::new();
    let direction = match (fr, t.clockwise) {
        (true, true) => "sens horaire",
        (true, false) => "sens antihoraire",
        (false, true) => "clockwise",
        (false, false) => "anticlockwise",
    };
    let _ = writeln!(
        out,
        "Le 8 Nantais — {} {} · {} {} · {direction}",
        words.pick("manche", "round"),
        t.round,
        words.pick("donneur :", "dealer:"),
        words.who(t.dealer)
    );
    let top = view.discard.last().map_or("-".to_string(), |&c| words.card(c));
    let _ = writeln!(
        out,
        "{} {top} ({}) · {} {}",
        words.pick("Défausse :", "Discard:"),
        words.cards(view.discard.len() as u32),
        words.pick("pioche :", "stock:"),
        words.cards(view.stock)
    );
    if view.discard.len() > 1 {
        let recent = &view.discard[view.discard.len().saturating_sub(6)..];
        let _ = writeln!(
            out,
            "{} {}",
            words.pick("Dernières cartes posées :", "Last cards laid:"),
            cards_text(words, recent)
        );
    }
    let _ = writeln!(out, "{}", words.pick("Joueurs :", "Players:"));
    for seat in Seat::all(view.players) {
        let score = match view.options.scoring {
            Scoring::Rounds => {
                words.count(t.rounds_won[seat], "manche gagnée", "manches gagnées", "round won", "rounds won")
            }
            Scoring::PenaltyPoints => words.count(
                t.penalty_points[seat],
                "point de pénalité",
                "points de pénalité",
                "penalty point",
                "penalty points",
            ),
        };
        let mark = if t.announced.contains(seat) { words.pick(" · « UNIQUE »", " · UNIQUE") } else { "" };
        let _ = writeln!(
            out,
            "  {}{} {} · {score}{mark}",
            words.who_upper(seat),
            words.pick(" :", ":"),
            words.cards(view.hand_sizes[seat])
        );
    }
    let _ = writeln!(out, "{}", phase_text(view, words));
    if view.seat.is_some() {
        let hand = match view.hand.is_empty() {
            true => words.pick("aucune carte", "no cards").to_string(),
            false => hand_text(words, &view.hand),
        };
        let _ = writeln!(out, "{} {hand}", words.pick("Votre main :", "Your hand:"));
        if let Some(c) = view.drawn {
            let _ = writeln!(out, "{} {}", words.pick("Carte piochée :", "Card drawn:"), words.card(c));
        }
        if let Some(c) = view.offered {
            let to = match t.phase {
                Phase::Ask { target } | Phase::Give { target } => match words.lang {
                    Lang::Fr => format!(" à {}", words.who(target)),
                    Lang::En => format!(" to {}", words.who(target)),
                },
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "{}{to}{} {}",
                words.pick("Carte proposée", "Card offered"),
                words.pick(" :", ":"),
                words.card(c)
            );
        }
        for &(holder, c) in &view.known {
            let _ = match words.lang {
                Lang::Fr => writeln!(out, "Vous savez {} a {}.", that_fr(words, holder), card(words, c)),
                Lang::En => writeln!(out, "You know that {} holds {}.", words.who(holder), card(words, c)),
            };
        }
    }
    out
}

const RULES_FR: &str = "\
LE 8 NANTAIS — 2 à 7 joueurs (2 à 10 avec deux jeux), 52 cartes + 2 Jokers.
But\u{a0}: se débarrasser de toutes ses cartes. Chacun reçoit 7 cartes\u{a0}; la première carte de \
la pioche commence la défausse. À son tour on doit poser une carte de même couleur ou de même \
valeur que la carte du dessus (un 8 ou un Joker se pose sur tout). Ensuite on peut enchaîner des \
SÉRIES (même valeur) et des SUITES (même couleur, valeur juste au-dessus\u{a0}: 2 … 10, V, D, R, \
As), sans limite, puis finir son tour. Qui ne peut pas jouer pioche une carte et peut \
la poser aussitôt si elle va. Seul le dernier bloc de cartes de même valeur du tour agit (les \
cartes recouvertes n’ont plus d’effet)\u{a0}; dans ce bloc les effets se cumulent.
CARTES SPÉCIALES (reconstituées\u{a0}: le texte d’origine est perdu)\u{a0}:
  As\u{a0}: le joueur suivant passe son tour (un par As\u{a0}; à deux, on rejoue).
  Valet\u{a0}: un nombre impair de Valets change le sens (à deux\u{a0}: sans effet, \
          variante\u{a0}: on rejoue).
  8\u{a0}: se pose sur tout\u{a0}; on annonce une couleur.
  7\u{a0}: le suivant pioche 2 cartes par 7, sauf s’il ajoute des 7\u{a0}; qui ne peut plus pioche \
      le total et passe son tour.
  Joker\u{a0}: se pose sur tout (sauf sur une série de 7)\u{a0}; le suivant pioche 4 cartes par \
          Joker sauf s’il ajoute un Joker\u{a0}; on annonce une couleur.
  Roi\u{a0}: on demande une valeur\u{a0}; la carte suivante doit être de cette valeur (ou un 8, un \
        Joker).
  Dame (règle optionnelle)\u{a0}: une carte échangée avec n’importe quel joueur par Dame.
UNIQUE\u{a0}: avec une seule carte on annonce «\u{a0}UNIQUE\u{a0}»\u{a0}; sinon, avant le premier \
geste du joueur suivant, un autre peut dire «\u{a0}CONTRE UNIQUE\u{a0}» et l’oublieux pioche 2 \
cartes.
Pioche vide\u{a0}: la défausse sauf sa carte du dessus est mélangée. Si personne ne peut ni jouer \
ni piocher pendant un tour de table, la manche est bloquée\u{a0}: le moins de cartes l’emporte.
Le premier qui n’a plus de carte gagne la manche\u{a0}; le match va au premier à 3 manches gagnées.
Combinaisons (section perdue)\u{a0}: variantes maison facultatives, reconstituées.";

const RULES_EN: &str = "\
LE 8 NANTAIS — 2 to 7 players (2 to 10 with two packs), 52 cards + 2 Jokers.
Goal: get rid of all your cards. Seven cards each; the stock’s first card starts the discard. On \
your turn you must lay a card of the top card’s suit or rank (an 8 or a Joker goes on anything). \
Then you may chain SÉRIES (same rank) and SUITES (same suit, next rank up: 2 … 10, J, Q, K, A), \
without limit, then end the turn. A player who cannot play draws one card and may lay it at once if it \
fits. Only the turn’s last block of same-rank cards takes effect (covered cards lose theirs); \
inside that block the effects add up.
SPECIAL CARDS (reconstructed: the original texts are lost):
  Ace: the next player loses his turn (one per Ace; with two players you play again).
  Jack: an odd number of Jacks reverses the direction (two players: nothing; variant: play again).
  8: goes on anything; name a suit.
  7: the next player draws 2 per 7 unless he adds 7s; whoever cannot draws the total and loses his \
     turn.
  Joker: goes on anything (but a 7 chain); the next player draws 4 per Joker unless he adds a \
         Joker; name a suit.
  King: demand a rank; the next card must be of that rank (or an 8, a Joker).
  Queen (optional rule): one card exchanged with any player per Queen.
UNIQUE: with one card left, announce UNIQUE; otherwise, before the next player’s first move, \
anyone else may call CONTRE UNIQUE and the forgetful player draws 2 cards.
Empty stock: the discard but its top card is shuffled. If nobody can play or draw for a whole \
cycle the round is blocked: fewest cards wins it.
The first player out of cards wins the round; the match goes to the first to win 3 rounds.
Combinations (a lost section): optional house variants, reconstructed.";

// ---------------------------------------------------------------------------------------------
// The table as a screen shows it

impl tapis_core::DescribeTable for crate::Nantais {
    /// The discard, the stock, what the next card must match, the penalty waiting, the cards of
    /// the turn, the card just drawn, the Dame exchange, the cards known in others' hands and
    /// the direction.
    fn table_lines(t: &Body, w: &Words) -> Vec<RichLine> {
        let card = |c: FrenchCard| RichSpan::french_card(w, c);
        let mut lines = vec![
            RichLine::field(w, "Défausse", "Discard")
                .span(card(t.top))
                .text(format!("  ({})", w.cards(t.discard.len() as i64))),
            RichLine::field(w, "Pioche", "Stock").text(w.cards(t.stock)),
        ];
        match &t.must_match {
            MustMatch::Suit { suit } => {
                if let Some(suit) = suit.chars().next().and_then(Suit::from_letter) {
                    lines.push(RichLine::field(w, "Couleur demandée", "Suit named").span(RichSpan::suit(w, suit)));
                }
            }
            MustMatch::Rank { rank } => {
                let name = rank.parse::<Rank>().map_or(rank.as_str(), |r| w.rank(r));
                lines.push(RichLine::field(w, "Rang demandé", "Rank demanded").strong(name));
            }
            MustMatch::Card { card: c } => {
                lines.push(RichLine::field(w, "Carte demandée", "Card demanded").span(card(*c)))
            }
            MustMatch::Any => {
                lines.push(RichLine::field(w, "À jouer", "To play").text(w.pick("n'importe quelle carte", "any card")))
            }
            MustMatch::Top => {}
        }
        if let Some(pending) = &t.pending {
            let kind = if pending.kind == "sevens" { w.pick("des 7", "7s") } else { w.pick("des Jokers", "Jokers") };
            lines
                .push(RichLine::field(w, "Pénalité", "Penalty").strong(format!("{} ({kind})", w.cards(pending.cards))));
        }
        if !t.this_turn.is_empty() {
            lines.push(RichLine::field(w, "Ce tour", "This turn").cards(t.this_turn.iter().map(|&c| card(c)), 8));
        }
        if let Some(drawn) = t.drawn {
            lines.push(RichLine::field(w, "Vous avez pioché", "You drew").span(card(drawn)));
        }
        if let Some(dame) = &t.dame {
            let mut who = w.who(dame.giver);
            if let Some(target) = dame.target {
                who += &format!(" → {}", w.who(target));
            }
            let mut line = RichLine::field(w, "Dame", "Queen").text(who);
            if let Some(offered) = dame.offered {
                line = line.text(format!(", {} ", w.pick("offre", "offers"))).span(card(offered));
            }
            lines.push(line);
        }
        for known in &t.known {
            let who = w.who(known.seat);
            lines.push(RichLine::field(w, &who, &who).span(card(known.card)));
        }
        let direction = if t.direction == "clockwise" {
            w.pick("horaire ↻", "clockwise ↻")
        } else {
            w.pick("antihoraire ↺", "anticlockwise ↺")
        };
        lines.push(RichLine::field(w, "Sens", "Direction").text(direction));
        lines
    }

    /// UNIQUE said, or a last card not announced that CONTRE UNIQUE may still catch.
    fn seat_facts(t: &Body, seat: Seat, w: &Words) -> RichLine {
        match t.seats.get(seat.index()).and_then(|s| s.unique) {
            Some("announced") => RichLine::new().strong("UNIQUE"),
            Some("unannounced") => RichLine::new().with(w.pick("1 carte\u{a0}!", "1 card!"), Mark::Alert),
            _ => RichLine::new(),
        }
    }

    fn hand(t: &Body, w: &Words) -> Option<Vec<HandCard>> {
        Some(french_hand(t.hand.as_ref()?, w))
    }
}
