//! Texts for people, in French and English: the rules in brief, the table, the choices and what
//! happens, every seat by name and the reader addressed as « vous » / "you".
//!
//! A face is written as the card prints it in the table (`7`, `J`) and in words in sentences
//! (« un 7 », « un joker », "an 8", "a joker"). The centre piles are « la pile 1 » / "pile 1", as
//! the notation numbers them. French puts a non-breaking space (U+00A0) before « : ; ! ? » and
//! inside « »; English puts none.

use crate::action::Action;
use crate::cards::Face;
use crate::client::Body;
use crate::options::ForcedAction;
use crate::rules::{Event, Illegal, Phase};
use crate::view::View;
use std::fmt::Write;
use tapis_core::words::capitalize;
use tapis_core::{BySeat, DescribeTable, Lang, Mark, Reason, RichLine, RichSpan, Seat, SeatSet, Tint, Wording, Words};

const RULES_FR: &str = "\
Nur Mut («\u{a0}du courage\u{a0}!\u{a0}») — 2 à 6 joueurs (7 en variante), 81 cartes à deux \
faces.
Chaque face porte un nombre de 1 à 9 ou un joker (J). Chacun reçoit un tas de 10 cartes\u{a0}; on \
ne voit que la face du dessus de la carte du haut de chaque tas, le sien compris. Trois cartes \
montrant des nombres forment les trois piles du centre.
À son tour, on peut\u{a0}:
  Poser       sa carte du dessus sur une pile dont le sommet vaut exactement 1 de plus ou 1 \
              de moins (pas de 9 sur 1\u{a0}; un joker va partout)\u{a0};
  Glisser     sa carte du dessus sous son tas, si elle ne va nulle part (compte comme passer)\u{a0};
  Passer      ne rien faire\u{a0};
  Courage     retourner sa carte du dessus. Si la face révélée convient, on doit la poser \
              puis on rejoue un tour entier\u{a0}; un joker révélé se pose où l’on veut, sans tour \
              de plus. Sinon on prend la pile au sommet le plus haut (au hasard en cas d’égalité), \
              on la mélange à son tas, et la carte du dessus du joueur suivant remplace la pile \
              prise\u{a0}: c’est tout son tour.
Un joker posé au centre est aussitôt recouvert par la carte suivante du même joueur, telle quelle, \
jusqu’à ce qu’un nombre apparaisse. Quand tous ont passé à la suite, le premier d’entre eux doit \
jouer Courage. Qui vide son tas gagne la manche\u{a0}; les autres marquent un point négatif par \
carte restante. La partie compte autant de manches que de joueurs\u{a0}; le meilleur total gagne.
Reconstitutions (la règle source est muette)\u{a0}: la composition du paquet (paires 1–9, 9 \
jokers), le nombre de manches, le tour complet de bonus, la face qui recouvre un joker, la règle \
du «\u{a0}tous ont passé\u{a0}».
Variantes\u{a0}: voir les options.";

const RULES_EN: &str = "\
Nur Mut (\"have courage!\") — 2 to 6 players (7 as a variant), 81 double-sided cards.
Each face is a number 1 to 9 or a joker (J). Everybody gets a pile of 10 cards; only the upper \
face of each pile’s top card is seen, one’s own included. Three cards showing numbers start the \
three centre piles.
On your turn you may:
  Play        your top card on a pile whose top is exactly one more or one less (no 9 on 1; a \
              joker fits everywhere);
  Tuck        your top card under your pile, if it fits nowhere (counts as a pass);
  Pass        do nothing;
  Courage     turn your top card over. If the revealed face fits, you must place it and \
              then take a whole extra turn; a revealed joker goes anywhere, with no extra turn. \
              Otherwise you take the pile with the highest top (random among ties), shuffle it \
              into your pile, and the next player’s top card replaces the taken pile: that is his \
              whole turn.
A joker laid in the centre is covered at once by the same player’s next card, as it lies, until a \
number shows. When everybody has passed in a row, the first of them must play Courage. Emptying \
your pile wins the round; the others score minus one point per card left. The match lasts as many \
rounds as players; the best total wins.
Reconstructions (the source rules are silent): the deck’s composition (pairs of 1-9, 9 jokers), \
the number of rounds, the whole bonus turn, the face covering a joker, the all-pass rule.
Variants: see the options.";

impl Reason for Illegal {
    /// One sentence, the same for the referee and a table (it names no seat).
    fn word(&self, words: &Words) -> String {
        // In words: « le joker », not « le J ».
        let named = |face: Face| if face.is_joker() { "joker".to_string() } else { face.to_string() };
        match *self {
            Illegal::Misfit { face, pile, top } => {
                let takes: Vec<String> =
                    (1..=9).map(Face::number).filter(|f| f.fits(top)).map(|f| f.to_string()).collect();
                let (named, pile) = (named(face), pile + 1);
                let takes = takes.join(", ");
                match words.lang {
                    Lang::Fr => format!(
                        "le {named} ne va pas sur la pile {pile}, qui montre {top} (elle prend {takes} ou un joker)"
                    ),
                    Lang::En => {
                        format!("the {named} does not fit pile {pile}, which shows {top} (it takes {takes} or a joker)")
                    }
                }
            }
            Illegal::PlaceTurnedCard { face } => match words.lang {
                Lang::Fr => format!("le {} retourné par courage doit être posé sur une pile où il va", named(face)),
                Lang::En => format!("the {} turned over by Courage must be placed on a pile it fits", named(face)),
            },
            Illegal::ForcedPlayOrCourage => words
                .pick(
                    "après un tour complet de passes, le premier à avoir passé doit poser une carte qui convient ou jouer courage",
                    "after a full round of passes the first to pass must lay a card that fits or play courage",
                )
                .to_string(),
            Illegal::ForcedCourage => words
                .pick(
                    "après un tour complet de passes, le premier à avoir passé doit jouer courage",
                    "after a full round of passes the first to pass must play courage",
                )
                .to_string(),
            Illegal::VisibleJokerForced => words
                .pick(
                    "un joker visible sur son tas doit être posé aussitôt (visible_joker_forced)",
                    "a joker showing on one's pile must be played at once (visible_joker_forced)",
                )
                .to_string(),
            Illegal::TuckOff => words
                .pick(
                    "à cette table, on ne glisse pas de carte sous son tas (allow_tuck)",
                    "tucking is off at this table (allow_tuck)",
                )
                .to_string(),
            Illegal::TuckOnlyMisfit { face } => match words.lang {
                Lang::Fr => format!(
                    "seule une carte qui ne va sur aucune pile se glisse sous le tas, et le {} va sur l'une d'elles",
                    named(face)
                ),
                Lang::En => format!("only a card that fits no pile may be tucked, and the {} fits one", named(face)),
            },
        }
    }
}

impl Wording for crate::NurMut {
    fn rules_text(lang: Lang) -> &'static str {
        lang.pick(RULES_FR, RULES_EN)
    }

    fn tagline(lang: Lang) -> &'static str {
        lang.pick(
            "Cartes à deux faces et un peu de courage\u{a0}: devinez ce qui se cache dessous.",
            "Two-faced animal cards and some courage: guess what hides beneath.",
        )
    }

    fn render_view(view: &View, w: &Words) -> String {
        let t = |fr, en| w.pick(fr, en);
        let colon = format!("{}:", nb(w));
        let mut out = String::new();
        let rounds = view.rounds.map_or(String::new(), |r| format!(" {} {r}", t("sur", "of")));
        let _ = writeln!(out, "Nur Mut — {} {}{rounds}", t("manche", "round"), view.round);
        let _ =
            writeln!(out, "{}{colon}", t("Piles du centre (le dessus à droite)", "Centre piles (top on the right)"));
        for (k, pile) in view.center.iter().enumerate() {
            let faces: Vec<String> = pile.iter().map(|c| printed(c.showing)).collect();
            let shown =
                if faces.len() > 8 { format!("… {}", faces[faces.len() - 8..].join(" ")) } else { faces.join(" ") };
            let _ = writeln!(
                out,
                "  Pile {}{colon} {shown} — {} {} ({})",
                k + 1,
                t("prend", "takes"),
                accepted(view.center_top(k), w),
                w.cards(pile.len() as u32),
            );
        }
        let _ = writeln!(
            out,
            "{}{colon}",
            t(
                "Tas des joueurs (la face du dessus\u{a0}; personne, pas même le propriétaire, ne voit le dessous)",
                "Players' piles (the upper face of the top card; nobody, owner included, sees its underside)"
            )
        );
        for (s, pile) in view.piles.iter().enumerate() {
            let seat = Seat(s as u8);
            let marker = if view.current == Some(seat) { "▶" } else { " " };
            let shown = match pile.top {
                Some(top) if pile.size > 0 => format!("[{}], {}", printed(top), w.cards(pile.size)),
                _ => t("tas vide", "empty pile").to_string(),
            };
            let tucked: Vec<String> = pile.known_bottom.iter().map(|&f| printed(f)).collect();
            let tucked = if tucked.is_empty() {
                String::new()
            } else {
                format!(" ({}{colon} {})", t("glissées dessous", "tucked under"), tucked.join(" "))
            };
            let _ = writeln!(
                out,
                "{marker} {}{colon} {shown}, score {}{tucked}",
                w.who_upper(seat),
                tapis_core::number(view.scores[seat])
            );
        }
        let _ = writeln!(out, "{}{colon} {}", t("Cartes mises de côté", "Cards set aside"), view.stock);
        match (view.phase, view.current) {
            (Phase::Over, _) => {
                let _ = writeln!(out, "{} {}", t("Partie terminée.", "Match over."), match_won(view.winners, w));
            }
            (Phase::Place, Some(seat)) => {
                let _ = writeln!(out, "{}", place_line(view, seat, w));
            }
            (_, Some(seat)) => {
                let _ = writeln!(out, "{}", turn_line(view, seat, w));
            }
            _ => {}
        }
        out
    }

    /// A choice offered to the acting seat (the reader): « poser votre carte du dessus sur la pile 2 »
    /// / "play your top card on pile 2". Without a reader, « la carte du dessus » / "the top card".
    fn describe_action(action: Action, w: &Words) -> String {
        let you = w.reader.is_some();
        let (card_fr, card_en) = if you { ("votre", "your") } else { ("la", "the") };
        match action {
            Action::Play(k) => match w.lang {
                Lang::Fr => format!("poser {card_fr} carte du dessus sur {}", centre_pile(k as usize + 1, w)),
                Lang::En => format!("play {card_en} top card on {}", centre_pile(k as usize + 1, w)),
            },
            Action::Tuck => match (w.lang, you) {
                (Lang::Fr, true) => "glisser votre carte du dessus sous votre tas".into(),
                (Lang::Fr, false) => "glisser la carte du dessus sous le tas".into(),
                (Lang::En, true) => "tuck your top card under your pile".into(),
                (Lang::En, false) => "tuck the top card under the pile".into(),
            },
            Action::Pass => w.pick("passer", "pass").into(),
            Action::Courage => match w.lang {
                Lang::Fr => format!("courage\u{a0}: retourner {card_fr} carte du dessus"),
                Lang::En => format!("courage: turn {card_en} top card over"),
            },
        }
    }

    fn describe_event(event: &Event, w: &Words) -> String {
        let nb = nb(w);
        match event {
            Event::RoundStarted { round, starter, tops, center } => {
                let center: Vec<String> = center.iter().map(|&f| a_face(f, w)).collect();
                let tops: Vec<String> = tops
                    .seats()
                    .map(|(seat, &face)| format!("{} {} {}", a_face(face, w), w.pick("pour", "for"), w.who(seat)))
                    .collect();
                format!(
                    "{} {round}{nb}: {} {}. {}{nb}: {}. {}.",
                    w.pick("Manche", "Round"),
                    w.pick("les piles du centre montrent", "the centre piles show"),
                    join(&center, false, w),
                    w.pick("Sur les tas des joueurs", "On the players' piles"),
                    tops.join(", "),
                    w.says(*starter, "commence", "commencez", "starts", "start"),
                )
            }
            Event::Played { seat, pile, face } => format!(
                "{} {} {} {}.",
                w.says(*seat, "pose", "posez", "plays", "play"),
                a_face(*face, w),
                w.pick("sur", "on"),
                centre_pile(*pile as usize, w),
            ),
            Event::Tucked { seat, face } => match w.lang {
                Lang::Fr => format!(
                    "{} {} sous {}.",
                    w.says(*seat, "glisse", "glissez", "", ""),
                    own_face(*seat, *face, w),
                    own_pile_fr(*seat, w)
                ),
                Lang::En => format!(
                    "{} {} under {}.",
                    w.says(*seat, "", "", "tucks", "tuck"),
                    own_face(*seat, *face, w),
                    if w.is_reader(*seat) { "your pile" } else { "the pile" }
                ),
            },
            Event::TopShown { seat, face } => {
                format!("{} {} {}.", pile_of(*seat, w), w.pick("montre maintenant", "now shows"), a_face(*face, w))
            }
            Event::Passed { seat, streak } => {
                let passes = if *streak > 1 {
                    format!(
                        " ({} {})",
                        w.count(*streak, "passe", "passes", "pass", "passes"),
                        w.pick("d’affilée", "in a row")
                    )
                } else {
                    String::new()
                };
                format!("{}{passes}.", w.says(*seat, "passe", "passez", "passes", "pass"))
            }
            Event::Flipped { seat, was, revealed, fits } => {
                let verdict = match (revealed.is_joker(), fits) {
                    (true, _) => w.pick("qui va partout", "which fits everywhere"),
                    (false, true) => w.pick("qui convient", "which fits"),
                    (false, false) => w.pick("qui ne va sur aucune pile", "which fits no pile"),
                };
                format!(
                    "Courage{nb}! {} {} {} {}, {verdict}.",
                    w.says(*seat, "retourne", "retournez", "turns over", "turn over"),
                    own_face(*seat, *was, w),
                    w.verb(*seat, "et découvre", "et découvrez", "and finds", "and find"),
                    a_face(*revealed, w),
                )
            }
            Event::Covered { seat, pile, face, was } => {
                let turned = match was {
                    None => String::new(),
                    Some(was) => format!(
                        ", {} ({} {})",
                        w.pick("en retournant la carte", "turning the card over"),
                        w.pick("elle montrait", "it showed"),
                        a_face(*was, w)
                    ),
                };
                format!(
                    "{} {} {} {}{turned}.",
                    w.says(
                        *seat,
                        "recouvre le joker de",
                        "recouvrez le joker de",
                        "covers the joker on",
                        "cover the joker on"
                    ),
                    centre_pile(*pile as usize, w),
                    w.pick("avec", "with"),
                    a_face(*face, w),
                )
            }
            Event::PileTaken { seat, pile, cards, pile_size, tie } => {
                let lot = if *tie {
                    w.pick(", tirée au sort parmi les plus hautes,", ", chosen by lot among the highest,")
                } else {
                    ""
                };
                match w.lang {
                    Lang::Fr => format!(
                        "{} {} ({}){lot} {} {}, qui compte maintenant {}.",
                        w.says(*seat, "prend", "prenez", "", ""),
                        centre_pile(*pile as usize, w),
                        w.cards(*cards),
                        w.verb(*seat, "et la mélange à", "et la mélangez à", "", ""),
                        own_pile_fr(*seat, w),
                        w.cards(*pile_size),
                    ),
                    Lang::En => format!(
                        "{} {} ({}){lot} {} it in: {} pile now holds {}.",
                        w.says(*seat, "", "", "takes", "take"),
                        centre_pile(*pile as usize, w),
                        w.cards(*cards),
                        w.verb(*seat, "", "", "and shuffles", "and shuffle"),
                        w.whose(*seat),
                        w.cards(*pile_size),
                    ),
                }
            }
            Event::Replaced { seat, pile, face } => format!(
                "{}, {}, {} {}.",
                top_card_of(*seat, w),
                a_face(*face, w),
                w.pick("remplace", "replaces"),
                centre_pile(*pile as usize, w),
            ),
            Event::RoundOver { round, winner, cards, scores } => {
                let left = by_name(cards.seats().filter(|(s, _)| s != winner).map(|(s, c)| (s, i64::from(*c))), w);
                format!(
                    "{} {}{nb}: {} {} {round}. {}{nb}: {left}. {}",
                    pile_of(*winner, w),
                    w.pick("est vide", "is empty"),
                    w.who(*winner),
                    w.verb(*winner, "gagne la manche", "gagnez la manche", "wins round", "win round"),
                    w.pick("Cartes restantes", "Cards left"),
                    totals(scores, w),
                )
            }
            Event::MatchOver { winners, scores } => format!("{} {}", match_won(*winners, w), totals(scores, w)),
        }
    }
}
// ----- small words -----

/// French typography: the non-breaking space before « : ; ! ? »; nothing in English.
fn nb(w: &Words) -> &'static str {
    w.pick("\u{a0}", "")
}

/// A face as the card prints it, for the table: `7`, `J`.
fn printed(face: Face) -> String {
    face.to_string()
}

/// A face in a sentence, without article: « 7 », « joker ».
fn face_word(face: Face) -> String {
    if face.is_joker() { "joker".into() } else { face.to_string() }
}

/// A face with its indefinite article: « un 7 », « un joker » / "a 7", "an 8", "a joker".
fn a_face(face: Face, w: &Words) -> String {
    let article = match w.lang {
        Lang::Fr => "un",
        Lang::En if face.value() == 8 => "an",
        Lang::En => "a",
    };
    format!("{article} {}", face_word(face))
}

/// The seat's own face: « son 7 », « votre 7 » / "the 7", "your 7".
fn own_face(seat: Seat, face: Face, w: &Words) -> String {
    let own = match (w.lang, w.is_reader(seat)) {
        (Lang::Fr, true) => "votre",
        (Lang::Fr, false) => "son",
        (Lang::En, true) => "your",
        (Lang::En, false) => "the",
    };
    format!("{own} {}", face_word(face))
}

/// The seat's pile opening a sentence: « Le tas d’Ada », « Votre tas » / "Ada's pile", "Your pile".
fn pile_of(seat: Seat, w: &Words) -> String {
    match (w.lang, w.is_reader(seat)) {
        (Lang::Fr, true) => "Votre tas".into(),
        (Lang::Fr, false) => format!("Le tas {}", w.of(seat)),
        (Lang::En, _) => capitalize(&format!("{} pile", w.whose(seat))),
    }
}

/// The seat's top card opening a sentence: « La carte du dessus d’Ada », « Votre carte du
/// dessus » / "Ada's top card", "Your top card".
fn top_card_of(seat: Seat, w: &Words) -> String {
    match (w.lang, w.is_reader(seat)) {
        (Lang::Fr, true) => "Votre carte du dessus".into(),
        (Lang::Fr, false) => format!("La carte du dessus {}", w.of(seat)),
        (Lang::En, _) => capitalize(&format!("{} top card", w.whose(seat))),
    }
}

/// After a verb whose subject is `seat`: « son tas », « votre tas » (French only).
fn own_pile_fr(seat: Seat, w: &Words) -> &'static str {
    if w.is_reader(seat) { "votre tas" } else { "son tas" }
}

/// A centre pile, numbered from 1 as in the notation: « la pile 2 » / "pile 2".
fn centre_pile(number: usize, w: &Words) -> String {
    format!("{} {number}", w.pick("la pile", "pile"))
}

/// Items as people list them: « a, b et c » / "a, b and c"; with `or`, « ou » / "or".
fn join(items: &[String], or: bool, w: &Words) -> String {
    let last_word = if or { w.pick("ou", "or") } else { w.pick("et", "and") };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {last_word} {last}", init.join(", ")),
    }
}

/// Every seat with a number: « Ada 0, Blaise -3, vous -5 ».
fn by_name(values: impl Iterator<Item = (Seat, i64)>, w: &Words) -> String {
    values.map(|(seat, v)| format!("{} {}", w.who(seat), tapis_core::number(v))).collect::<Vec<_>>().join(", ")
}

/// « Totaux : Ada 0, Blaise −3. » / "Totals: Ada 0, Blaise −3."
fn totals(scores: &BySeat<i64>, w: &Words) -> String {
    format!("{}{}: {}.", w.pick("Totaux", "Totals"), nb(w), by_name(scores.seats().map(|(s, v)| (s, *v)), w))
}

/// « Ada gagne la partie. », « Ada et vous gagnez la partie ex aequo. » / "Ada and you win the
/// match together."
fn match_won(winners: SeatSet, w: &Words) -> String {
    // The reader last, as people say it: « Ada et vous », "Ada and you".
    let mut seats: Vec<Seat> = winners.iter().collect();
    seats.sort_by_key(|&s| w.is_reader(s));
    if seats.is_empty() {
        return w.pick("Personne ne gagne la partie.", "Nobody wins the match.").into();
    }
    let reader_in = seats.iter().any(|&s| w.is_reader(s));
    let verb = match (w.lang, seats.len(), reader_in) {
        (Lang::Fr, _, true) => "gagnez",
        (Lang::Fr, 1, false) => "gagne",
        (Lang::Fr, _, false) => "gagnent",
        (Lang::En, 1, false) => "wins",
        (Lang::En, _, _) => "win",
    };
    let together = if seats.len() > 1 { w.pick(" ex aequo", " together") } else { "" };
    format!("{} {verb} {}{together}.", capitalize(&w.list(seats)), w.pick("la partie", "the match"))
}

// ----- the table -----

/// The faces a centre pile showing `top` takes: « un 2, un 4 ou un joker ».
fn accepted(top: Face, w: &Words) -> String {
    let mut faces: Vec<String> = (1..=9).map(Face::number).filter(|f| f.fits(top)).map(|f| a_face(f, w)).collect();
    faces.push(a_face(Face::JOKER, w));
    join(&faces, true, w)
}

/// Courage turned a card over that must now be placed: who, what, and where it goes.
fn place_line(view: &View, seat: Seat, w: &Words) -> String {
    let Some(face) = view.current_top() else { return String::new() };
    let piles: Vec<String> =
        (0..view.center.len()).filter(|&k| face.fits(view.center_top(k))).map(|k| centre_pile(k + 1, w)).collect();
    let turned = match view.revealed_from {
        Some(was) => own_face(seat, was, w),
        None => match (w.lang, w.is_reader(seat)) {
            (Lang::Fr, true) => "votre carte".into(),
            (Lang::Fr, false) => "sa carte".into(),
            (Lang::En, true) => "your card".into(),
            (Lang::En, false) => "the card".into(),
        },
    };
    let found = a_face(face, w);
    let piles = join(&piles, true, w);
    let courage = format!("Courage{}!", nb(w));
    match (w.lang, w.is_reader(seat)) {
        (Lang::Fr, true) => {
            format!("{courage} Vous avez retourné {turned} et découvert {found}\u{a0}: posez-le sur {piles}.")
        }
        (Lang::En, true) => format!("{courage} You turned over {turned} and found {found}: place it on {piles}."),
        (Lang::Fr, false) => {
            format!("{courage} {} a retourné {turned} et découvert {found}, à poser sur {piles}.", w.who_upper(seat))
        }
        (Lang::En, false) => {
            format!("{courage} {} turned over {turned} and found {found}, to be placed on {piles}.", w.who_upper(seat))
        }
    }
}

/// Whose turn it is, and how far the all-pass rule has gone.
fn turn_line(view: &View, seat: Seat, w: &Words) -> String {
    let whose = match (w.lang, w.is_reader(seat)) {
        (Lang::Fr, true) => "À vous de jouer".to_string(),
        (Lang::Fr, false) => format!("Au tour {}", w.of(seat)),
        (Lang::En, true) => "Your move".to_string(),
        (Lang::En, false) => format!("{} turn", w.whose(seat)),
    };
    if view.forced_courage {
        let must = match view.options.forced_action {
            ForcedAction::Courage => w.pick("jouer courage", "play courage"),
            ForcedAction::PlayOrCourage => {
                w.pick("poser une carte qui convient ou jouer courage", "lay a card that fits or play courage")
            }
        };
        format!(
            "{whose}{}: {} {} {} {must}.",
            nb(w),
            w.pick("tous ont passé, donc", "everybody passed, so"),
            w.who(seat),
            w.verb(seat, "doit", "devez", "must", "must"),
        )
    } else if view.pass_streak > 0 {
        format!(
            "{whose} ({}{}: {} {} {}).",
            w.pick("passes d’affilée", "passes in a row"),
            nb(w),
            view.pass_streak,
            w.pick("sur", "of"),
            view.players,
        )
    } else {
        format!("{whose}.")
    }
}

// ----- choices -----

// ----- what happens -----

// ---------------------------------------------------------------------------------------------
// The table as a screen shows it

/// A card or face as the notation writes it (`7`, `8/7`), a joker showing on top wild.
fn face_tint(card: &str) -> Tint {
    if card.starts_with('J') { Tint::Wild } else { Tint::Plain }
}

fn card_span(card: &str) -> RichSpan {
    RichSpan::new(card, Mark::Card(face_tint(card)))
}

/// A pile's top, or « — » for an empty pile.
fn top_span(top: Option<&str>) -> RichSpan {
    match top {
        Some(top) => RichSpan::new(top, Mark::Top(face_tint(top))),
        None => RichSpan::new("—", Mark::Text),
    }
}

impl DescribeTable for crate::NurMut {
    /// The three centre piles' tops and sizes, the card Courage turned, whether Courage is
    /// forced and the turns in a row without a card.
    fn table_lines(t: &Body, w: &Words) -> Vec<RichLine> {
        let mut lines = Vec::new();
        for (i, pile) in t.center.iter().enumerate() {
            let label = format!("{} {}", w.pick("Tas", "Pile"), i + 1);
            let top = pile.top.to_string();
            lines.push(
                RichLine::field(w, &label, &label)
                    .span(top_span(Some(&top)))
                    .text(format!("  ({})", w.cards(pile.cards.len() as i64))),
            );
        }
        if let Some(courage) = &t.courage {
            let who = format!("{} ", w.who(courage.seat));
            lines.push(RichLine::field(w, "Courage", "Courage").text(who).span(card_span(&courage.card)));
        }
        if t.forced_courage {
            lines.push(RichLine::new().strong(w.pick("Courage obligé", "Courage is forced")));
        }
        if t.passes_in_a_row > 0 {
            let passes = t.passes_in_a_row.to_string();
            lines.push(RichLine::field(w, "Tours sans carte", "Turns without a card").text(passes));
        }
        lines
    }

    fn seat_heading(w: &Words) -> (&'static str, &'static str) {
        let top = w.pick("Dessus", "Top");
        (top, top)
    }

    /// The top of the seat's pile, the card the others may play on.
    fn seat_facts(t: &Body, seat: Seat, _: &Words) -> RichLine {
        RichLine::from(top_span(t.seats.get(seat.index()).and_then(|s| s.top.as_deref())))
    }

    /// Nur Mut has no hand: each plays from his pile ([`DescribeTable::own_lines`]).
    /// The top of the reader's pile, its size and the cards seen going under it.
    fn own_lines(t: &Body, seat: Seat, w: &Words) -> Vec<RichLine> {
        let Some(mine) = t.seats.get(seat.index()) else { return Vec::new() };
        let mut line = RichLine::field(w, "Dessus de votre tas", "Top of your pile")
            .span(top_span(mine.top.as_deref()))
            .text(format!("  {}", w.cards(mine.cards)));
        if !mine.tucked.is_empty() {
            line = line
                .text(format!(" · {} ", w.pick("glissées dessous", "tucked under")))
                .cards(mine.tucked.iter().map(|f| card_span(&f.to_string())), 4);
        }
        vec![line]
    }

    /// `play <pile>`, `courage`, `tuck`: no action names a card of a hand.
    fn action_cards(_: &str) -> Vec<&str> {
        Vec::new()
    }

    fn rounds(t: &Body) -> Option<u32> {
        t.rounds
    }
}
