//! Texts for people, in French and English.
//!
//! # How a card reads
//!
//! A card is written in full in the reader's language, as people say it: the value then the
//! colour in French, « 7 rouge », « 3 noir », « 5 vert », « 9 bleu »; the colour then the value
//! in English, "red 7", "black 3", "green 5", "blue 9"; inside a sentence with its article,
//! « le 7 rouge » / "the red 7". A hand or a pile is written colour by colour, the values after
//! the colour: « rouge 1 1 7 ; noir 3 » / "red 1 1 7; black 3". The notation's letters (`R B K
//! G`: `K9`, `G5`) are what one types, the same in every language: the texts never show them,
//! the rules included (they name the colours in words, as every game's rules do); a terminal
//! player learns them from the moves it lists and from its error for a card mistyped.
//!
//! Seats are called by their names, the reader « vous » / "you" ([`Words`]); French texts put a
//! non-breaking space (U+00A0) before « : ; ! ? ».

use crate::action::Action;
use crate::board::{Cell, FIXED, FREE, Row};
use crate::cards::{Card, CardMultiset, Colour};
use crate::client::{BoardRow, Body};
use crate::rules::{Conditions, Event, Phase, PublicTable, Trick};
use crate::view::View;
use std::fmt::Write;
use tapis_core::{DescribeTable, HandCard, Lang, Mark, Reason, RichLine, RichSpan, Seat, Tint, Wording, Words};

const RULES_FR: &str = "\
NJET\u{a0}! — jeu de plis pour 3 ou 4 joueurs (Stefan Dorra, 1997)

Cartes\u{a0}: 4 couleurs (rouge, bleu, noir, vert), valeurs 1 à 9, deux 1 \
identiques par couleur.
À 4 joueurs, 10 cartes chacun\u{a0}; à 3, les quatre 2 sont écartés et chacun reçoit 12 cartes.

1. Phase Njet\u{a0}: à partir de la gauche du donneur, chacun à son tour pose une pierre sur une \
   case libre du plateau, ce qui interdit cette option. On ne peut jamais \
   couvrir la dernière case libre d’un rang. 15 pierres communes\u{a0}: 4-4-4-3 à 4 joueurs (le \
   donneur en pose 3)\u{a0}; à 3, une pierre couvre d’emblée la case du quatrième \
   siège, vide, au rang «\u{a0}Premier joueur\u{a0}», et les 14 autres se posent 5-5-4. La case restée libre de chaque rang fixe la manche\u{a0}:
     Premier joueur\u{a0}: qui choisit son partenaire et entame le premier pli\u{a0};
     Cartes écartées\u{a0}: 0, 1 ou 2 cartes que chacun écarte\u{a0};
     Atout\u{a0}: rouge, bleu, noir ou vert\u{a0};
     Super-atout\u{a0}: la couleur dont les deux 1 sont super-atouts, ou aucune\u{a0};
     Points par pli\u{a0}: de 1 à 4, la valeur de chaque pli et de chaque carte Loot.
2. Équipes\u{a0}: le premier joueur choisit un partenaire, obligatoire à \
   4\u{a0}; à 3, il peut jouer seul. Celui qui joue seul à 3 double ses points.
3. Défausse\u{a0}: tous en même temps écartent face cachée le nombre de cartes indiqué\u{a0}; \
   elles ne comptent jamais.
4. Plis\u{a0}: le premier joueur entame. Il faut fournir dans le groupe demandé \
   (les super-atouts font partie du groupe atout)\u{a0}; sinon on joue ce qu’on veut (pas \
   d’obligation de couper, sauf en variante). Le dernier super-atout joué gagne, \
   sinon le plus haut atout, sinon la plus haute carte de la couleur demandée\u{a0}; les 1 \
   ordinaires sont les plus basses. Deux 1 ordinaires identiques\u{a0}: le second l’emporte \
   (reconstitution\u{a0}; le premier en variante).
5. Score\u{a0}: chaque équipe marque (plis + cartes Loot) × valeur du point, chaque 1 remporté \
   étant une carte Loot (en variante, seulement les 1 ordinaires de l’équipe \
   adverse)\u{a0}; chaque équipier ajoute ce total à son score \
   personnel.
Après 8 manches (un autre nombre en variante), le plus haut score gagne\u{a0}; les égalités sont partagées.
Reconstitutions\u{a0}: la taille des rangs du plateau, la répartition des pierres, l’égalité de \
deux 1 et l’absence d’obligation de couper sont des arbitrages du livret de règles du projet.";

const RULES_EN: &str = "\
NJET! — a trick-taking game for 3 or 4 players (Stefan Dorra, 1997)

Cards: 4 colours (red, blue, black, green), values 1 to 9, two identical 1s per colour.
With 4 players each gets 10 cards; with 3 the four 2s are set aside and each gets 12.

1. Njet phase: from the dealer’s left, in turn, each player puts a stone on a free cell of the \
   board, ruling that option out. A row’s last free cell can never be covered. \
   15 shared stones: 4-4-4-3 with 4 players (the dealer places 3); with 3 one stone covers the empty \
   fourth seat’s cell in the \"Start player\" row from the outset, and the other 14 are placed \
   5-5-4. The cell left free in each row sets the round:
     Start player: who chooses a partner and leads the first trick;
     Discard: 0, 1 or 2 cards each player lays aside;
     Trump: red, blue, black or green;
     Super-trump: the colour whose two 1s are super-trumps, or none;
     Points per trick: 1 to 4, the value of each trick and each loot card.
2. Teams: the start player chooses a partner, mandatory with 4; with 3 he may \
   play alone. Whoever plays alone with 3 doubles his points.
3. Discard: everyone at once lays the given number of cards aside face down; they never \
   score.
4. Tricks: the start player leads. Follow the led group if you can (super-trumps \
   belong to the trump group); otherwise play anything (no duty to trump, except as a \
   variant). The last super-trump played wins, else the highest trump, else \
   the highest card of the led colour; ordinary 1s are the lowest. Two identical ordinary 1s: the \
   later one wins (a reconstruction; the earlier one as a variant).
5. Scoring: each team scores (tricks + loot cards) × point value, every 1 won being a loot card \
   (as a variant, only the other team’s ordinary 1s); each member adds that to his personal score.
After 8 rounds (another number as a variant) the highest score wins; ties are shared.
Reconstructions: the row sizes of the board, the stone allocation, the tie of two 1s and the \
absence of a duty to trump are rulings of the project’s rulebook.";

impl Wording for crate::Njet {
    fn rules_text(lang: Lang) -> &'static str {
        lang.pick(RULES_FR, RULES_EN)
    }

    fn tagline(lang: Lang) -> &'static str {
        lang.pick(
            "On écarte les règles à coups de «\u{a0}Njet!\u{a0}», puis on joue les plis en équipe.",
            "Strike out rules with “Njet!”, then play the tricks in teams.",
        )
    }

    /// One action as a choice offered to the acting seat (the reader): « exclure le rouge comme
    /// atout », « choisir Ada pour partenaire », « jouer le 7 rouge » / "play the red 7".
    fn describe_action(action: Action, w: &Words) -> String {
        let lang = w.lang;
        match action {
            Action::Njet(cell) if cell.row() == Row::Start && w.is_reader(Seat(cell.offset())) => {
                w.pick("vous exclure comme premier joueur", "rule yourself out as the start player").to_string()
            }
            Action::Njet(cell) => format!("{} {}", w.pick("exclure", "rule out"), ruled_out(cell, w)),
            Action::Partner(seat) => match lang {
                Lang::Fr => format!("choisir {} pour partenaire", w.who(seat)),
                Lang::En => format!("choose {} as partner", w.who(seat)),
            },
            Action::Alone => w.pick("jouer sans partenaire", "play alone").to_string(),
            Action::Discard(card) => match lang {
                Lang::Fr => format!("écarter {}", card_phrase(card, lang)),
                Lang::En => format!("lay {} aside", card_phrase(card, lang)),
            },
            Action::Play(card) => format!("{} {}", w.pick("jouer", "play"), card_phrase(card, lang)),
        }
    }

    /// One event as a sentence, seats by name and the reader addressed as « vous » / "you".
    fn describe_event(event: &Event, w: &Words) -> String {
        let lang = w.lang;
        let text = match *event {
            Event::RoundDealt { round, dealer } => format!(
                "{} {round}{}{} {}",
                w.pick("Manche", "Round"),
                colon(w),
                w.who(dealer),
                w.verb(dealer, "donne", "donnez", "deals", "deal")
            ),
            Event::HandDealt { seat, hand } => format!(
                "{} {}{}{}",
                w.says(seat, "reçoit", "recevez", "is dealt", "are dealt"),
                w.cards(hand.len()),
                colon(w),
                cards_words(hand, w)
            ),
            Event::StonePlaced { seat, cell } => stone_words(seat, cell, w),
            Event::BoardSet { conditions } => {
                format!(
                    "{}{}{}",
                    w.pick("Le plateau est fixé", "The board is set"),
                    colon(w),
                    conditions_words(&conditions, w)
                )
            }
            Event::PartnerChosen { seat, partner } => match lang {
                Lang::Fr if w.is_reader(partner) => format!("{} vous choisit pour partenaire", w.who_upper(seat)),
                Lang::Fr => {
                    format!("{} {} pour partenaire", w.says(seat, "choisit", "choisissez", "", ""), w.who(partner))
                }
                Lang::En => format!("{} {} as partner", w.says(seat, "", "", "chooses", "choose"), w.who(partner)),
            },
            Event::PlaysAlone { seat } => {
                format!("{} {}", w.says(seat, "joue", "jouez", "plays", "play"), w.pick("sans partenaire", "alone"))
            }
            Event::Discarded { seat } => match lang {
                Lang::Fr => format!("{} une carte", w.says(seat, "écarte", "écartez", "", "")),
                Lang::En => format!("{} a card aside", w.says(seat, "", "", "lays", "lay")),
            },
            Event::LaidAside { seat, card } => match lang {
                Lang::Fr => format!("{} {}", w.says(seat, "écarte", "écartez", "", ""), card_phrase(card, lang)),
                Lang::En => format!("{} {} aside", w.says(seat, "", "", "lays", "lay"), card_phrase(card, lang)),
            },
            Event::CardPlayed { seat, card } => {
                format!("{} {}", w.says(seat, "joue", "jouez", "plays", "play"), card_phrase(card, lang))
            }
            Event::TrickWon { seat, loot } => {
                let won = format!(
                    "{} {}",
                    w.says(seat, "remporte", "remportez", "wins", "win"),
                    w.pick("le pli", "the trick")
                );
                match loot {
                    0 => won,
                    n => format!(
                        "{won} {} {}",
                        w.pick("et", "and"),
                        w.count(n, "carte Loot", "cartes Loot", "loot card", "loot cards")
                    ),
                }
            }
            Event::RoundScored { round, points, scores } => {
                let each: Vec<String> = points
                    .seats()
                    .map(|(seat, &p)| {
                        format!(
                            "{} {} {} (total {})",
                            w.who(seat),
                            w.verb(seat, "marque", "marquez", "scores", "score"),
                            w.count(p, "point", "points", "point", "points"),
                            scores[seat]
                        )
                    })
                    .collect();
                let each = match each.as_slice() {
                    [init @ .., last] if !init.is_empty() => {
                        format!("{} {} {last}", init.join(", "), w.pick("et", "and"))
                    }
                    _ => each.join(""),
                };
                format!("{} {round}{}{each}", w.pick("Fin de la manche", "End of round"), colon(w))
            }
            Event::MatchOver { winners } => {
                let winners: Vec<Seat> = winners.iter().collect();
                let won = if winners.is_empty() {
                    w.pick("personne ne gagne", "nobody wins").to_string()
                } else {
                    seats_say(w, &winners, ["gagne", "gagnent", "gagnez"], ["wins", "win"])
                };
                format!("{}{}{won}", w.pick("Fin de la partie", "End of the match"), colon(w))
            }
        };
        format!("{text}.")
    }

    fn render_view(view: &View, w: &Words) -> String {
        let t = &view.table;
        let players = t.players();
        let lang = w.lang;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} — {} {} {} {} — {} {}",
            w.pick("Njet\u{a0}!", "Njet!"),
            w.pick("manche", "round"),
            t.round,
            w.pick("sur", "of"),
            t.options.rounds,
            w.who(t.dealer),
            w.verb(t.dealer, "donne", "donnez", "deals", "deal")
        );
        let fixed = if players == 3 { w.pick("\u{a0}; X = pierre fixe", "; X = fixed stone") } else { "" };
        let _ = writeln!(
            out,
            "{} ({}{fixed}){}",
            w.pick("Plateau", "Board"),
            w.pick(
                "entre crochets, qui a posé la pierre\u{a0}; · = case libre",
                "in brackets, who placed the stone; · = free cell"
            ),
            w.pick("\u{a0}:", ":")
        );
        for row in Row::ALL {
            let label = match row {
                Row::Start => w.pick("premier joueur", "start player"),
                Row::Discard => w.pick("cartes à écarter", "cards to lay aside"),
                Row::Trump => w.pick("atout", "trumps"),
                Row::Super => w.pick("super-atouts (les 1)", "super-trumps (the 1s)"),
                Row::Points => w.pick("points par pli", "points per trick"),
            };
            let cells: Vec<String> = row
                .cells()
                .map(Cell)
                .map(|cell| {
                    let offset = cell.offset();
                    let name = match row {
                        Row::Start if (offset as usize) < players => w.who(Seat(offset)),
                        Row::Start => "—".to_string(),
                        Row::Discard => offset.to_string(),
                        Row::Points => (offset + 1).to_string(),
                        Row::Super if offset == 4 => w.pick("aucun", "none").to_string(),
                        Row::Trump | Row::Super => colour_name(Colour::from_index(offset as usize), lang).to_string(),
                    };
                    let mark = match t.board.placed_by(cell) {
                        FREE => "·".to_string(),
                        FIXED => "X".to_string(),
                        seat => w.who(Seat(seat)),
                    };
                    format!("{name} [{mark}]")
                })
                .collect();
            let _ = writeln!(out, "  {label:<21} {}", cells.join("  "));
        }
        if let Some(c) = &t.conditions {
            let _ = writeln!(out, "Conditions{}{}", colon(w), conditions_words(c, w));
        }
        match t.team.len() {
            0 => {}
            1 => {
                let seat = t.team.first().unwrap_or_default();
                let _ = writeln!(
                    out,
                    "{}",
                    w.says(seat, "joue sans partenaire", "jouez sans partenaire", "plays alone", "play alone")
                );
            }
            _ => {
                let others = Seat::all(players).filter(|&s| !t.team.contains(s));
                let _ = writeln!(
                    out,
                    "{}{}{} {} {}",
                    w.pick("Équipes", "Teams"),
                    colon(w),
                    list(w, t.team.iter()),
                    w.pick("contre", "against"),
                    list(w, others)
                );
            }
        }
        for seat in Seat::all(players) {
            let mut parts = vec![
                w.cards(t.hand_sizes[seat]),
                w.count(t.tricks_won[seat], "pli", "plis", "trick", "tricks"),
                w.count(t.loot_won[seat], "carte Loot", "cartes Loot", "loot card", "loot cards"),
                format!("score {}", t.scores[seat]),
            ];
            if t.phase == Phase::Discard && t.discards_left[seat] > 0 {
                parts.push(format!("{} {}", w.cards(t.discards_left[seat]), w.pick("à écarter", "to lay aside")));
            }
            let voids: Vec<&str> =
                crate::view::void_colours(t.voids[seat]).map(|c| group_name(c, t.conditions, lang)).collect();
            if !voids.is_empty() {
                parts.push(match lang {
                    Lang::Fr => {
                        let voids: Vec<String> = voids
                            .iter()
                            .map(|v| if v.starts_with('a') { format!("d’{v}") } else { format!("de {v}") })
                            .collect();
                        format!("plus {}", voids.join(" ni "))
                    }
                    Lang::En => format!("no {} left", voids.join(" or ")),
                });
            }
            let _ = writeln!(out, "  {}{}{}", w.who_upper(seat), colon(w), parts.join(semi(w)));
        }
        if let Some(last) = t.last_trick.filter(|_| t.phase == Phase::Play) {
            let _ = writeln!(
                out,
                "{}{}{} — {} {}",
                w.pick("Dernier pli", "Last trick"),
                colon(w),
                trick_words(&last, players, w),
                w.pick("remporté par", "won by"),
                w.who(last.winner(players))
            );
        }
        if t.phase == Phase::Play && t.trick.len > 0 {
            let _ = writeln!(
                out,
                "{}{}{}",
                w.pick("Pli en cours", "Current trick"),
                colon(w),
                trick_words(&t.trick, players, w)
            );
            let led = match t.conditions {
                Some(c) if t.trick.led == c.trump => {
                    w.pick("atout (super-atouts compris)", "trumps (super-trumps included)")
                }
                _ => colour_name(t.trick.led, lang),
            };
            let winner = t.trick.winner(players);
            let _ = writeln!(
                out,
                "{}{}{led} — {} {}",
                w.pick("Demandé", "Led"),
                colon(w),
                w.who(winner),
                w.verb(
                    winner,
                    "l’emporte pour l’instant",
                    "l’emportez pour l’instant",
                    "is winning so far",
                    "are winning so far"
                )
            );
        }
        if let Some(hand) = view.hand {
            let _ = writeln!(out, "{}{}{}", w.pick("Votre main", "Your hand"), colon(w), cards_words(hand, w));
        }
        if let Some(discards) = view.discards.filter(|d| !d.is_empty()) {
            let _ = writeln!(
                out,
                "{}{}{}",
                w.pick("Vos cartes écartées", "Your discards"),
                colon(w),
                cards_words(discards, w)
            );
        }
        if t.phase == Phase::Over {
            let _ = writeln!(out, "{}", w.pick("Partie terminée.", "Match over."));
        } else {
            let actors: Vec<Seat> = t.actors().iter().collect();
            let (fr, en) = match t.phase {
                Phase::Njet => ("de poser une pierre", "to place a stone"),
                Phase::Partner => ("de choisir un partenaire", "to choose a partner"),
                Phase::Discard => ("d’écarter des cartes", "to lay cards aside"),
                _ => ("de jouer une carte", "to play a card"),
            };
            let _ = match lang {
                Lang::Fr => writeln!(out, "À {} {fr}.", list(w, actors)),
                Lang::En => writeln!(out, "Waiting for {} {en}.", list(w, actors)),
            };
        }
        out
    }
}

/// « : » and « ; » with the non-breaking space French puts before them; ": " and "; " in English.
fn colon(w: &Words) -> &'static str {
    w.pick("\u{a0}: ", ": ")
}

fn semi(w: &Words) -> &'static str {
    w.pick("\u{a0}; ", "; ")
}

fn colour_name(colour: Colour, lang: Lang) -> &'static str {
    lang.pick(colour.name_fr(), colour.name_en())
}

/// A card alone, as people say it: « 7 rouge » / "red 7".
fn card_short(card: Card, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{} {}", card.value(), card.colour().name_fr()),
        Lang::En => format!("{} {}", card.colour().name_en(), card.value()),
    }
}

/// A card with its article, inside a sentence: « le 7 rouge », "the red 7".
fn card_phrase(card: Card, lang: Lang) -> String {
    format!("{} {}", lang.pick("le", "the"), card_short(card, lang))
}

/// The two 1s of a colour: « les 1 bleus », "the blue 1s".
fn ones_of(colour: Colour, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("les 1 {}s", colour.name_fr()),
        Lang::En => format!("the {} 1s", colour.name_en()),
    }
}

/// Cards colour by colour, the values after the colour: « rouge 1 1 7 ; noir 3 » /
/// "red 1 1 7; black 3"; « aucune carte » / "no cards" for none.
fn cards_words(cards: CardMultiset, w: &Words) -> String {
    if cards.is_empty() {
        return w.pick("aucune carte", "no cards").to_string();
    }
    let groups: Vec<String> = Colour::ALL
        .into_iter()
        .filter_map(|colour| {
            let values: Vec<String> =
                cards.iter().filter(|c| c.colour() == colour).map(|c| c.value().to_string()).collect();
            (!values.is_empty()).then(|| format!("{} {}", colour_name(colour, w.lang), values.join(" ")))
        })
        .collect();
    groups.join(semi(w))
}

/// What a stone on a cell of every row but `start` rules out, after « exclure » / "rule out":
/// « le rouge comme atout », "red as trumps".
fn ruled_out(cell: Cell, w: &Words) -> String {
    let offset = cell.offset();
    let lang = w.lang;
    match cell.row() {
        Row::Start => format!("{} {}", w.who(Seat(offset)), w.pick("comme premier joueur", "as the start player")),
        Row::Discard => match offset {
            0 => w.pick("de n’écarter aucune carte", "laying no card aside").to_string(),
            n => match lang {
                Lang::Fr => format!("d’écarter {}", w.cards(n)),
                Lang::En => format!("laying {} aside", w.cards(n)),
            },
        },
        Row::Trump => {
            let colour = colour_name(Colour::from_index(offset as usize), lang);
            match lang {
                Lang::Fr => format!("le {colour} comme atout"),
                Lang::En => format!("{colour} as trumps"),
            }
        }
        Row::Super if offset == 4 => w.pick("de jouer sans super-atout", "playing without super-trumps").to_string(),
        Row::Super => format!(
            "{} {}",
            ones_of(Colour::from_index(offset as usize), lang),
            w.pick("comme super-atouts", "as super-trumps")
        ),
        Row::Points => {
            format!("{} {}", w.count(offset + 1, "point", "points", "point", "points"), w.pick("par pli", "per trick"))
        }
    }
}

/// A stone placed, as a sentence without its full stop: « Njet ! Ada exclut le rouge comme
/// atout », « Njet ! Ada vous exclut comme premier joueur », "Njet! You rule out red as trumps".
fn stone_words(seat: Seat, cell: Cell, w: &Words) -> String {
    let njet = w.pick("Njet\u{a0}!", "Njet!");
    let target = Seat(cell.offset());
    let says = |fr: &str, fr_you: &str, en: &str, en_you: &str| w.says(seat, fr, fr_you, en, en_you);
    let rest = match cell.row() {
        Row::Start if target == seat => match w.lang {
            Lang::Fr => format!("{} comme premier joueur", says("s’exclut", "vous excluez", "", "")),
            Lang::En => format!("{} being the start player", says("", "", "rules out", "rule out")),
        },
        Row::Start if w.is_reader(target) => match w.lang {
            Lang::Fr => format!("{} vous exclut comme premier joueur", w.who_upper(seat)),
            Lang::En => format!("{} rules you out as the start player", w.who_upper(seat)),
        },
        _ => format!("{} {}", says("exclut", "excluez", "rules out", "rule out"), ruled_out(cell, w)),
    };
    format!("{njet} {rest}")
}

/// The round's conditions: « Ada commence ; 2 cartes à écarter ; atout rouge ; les 1 bleus sont
/// super-atouts ; 3 points par pli et par carte Loot ».
fn conditions_words(c: &Conditions, w: &Words) -> String {
    let lang = w.lang;
    let start = format!("{} {}", w.who(c.start), w.verb(c.start, "commence", "commencez", "starts", "start"));
    let discard = match c.discard {
        0 => w.pick("aucune carte à écarter", "no card to lay aside").to_string(),
        n => format!("{} {}", w.cards(n), w.pick("à écarter", "to lay aside")),
    };
    let trump = match lang {
        Lang::Fr => format!("atout {}", c.trump.name_fr()),
        Lang::En => format!("{} is trumps", c.trump.name_en()),
    };
    let super_trump = match c.super_trump {
        Some(colour) => format!("{} {}", ones_of(colour, lang), w.pick("sont super-atouts", "are super-trumps")),
        None => w.pick("pas de super-atout", "no super-trumps").to_string(),
    };
    let points = format!(
        "{} {}",
        w.count(c.points, "point", "points", "point", "points"),
        w.pick("par pli et par carte Loot", "per trick and per loot card")
    );
    [start, discard, trump, super_trump, points].join(semi(w))
}

/// A list of seats, the reader last as French and English courtesy has it: « Ada, Blaise et
/// vous », "Ada, Blaise and you".
fn list(w: &Words, seats: impl IntoIterator<Item = Seat>) -> String {
    let (mut others, reader): (Vec<Seat>, Vec<Seat>) = seats.into_iter().partition(|&s| !w.is_reader(s));
    others.extend(reader);
    w.list(others)
}

/// Seats as the subject of a verb, the verb agreeing: « Ada gagne », « Ada et Chris gagnent »,
/// « Ada et vous gagnez », "Ada wins", "Ada and you win".
fn seats_say(w: &Words, seats: &[Seat], fr: [&str; 3], en: [&str; 2]) -> String {
    let with_reader = seats.iter().any(|&s| w.is_reader(s));
    let verb = match w.lang {
        Lang::Fr if with_reader => fr[2],
        Lang::Fr if seats.len() > 1 => fr[1],
        Lang::Fr => fr[0],
        Lang::En if seats.len() == 1 && !with_reader => en[0],
        Lang::En => en[1],
    };
    format!("{} {verb}", list(w, seats.iter().copied()))
}

/// A trick as played: « Ada 9 bleu, Blaise 5 vert, vous 3 bleu » / "Ada blue 9, Blaise green 5,
/// you blue 3".
fn trick_words(trick: &Trick, players: usize, w: &Words) -> String {
    let plays: Vec<String> =
        trick.plays(players).map(|(seat, card)| format!("{} {}", w.who(seat), card_short(card, w.lang))).collect();
    plays.join(", ")
}

/// A group in which a seat has shown it holds nothing more: the colour, or « atout » / "trumps".
fn group_name(colour: Colour, conditions: Option<Conditions>, lang: Lang) -> &'static str {
    match conditions {
        Some(c) if c.trump == colour => lang.pick("atout", "trumps"),
        _ => colour_name(colour, lang),
    }
}

/// Why an action is refused to a seat that may act.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// The phase asks for something else.
    NotNow(Phase),
    CellCovered,
    /// A row's last free cell.
    LastFreeCell,
    /// A partner the table does not have, at a table of `players`.
    NoSuchPartner {
        partner: Seat,
        players: u8,
    },
    PartnerYourself,
    /// With four players the start player must choose a partner.
    MustPartner,
    NotHeld(Card),
    /// A card of the led group is held (`group` is the led colour; trumps when it is the trump).
    MustFollow {
        group: Colour,
        trumps: bool,
    },
    /// Void in the led group, with the must_trump_when_void variant.
    MustTrump,
}

/// Why `action` is not legal for a seat that may act, holding `hand`: the phase asks for
/// something else, or the rule that forbids it.
pub fn why_illegal(t: &PublicTable, hand: CardMultiset, action: Action) -> Option<Illegal> {
    Some(match (t.phase, action) {
        (Phase::Njet, Action::Njet(cell)) if !t.board.is_free(cell) => Illegal::CellCovered,
        (Phase::Njet, Action::Njet(_)) => Illegal::LastFreeCell,
        (Phase::Partner, Action::Partner(partner)) if partner.index() >= t.players() => {
            Illegal::NoSuchPartner { partner, players: t.players }
        }
        (Phase::Partner, Action::Partner(_)) => Illegal::PartnerYourself,
        (Phase::Partner, Action::Alone) => Illegal::MustPartner,
        (Phase::Discard, Action::Discard(card)) | (Phase::Play, Action::Play(card)) if !hand.contains(card) => {
            Illegal::NotHeld(card)
        }
        (Phase::Play, Action::Play(_)) => {
            let c = t.conditions?;
            let led = t.trick.led;
            if !hand.intersection(c.group_cards(led)).is_empty() {
                Illegal::MustFollow { group: led, trumps: led == c.trump }
            } else {
                Illegal::MustTrump
            }
        }
        (phase, _) => Illegal::NotNow(phase),
    })
}

impl Reason for Illegal {
    /// One sentence, the same for the referee and a table (it names no seat by name).
    fn word(&self, words: &Words) -> String {
        let lang = words.lang;
        let (fr, en): (&str, &str) = match *self {
            Illegal::NotNow(Phase::Njet) => ("c'est le moment de poser une pierre", "now is the time to place a stone"),
            Illegal::NotNow(Phase::Partner) => {
                ("c'est le moment de choisir un partenaire", "now is the time to choose a partner")
            }
            Illegal::NotNow(Phase::Discard) => {
                ("c'est le moment d'écarter des cartes", "now is the time to lay cards aside")
            }
            Illegal::NotNow(Phase::Play | Phase::Over) => {
                ("c'est le moment de jouer une carte", "now is the time to play a card")
            }
            Illegal::CellCovered => ("cette case est déjà couverte", "that cell is already covered"),
            Illegal::LastFreeCell => (
                "la dernière case libre d'un rang ne peut pas être couverte",
                "a row's last free cell may not be covered",
            ),
            Illegal::NoSuchPartner { partner, players } => {
                let last = players - 1;
                return match lang {
                    Lang::Fr => {
                        format!("« partner {partner} » ne désigne personne : les places sont numérotées de 0 à {last}")
                    }
                    Lang::En => format!("'partner {partner}' names nobody: the seats are numbered 0 to {last}"),
                };
            }
            Illegal::PartnerYourself => ("on ne fait pas équipe avec soi-même", "you cannot partner yourself"),
            Illegal::MustPartner => (
                "à 4 joueurs, le premier joueur doit choisir un partenaire",
                "with 4 players the start player must choose a partner",
            ),
            Illegal::NotHeld(card) => {
                return match lang {
                    Lang::Fr => format!("vous n'avez pas {} en main", card_phrase(card, lang)),
                    Lang::En => format!("you do not hold {}", card_phrase(card, lang)),
                };
            }
            Illegal::MustFollow { group, trumps } => {
                return match (lang, trumps) {
                    (Lang::Fr, true) => "il faut fournir dans le groupe demandé (atout)".to_string(),
                    (Lang::En, true) => "you must follow the led group (trumps)".to_string(),
                    (Lang::Fr, false) => format!("il faut fournir dans le groupe demandé ({})", group.name_fr()),
                    (Lang::En, false) => format!("you must follow the led group ({})", group.name_en()),
                };
            }
            Illegal::MustTrump => (
                "sans carte du groupe demandé, il faut couper (variante must_trump_when_void)",
                "void in the led group, you must trump (the must_trump_when_void variant)",
            ),
        };
        words.pick(fr, en).to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// The table as a screen shows it

/// A colour's tint on a screen.
fn tint(colour: Colour) -> Tint {
    match colour {
        Colour::Red => Tint::Red,
        Colour::Blue => Tint::Blue,
        Colour::Green => Tint::Green,
        Colour::Black => Tint::Black,
    }
}

/// A colour's name in its colour.
fn colour_span(colour: Colour, lang: Lang) -> RichSpan {
    RichSpan::new(colour_name(colour, lang), Mark::Card(tint(colour)))
}

/// A card in its colour, as people say it: « 7 rouge » / "red 7".
fn card_span(card: Card, lang: Lang) -> RichSpan {
    RichSpan::new(card_short(card, lang), Mark::Card(tint(card.colour())))
}

/// Cards colour by colour, each colour in its own: « rouge 1 7 ; noir 3 ».
fn cards_spans(cards: &[Card], w: &Words) -> Vec<RichSpan> {
    let mut spans = Vec::new();
    for colour in Colour::ALL {
        let values: Vec<String> =
            cards.iter().filter(|c| c.colour() == colour).map(|c| c.value().to_string()).collect();
        if values.is_empty() {
            continue;
        }
        if !spans.is_empty() {
            spans.push(RichSpan::new(semi(w), Mark::Text));
        }
        spans.push(RichSpan::new(
            format!("{} {}", colour_name(colour, w.lang), values.join(" ")),
            Mark::Card(tint(colour)),
        ));
    }
    spans
}

/// The Njet colour a word of a sentence names, in either language, singular or plural, its
/// punctuation aside: « rouges, » is red.
fn named_colour(word: &str) -> Option<Colour> {
    let word = word.trim_matches(|c: char| !c.is_alphabetic());
    let word = word.strip_suffix('s').unwrap_or(word);
    Colour::ALL.into_iter().find(|c| word == c.name_fr() || word == c.name_en())
}

/// A row of the board: its name, then its cells, the covered ones struck out, the one it is
/// left on underlined; the start row names the seats (a seat absent at three is not shown).
fn board_line(row: &BoardRow, players: usize, w: &Words) -> RichLine {
    let name = match row.row {
        "start" => w.pick("Départ", "Start"),
        "discard" => w.pick("Écart", "Discard"),
        "trump" => w.pick("Atout", "Trump"),
        "super" => w.pick("Super", "Super"),
        _ => w.pick("Points", "Points"),
    };
    let mut line = RichLine::new().with(format!("{name:<7}"), Mark::Label);
    for cell in &row.cells {
        let word = cell.cell.as_str();
        let seat = word.parse::<u8>().ok().map(Seat);
        if row.row == "start" && seat.is_none_or(|s| s.index() >= players) {
            continue;
        }
        let (text, tint) = match (row.row, seat) {
            // A name cut to six letters: the board is the table's widest line.
            ("start", Some(seat)) => (w.who(seat).chars().take(6).collect(), Tint::Plain),
            ("trump" | "super", _) => {
                match word.chars().next().filter(|_| word.len() == 1).and_then(Colour::from_letter) {
                    Some(colour) => (colour_name(colour, w.lang).to_string(), tint(colour)),
                    None => (w.pick("aucun", "none").to_string(), Tint::Plain),
                }
            }
            _ => (word.to_string(), Tint::Plain),
        };
        let mark = if cell.covered {
            Mark::Covered
        } else if row.settled.as_deref() == Some(word) {
            Mark::Settled(tint)
        } else if tint == Tint::Plain {
            Mark::Text
        } else {
            Mark::Card(tint)
        };
        line.push(" ", Mark::Text);
        line.push(text, mark);
    }
    line
}

impl DescribeTable for crate::Njet {
    /// During the Njet phase, the board and the stones left; then the conditions, the teams,
    /// the trick, and the phase when it asks something of everyone.
    fn table_lines(t: &Body, w: &Words) -> Vec<RichLine> {
        let mut lines = Vec::new();
        if t.phase == Phase::Njet {
            lines.extend(t.board.iter().map(|row| board_line(row, t.seats.len(), w)));
            lines.push(RichLine::field(w, "Pierres à poser", "Stones left").text(t.stones_left.to_string()));
            return lines;
        }
        if let Some(c) = &t.conditions {
            let mut line = RichLine::field(w, "Atout", "Trumps").span(colour_span(c.trump, w.lang));
            match c.super_trump {
                Some(colour) => {
                    line = line.text(w.pick(" · super-atouts\u{a0}: ", " · super-trumps: "));
                    line.push(ones_of(colour, w.lang), Mark::Card(tint(colour)));
                }
                None => line = line.text(w.pick(" · pas de super-atout", " · no super-trumps")),
            }
            lines.push(line);
            let starts = w.says(c.start, "commence", "commencez", "starts", "start");
            let text = match w.lang {
                Lang::Fr => format!("{} par pli · écart {} · {starts}", c.points, c.discard),
                Lang::En => format!("{} a trick · aside {} · {starts}", c.points, c.discard),
            };
            lines.push(RichLine::field(w, "Points", "Points").text(text));
        }
        for team in &t.teams {
            let names: Vec<String> = team.seats.iter().map(|&s| w.who(s)).collect();
            let text = format!("{}{}{} pts", names.join("+"), colon(w), team.points);
            lines.push(RichLine::new().text(tapis_core::words::capitalize(&text)));
        }
        if let Some(trick) = &t.trick {
            let mut line = RichLine::field(w, "Pli", "Trick");
            for (i, play) in trick.cards.iter().enumerate() {
                if i > 0 {
                    line.push("  ", Mark::Text);
                }
                line.push(format!("{} ", w.who(play.seat)), Mark::Text);
                line.spans.push(card_span(play.card, w.lang));
            }
            if trick.cards.is_empty() {
                line.push(w.says(trick.leader, "entame", "entamez", "leads", "lead"), Mark::Text);
            }
            lines.push(line);
        }
        match t.phase {
            Phase::Partner => lines.push(RichLine::new().strong(w.pick("Choix du partenaire", "Choosing a partner"))),
            Phase::Discard => {
                lines.push(RichLine::new().strong(w.pick("Chacun écarte des cartes", "Everyone lays cards aside")))
            }
            _ => {}
        }
        lines
    }

    /// Njet!'s loot needs no word in the short heading: it is the `+n` after the tricks.
    fn seat_heading(w: &Words) -> (&'static str, &'static str) {
        (w.pick("Plis +Loot", "Tricks +loot"), w.pick("Plis", "Tricks"))
    }

    /// The tricks won, the loot, the cards still to lay aside, and the colours it has shown it
    /// lacks.
    fn seat_facts(t: &Body, seat: Seat, w: &Words) -> RichLine {
        let Some(s) = t.seats.get(seat.index()) else { return RichLine::new() };
        let mut line = RichLine::new().text(s.tricks.to_string());
        if s.loot > 0 {
            line.push(format!(" +{}", s.loot), Mark::Count);
        }
        if s.to_discard > 0 {
            line.push(format!(" {} {}", w.pick("écarte", "lays aside"), s.to_discard), Mark::Text);
        }
        if !s.voids.is_empty() {
            line.push(format!(" {}", w.pick("sans", "no")), Mark::Text);
            for &colour in &s.voids {
                line.push(" ", Mark::Text);
                line.spans.push(colour_span(colour, w.lang));
            }
        }
        line
    }

    /// Colour by colour, each colour's name before its values, as the texts write a hand.
    fn hand(t: &Body, w: &Words) -> Option<Vec<HandCard>> {
        let hand = t.hand.as_ref()?;
        Some(
            hand.iter()
                .map(|&card| HandCard {
                    card: card.to_string(),
                    group: Some(colour_span(card.colour(), w.lang)),
                    face: RichSpan::new(card.value().to_string(), Mark::Card(tint(card.colour()))),
                })
                .collect(),
        )
    }

    fn own_lines(t: &Body, _seat: Seat, w: &Words) -> Vec<RichLine> {
        match &t.discards {
            Some(discards) if !discards.is_empty() => {
                vec![RichLine::field(w, "Écartées", "Laid aside").spans(cards_spans(discards, w))]
            }
            _ => Vec::new(),
        }
    }

    /// `njet <row> <cell>` names no card; `discard` and `play` name one.
    fn action_cards(action: &str) -> Vec<&str> {
        let mut words = action.split_whitespace();
        match words.next() {
            Some("njet") | None => Vec::new(),
            Some(_) => words.collect(),
        }
    }

    fn rounds(t: &Body) -> Option<u32> {
        Some(t.rounds)
    }

    /// The colours' names, in sentences, take their colours: « les 1 rouges ».
    fn word_tint(word: &str) -> Option<Tint> {
        named_colour(word).map(tint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Njet;
    use crate::client::{ConditionsBody, Play, TrickBody};
    use tapis_core::{ClientView, Game, Match, MatchRequest};

    #[test]
    fn the_table_in_the_middle_of_a_round_reads_in_words_in_their_colours() {
        let request = MatchRequest { players: 3, seed: 7, dealer: None, options: Default::default(), deal: None };
        let m = Match::<Njet>::new(&request).unwrap();
        let mut body = Njet::client_body(&m.state().view(Some(Seat(0))));
        body.phase = Phase::Play;
        body.conditions = Some(ConditionsBody {
            start: Seat(1),
            discard: 1,
            trump: Colour::Black,
            super_trump: Some(Colour::Green),
            points: 2,
        });
        let cards = vec![
            Play { seat: Seat(1), card: "K2".parse().unwrap() },
            Play { seat: Seat(2), card: "G1".parse().unwrap() },
        ];
        body.trick = Some(TrickBody { leader: Seat(1), led: Some(Colour::Black), cards, winning: Some(Seat(2)) });
        body.seats[2].voids = vec![Colour::Red, Colour::Blue];
        let names = ["Vous", "Blaise", "Colette"].map(String::from);
        let fr = Words::new(Lang::Fr, &names, Some(Seat(0)));
        let lines = Njet::table_lines(&body, &fr);
        let text: Vec<String> = lines.iter().map(ToString::to_string).collect();
        assert_eq!(text[0], "Atout\u{a0}: noir · super-atouts\u{a0}: les 1 verts");
        assert_eq!(text.last().unwrap(), "Pli\u{a0}: Blaise 2 noir  Colette 1 vert");
        let trick = lines.last().unwrap();
        assert_eq!((trick.spans[0].mark, trick.spans.last().unwrap().mark), (Mark::Label, Mark::Card(Tint::Green)));
        assert_eq!(Njet::seat_facts(&body, Seat(2), &fr).to_string(), "0 sans rouge bleu");
        let en = Words::new(Lang::En, &names, Some(Seat(0)));
        assert_eq!(Njet::table_lines(&body, &en)[0].to_string(), "Trumps: black · super-trumps: the green 1s");
        assert_eq!(Njet::seat_facts(&body, Seat(2), &en).to_string(), "0 no red blue");
        // A stone names no card of the hand; a card played does.
        assert!(Njet::action_cards("njet start 1").is_empty());
        assert_eq!(Njet::action_cards("play R1"), ["R1"]);
        assert_eq!(Njet::word_tint("rouges,"), Some(Tint::Red));
        assert_eq!(Njet::word_tint("rouler"), None);
    }
}
