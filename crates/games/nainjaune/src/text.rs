//! Texts for people, in French and English: every seat by its name, the reader addressed as
//! « vous » / "you", cards in the reader's language (V, D, R in French), French typography in
//! French only.
//!
//! The table's calls are French in both languages, and so is the rank they name: « Sans
//! Dame ! », « 7♦ qui prend ! », « Roi et je recommence ! », « J’arrête ! » are written
//! “Sans Dame!”, “7♦ qui prend!”… in English, with English quotation marks, and the English
//! sentence around them says what they mean.

use crate::cards::{Cell, rank_name, rank_of_value};
use crate::client::Body;
use crate::rules::{EndReason, Event, Illegal, NewRunReason};
use crate::{Action, Phase, View};
use std::fmt::Write;
use std::sync::LazyLock;
use tapis_core::words::capitalize;
use tapis_core::{
    BySeat, FrenchCard, HandCard, Lang, Mark, Rank, Reason, RichLine, RichSpan, Seat, SeatSet, Wording, Words,
};

const RULES_FR: &str = "\
LE NAIN JAUNE — de 3 à 8 joueurs (2 en variante), 52 cartes, l’As est la plus faible.
But\u{a0}: se débarrasser le premier de ses cartes et ramasser le plus de jetons.

Plateau\u{a0}: 10♦ (1 jeton par joueur), Valet♣ (2), Dame♠ (3), Roi♥ (4), 7♦ le Nain Jaune (5).
Chaque manche, chacun mise ces 15 jetons\u{a0}; ce qui reste des manches précédentes reste en place.
Donne\u{a0}: 3 j. 15 cartes, 4 j. 12, 5 j. 9, 6 j. 8, 7 j. 7, 8 j. 6 (2 j. 22)\u{a0}; le reste est mis de \
côté, face cachée, toute la manche.

Le joueur à gauche du donneur pose une carte quelconque puis, s’il le peut et le \
veut, la carte du rang juste au-dessus, de n’importe quelle couleur, et ainsi de suite. Quand il \
s’arrête, il annonce le rang manquant, «\u{a0}Sans Dame\u{a0}!\u{a0}» par exemple\u{a0}: le joueur à sa gauche \
doit poser ce rang s’il l’a, sinon il passe\u{a0}; celui qui répond continue la suite à son \
tour. Si personne ne répond, le dernier à avoir joué entame une nouvelle suite. «\u{a0}Roi et je \
recommence\u{a0}!\u{a0}»\u{a0}: après un Roi on entame une nouvelle suite. Poser une carte du plateau ramasse \
toute sa case («\u{a0}7♦ qui prend\u{a0}!\u{a0}»).

Le premier sans carte gagne la manche («\u{a0}J’arrête\u{a0}!\u{a0}»)\u{a0}: chaque autre lui paie 1 jeton par carte \
restante\u{a0}; qui garde une carte du plateau double sa case\u{a0}; s’il a tout posé avant que quiconque \
ait posé une carte, c’est un Grand Opéra\u{a0}: il rafle aussi tout le plateau. La partie s’arrête \
après une manche qu’un joueur n’a pu payer en entier, ou quand un joueur ne peut plus miser 15 \
jetons. Le plus riche gagne (ex æquo possibles).

Reconstitutions (règles incertaines, modifiables par option)\u{a0}: l’ordre du règlement, \
la définition du Grand Opéra, l’obligation de fournir, l’annonce «\u{a0}qui prend\u{a0}!\u{a0}», le paiement aux \
points, le jeu à deux, la fin de partie.";

const RULES_EN: &str = "\
LE NAIN JAUNE (the Yellow Dwarf) — 3 to 8 players (2 as a variant), 52 cards, Ace low.
Goal: be the first out of cards, and end with the most chips.

Board: 10♦ (1 chip per player), J♣ (2), Q♠ (3), K♥ (4), 7♦ the Yellow Dwarf (5).
Each round everyone stakes these 15 chips; chips left from earlier rounds stay on the board.
Deal: 3p 15 cards, 4p 12, 5p 9, 6p 8, 7p 7, 8p 6 (2p 22); the rest is put aside face down for the \
whole round.

The player left of the dealer lays any card, then, if able and willing, a card of \
the next rank up, any suit, and so on. A player who stops calls the missing rank, in \
French: “Sans Dame!” (without a Queen). The next player on the left must lay that rank if he has \
it, else passes; whoever answers goes on with the run. If nobody answers, the last player \
to have laid a card starts a new run. After a King, its player starts a new run (“Roi et je \
recommence!”). Laying a board card takes its whole cell (“7♦ qui prend!”).

The first player out of cards wins the round (“J’arrête!”): every other pays him 1 chip per card \
left; whoever still holds a board card doubles its cell; if he went out before anyone else laid a \
card, it is a Grand Opéra and he also sweeps the board. The match ends after a round someone could \
not pay in full, or when someone cannot stake 15 chips. The richest player wins (ties are shared).

Reconstructions (uncertain rules, each an option): the settlement order, what a \
Grand Opéra is, must-follow, saying “qui prend!”, payment by card points, two players, the end of \
the match.";

static RULES_FR_TYPESET: LazyLock<String> = LazyLock::new(|| french(RULES_FR).replace('\'', "’"));

impl Reason for Illegal {
    /// One sentence, the same for the referee and a table (it names no seat).
    fn word(&self, words: &Words) -> String {
        let lang = words.lang;
        let (fr, en): (&str, &str) = match *self {
            Illegal::NothingToClaim => (
                "aucune case à ramasser : « qui prend ! » s'annonce après avoir posé une carte du plateau, \
                 avant la carte suivante",
                "no cell to claim: “qui prend!” is said after laying a board card, before the next card",
            ),
            Illegal::HandEmpty => ("la main est vide : la manche est gagnée", "the hand is empty: the round is won"),
            Illegal::NotInHand => ("cette carte n'est pas dans la main", "that card is not in the hand"),
            Illegal::RunRises { next } => {
                return match lang {
                    Lang::Fr => {
                        format!("une suite monte d'un rang à la fois (rang attendu : {})", rank_name(next, lang))
                    }
                    Lang::En => format!("a run rises one rank at a time (rank expected: {})", rank_name(next, lang)),
                };
            }
            Illegal::OnlyCalledRank { rank } => {
                let called = rank_name(rank, Lang::Fr);
                return match lang {
                    Lang::Fr => format!("« Sans {called} ! » est annoncé : seul ce rang y répond"),
                    Lang::En => {
                        let answer = Words::plain(Lang::En).a_rank(rank_of_value(rank));
                        format!("“Sans {called}!” was called: only {answer} answers it")
                    }
                };
            }
            Illegal::MustLayCalled => {
                ("qui a le rang annoncé doit le poser", "a player holding the called rank must lay it")
            }
            Illegal::RunStartsWithCard => {
                ("une nouvelle suite s'entame en posant une carte", "a new run starts with a card")
            }
            Illegal::CallMissingRank => (
                "pour finir sa suite, on annonce le rang manquant (stop)",
                "to end one's run, call the missing rank (stop)",
            ),
            Illegal::StopIsForOwnRun => (
                "annoncer le rang manquant finit sa propre suite ; appelé sur un rang, on le pose ou on passe (pass)",
                "calling the missing rank ends one's own run; called on a rank, one lays it or passes (pass)",
            ),
        };
        words.pick(fr, en).to_string()
    }
}

impl Wording for crate::NainJaune {
    fn rules_text(lang: Lang) -> &'static str {
        match lang {
            Lang::Fr => RULES_FR_TYPESET.as_str(),
            Lang::En => RULES_EN,
        }
    }

    fn tagline(lang: Lang) -> &'static str {
        lang.pick(
            "Le jeu de jetons des familles\u{a0}: des suites, «\u{a0}sans…\u{a0}», et le Nain Jaune au centre.",
            "The family chip game: runs, “sans…” calls, and the Yellow Dwarf in the middle.",
        )
    }

    fn render_view(view: &View, words: &Words) -> String {
        let t = &view.table;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} {} — {} {}",
            words.pick("Manche", "Round"),
            t.round,
            words.pick("donneur :", "dealer:"),
            words.who(t.dealer)
        );
        let board: Vec<String> =
            Cell::ALL.iter().map(|&cell| format!("{} {}", cell_card(words, cell), t.board[cell])).collect();
        let _ = writeln!(
            out,
            "{} {}   {}",
            words.pick("Plateau (jetons par case) :", "Board (chips per cell):"),
            board.join("   "),
            words.pick("(7♦ = le Nain Jaune)", "(7♦ = the Yellow Dwarf)")
        );
        for seat in Seat::all(t.players as usize) {
            let who = if words.is_reader(seat) {
                format!("{} {}", words.name_of(seat), words.pick("(vous)", "(you)"))
            } else {
                words.name_of(seat)
            };
            let mut line = format!(
                "  {who}{} {}, {}",
                words.pick(" :", ":"),
                chips(words, t.chips[seat]),
                words.cards(view.hand_counts[seat])
            );
            let lacks: Vec<&str> = t.passed[seat].iter().map(|r| rank_word(words, r)).collect();
            if let Some((last, init)) = lacks.split_last() {
                let list = match (words.lang, init.is_empty()) {
                    (_, true) => last.to_string(),
                    (Lang::Fr, false) => format!("{} ni {last}", init.join(", ")),
                    (Lang::En, false) => format!("{} or {last}", init.join(", ")),
                };
                let _ = write!(line, " — {} {list}", words.pick("sans", "no"));
            }
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "{} {}", words.pick("Cartes de côté :", "Cards aside:"), view.aside_count);
        let _ = writeln!(
            out,
            "{} {}",
            words.pick("Suite en cours :", "Run on the table:"),
            card_list(words, t.run.iter().copied())
        );
        let _ =
            writeln!(out, "{} {}", words.pick("Déjà posées :", "Laid this round:"), card_list(words, t.played.iter()));
        if let (Some(seat), Some(hand)) = (view.seat, view.hand) {
            let whose = if words.is_reader(seat) {
                words.pick("Votre main :", "Your hand:").to_string()
            } else {
                match words.lang {
                    Lang::Fr => format!("Main {} :", words.of(seat)),
                    Lang::En => format!("{} hand:", words.whose(seat)),
                }
            };
            let _ = writeln!(out, "{whose} {}", card_list(words, hand.iter()));
        }
        let _ = writeln!(out, "{}", turn_line(words, t.phase, t.winners, t.claimable));
        if let (Some((seat, cell)), false) = (t.claimable, matches!(t.phase, Phase::GoingOut { .. })) {
            let _ = writeln!(
                out,
                "{} {} {}",
                words.says(seat, "peut encore dire", "pouvez encore dire", "may still say", "may still say"),
                qui_prend(words, cell),
                words.pick("avant la prochaine carte.", "before the next card.")
            );
        }
        typeset(words, out)
    }

    /// A choice offered to the acting seat, in the infinitive: « poser 7♥ » / "play 7♥".
    fn describe_action(action: Action, words: &Words) -> String {
        let text = match action {
            Action::Play(card) => format!("{} {}", words.pick("poser", "play"), words.card(card)),
            Action::Stop => {
                words.pick("s’arrêter et annoncer le rang manquant", "stop and call the missing rank").into()
            }
            Action::Pass => words.pick("passer", "pass").into(),
            Action::Claim => {
                format!("{} {}", words.pick("dire", "say"), call(words, "qui prend"))
                    + words.pick(" et ramasser la case", " and take the cell")
            }
        };
        typeset(words, text)
    }

    fn describe_event(event: &Event, words: &Words) -> String {
        typeset(words, event_text(event, words))
    }
}
// ----- small words -----

/// French typography: a non-breaking space before « : ; ! ? » and inside « ».
/// Written in one pass: every event of a busy server's frames goes through it.
fn french(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            (' ', Some(':' | ';' | '!' | '?' | '»')) => out.push('\u{a0}'),
            ('«', Some(' ')) => {
                chars.next();
                out.push_str("«\u{a0}");
            }
            _ => out.push(c),
        }
    }
    out
}

/// The text set for the reader's language: French typography in French, English as written.
fn typeset(words: &Words, text: String) -> String {
    if words.fr() { french(&text) } else { text }
}

/// A call said at the table, in French in both languages: « Sans Dame ! » / “Sans Dame!”.
fn call(words: &Words, said: &str) -> String {
    match words.lang {
        Lang::Fr => format!("« {said} ! »"),
        Lang::En => format!("“{said}!”"),
    }
}

/// « Sans Dame ! » / “Sans Dame!”: the rank of the call is French in both languages.
fn sans(words: &Words, rank: u8) -> String {
    call(words, &format!("Sans {}", rank_name(rank, Lang::Fr)))
}

/// « 7♦ qui prend ! » / “7♦ qui prend!”, the cell's card in the reader's language.
fn qui_prend(words: &Words, cell: Cell) -> String {
    call(words, &format!("{} qui prend", cell_card(words, cell)))
}

/// A board cell as its card is written for the reader: V♣ / J♣.
fn cell_card(words: &Words, cell: Cell) -> String {
    words.card(cell.card())
}

fn card_list(words: &Words, cards: impl Iterator<Item = FrenchCard>) -> String {
    let list = words.cards_list(cards);
    if list.is_empty() { "—".into() } else { list }
}

/// « une Dame », « un As » / "a Queen", "an Ace".
fn a_rank(words: &Words, rank: u8) -> String {
    words.a_rank(rank_of_value(rank))
}

/// A rank's name in the reader's language: « Dame » / "Queen".
fn rank_word(words: &Words, rank: u8) -> &'static str {
    rank_name(rank, words.lang)
}

/// « de Dame », « d’As » (French, after a negation).
fn de_rank(rank: u8) -> String {
    let name = rank_name(rank, Lang::Fr);
    if name == "As" { format!("d’{name}") } else { format!("de {name}") }
}

/// « 1 jeton », « 3 jetons » / "1 chip", "3 chips".
fn chips(words: &Words, n: u32) -> String {
    words.count(n, "jeton", "jetons", "chip", "chips")
}

/// Every seat's chips: « Alice 106, vous 145, Blaise 115 ».
fn chip_table(words: &Words, chips: &BySeat<u32>) -> String {
    let seats = Seat::all(chips.len());
    seats.map(|s| format!("{} {}", words.who(s), chips[s])).collect::<Vec<_>>().join(", ")
}

/// « Ada gagne la partie. », « Ada et vous gagnez ex æquo. » / "Ada wins the match.", "Ada and
/// you share the win."
fn winners_sentence(words: &Words, winners: SeatSet) -> String {
    let seats: Vec<Seat> = winners.iter().collect();
    match seats.as_slice() {
        [] => words.pick("Personne ne gagne.", "Nobody wins.").to_string(),
        [one] => {
            format!("{} {}.", words.says(*one, "gagne", "gagnez", "wins", "win"), words.pick("la partie", "the match"))
        }
        _ => {
            let who = capitalize(&words.list(seats.iter().copied()));
            let with_reader = seats.iter().any(|&s| words.is_reader(s));
            match (words.lang, with_reader) {
                (Lang::Fr, true) => format!("{who} gagnez ex æquo."),
                (Lang::Fr, false) => format!("{who} gagnent ex æquo."),
                (Lang::En, _) => format!("{who} share the win."),
            }
        }
    }
}

/// « : » in French (spaced when typeset), ":" in English.
fn colon(words: &Words) -> &'static str {
    words.pick(" :", ":")
}

/// « (sur 5 dus) » / "(of 5 owed)" when a debt is not paid in full.
fn short_of(words: &Words, paid: u32, owed: u32) -> String {
    if paid < owed {
        format!(" ({} {owed} {})", words.pick("sur", "of"), words.pick("dus", "owed"))
    } else {
        String::new()
    }
}

// ----- the table -----

/// Whose move it is and what he may do: « À Ada d’entamer une suite. » / "Ada's move: start a
/// new run."
fn turn_line(words: &Words, phase: Phase, winners: SeatSet, claimable: Option<(Seat, Cell)>) -> String {
    // « à Ada de… », « à vous de… » / "Ada's move:", "your move:".
    let to = |seat: Seat, fr: &str, en: &str| match words.lang {
        Lang::Fr => format!("à {} {fr}", words.who(seat)),
        Lang::En => format!("{} move: {en}", words.whose(seat)),
    };
    match phase {
        Phase::Lead { seat } => capitalize(&to(seat, "d’entamer une suite.", "start a new run.")),
        Phase::Continue { seat, next } => {
            let rank = a_rank(words, next);
            capitalize(&to(
                seat,
                &format!("de poursuivre avec {rank} ou de s’arrêter."),
                &format!("go on with {rank} or stop."),
            ))
        }
        Phase::Follow { seat, rank } => {
            let answer = a_rank(words, rank);
            let what = to(seat, &format!("de poser {answer} ou de passer."), &format!("play {answer} or pass."));
            match words.lang {
                Lang::Fr => format!("{} — {what}", sans(words, rank)),
                Lang::En => format!("{} (without {answer}) — {what}", sans(words, rank)),
            }
        }
        Phase::GoingOut { seat } => {
            let say = match claimable {
                Some((_, cell)) => qui_prend(words, cell),
                None => call(words, "qui prend"),
            };
            let (fr_last, en_last) = if words.is_reader(seat) {
                ("c’était votre dernière carte", "your last card")
            } else {
                ("c’était sa dernière carte", "the last card in hand")
            };
            capitalize(&to(
                seat,
                &format!("de dire {say} ou non : {fr_last}."),
                &format!("say {say} or not ({en_last} was this board card)."),
            ))
        }
        Phase::Over => {
            format!("{} {}", words.pick("Partie terminée.", "Match over."), winners_sentence(words, winners))
        }
    }
}

// ----- actions -----

// ----- events -----

fn event_text(event: &Event, w: &Words) -> String {
    let fr = w.fr();
    match event {
        Event::RoundStarted { round, dealer, leader, cards_each, aside, .. } => {
            let deals = w.verb(*dealer, "donne", "donnez", "deals", "deal");
            let leads = w.verb(*leader, "entame", "entamez", "leads", "lead");
            let aside_cards = w.cards(*aside);
            let (dealer, leader) = (w.who(*dealer), w.who(*leader));
            if fr {
                let stay = if *aside > 1 { "restent" } else { "reste" };
                format!(
                    "Manche {round} : {dealer} {deals} {} à chacun, {aside_cards} {stay} de côté ; chacun mise \
                     15 jetons ; {leader} {leads}.",
                    w.cards(*cards_each)
                )
            } else {
                let stay = if *aside == 1 { "stays" } else { "stay" };
                format!(
                    "Round {round}: {dealer} {deals} {} each, {aside_cards} {stay} aside; everyone stakes 15 \
                     chips; {leader} {leads}.",
                    w.cards(*cards_each)
                )
            }
        }
        Event::Dealt { seat, hand } => format!(
            "{} {}{} {}.",
            w.says(*seat, "reçoit", "recevez", "is dealt", "are dealt"),
            w.cards(hand.len() as u32),
            colon(w),
            card_list(w, hand.iter())
        ),
        Event::Played { seat, card } => {
            format!("{} {}.", w.says(*seat, "pose", "posez", "plays", "play"), w.card(*card))
        }
        Event::Collected { seat, cell, chips: n } => format!(
            "{} {} {} {} {} ({}).",
            w.says(*seat, "ramasse", "ramassez", "takes", "take"),
            w.pick("la case", "the"),
            cell_card(w, *cell),
            w.pick("et ses", "cell and its"),
            chips(w, *n),
            qui_prend(w, *cell)
        ),
        Event::ClaimMissed { seat, cell } => {
            let missed = w.says(*seat, "n’a pas dit", "n’avez pas dit", "did not say", "did not say");
            let stays = w.pick(
                "à temps : les jetons de la case restent sur le plateau.",
                "in time: the chips of its cell stay on the board.",
            );
            format!("{missed} {} {stays}", qui_prend(w, *cell))
        }
        Event::Stopped { seat, missing } => {
            let stops =
                w.says(*seat, "s’arrête et annonce", "vous arrêtez et annoncez", "stops and calls", "stop and call");
            if fr {
                format!("{stops} {}", sans(w, *missing))
            } else {
                format!("{stops} {} (without {}).", sans(w, *missing), a_rank(w, *missing))
            }
        }
        Event::Passed { seat, rank } => {
            let passes = w.says(*seat, "passe", "passez", "passes", "pass");
            if fr {
                format!("{passes}, sans poser {}.", de_rank(*rank))
            } else {
                format!("{passes} without playing {}.", a_rank(w, *rank))
            }
        }
        Event::NewRun { seat, reason: NewRunReason::King } => {
            let starts = w.verb(
                *seat,
                "entame une nouvelle suite",
                "entamez une nouvelle suite",
                "starts a new run",
                "start a new run",
            );
            let again = call(w, "Roi et je recommence");
            if fr {
                format!("{} {starts} : {again}", w.who_upper(*seat))
            } else {
                format!("After a King, {} {starts} ({again}).", w.who(*seat))
            }
        }
        Event::NewRun { seat, reason: NewRunReason::NobodyAnswered } => format!(
            "{} {} {}.",
            w.pick("Personne ne répond :", "Nobody answers:"),
            w.who(*seat),
            w.verb(
                *seat,
                "entame une nouvelle suite",
                "entamez une nouvelle suite",
                "starts a new run",
                "start a new run"
            )
        ),
        Event::WentOut { seat } => {
            let out =
                w.says(*seat, "n’a plus de cartes", "n’avez plus de cartes", "is out of cards", "are out of cards");
            let done = call(w, "J’arrête");
            if fr { format!("{out} : {done}") } else { format!("{out} ({done}).") }
        }
        Event::Paid { seat, to, chips: n, owed } => paid(w, *seat, *to, *n, *owed),
        Event::Doubled { seat, cell, chips: n, owed } => {
            let kept = w.says(*seat, "a gardé", "avez gardé", "kept", "kept");
            let card = cell_card(w, *cell);
            if *n == 0 {
                match w.lang {
                    Lang::Fr => format!(
                        "{kept} {card} mais {} rien mettre dans la case ({} dus).",
                        w.verb(*seat, "ne peut", "ne pouvez", "", ""),
                        chips(w, *owed)
                    ),
                    Lang::En => {
                        format!("{kept} {card} but cannot put anything in its cell ({} owed).", chips(w, *owed))
                    }
                }
            } else {
                let doubles = w.verb(*seat, "double", "doublez", "doubles", "double");
                match w.lang {
                    Lang::Fr => {
                        format!("{kept} {card} et {doubles} la case avec {}{}.", chips(w, *n), short_of(w, *n, *owed))
                    }
                    Lang::En => {
                        format!("{kept} {card} and {doubles} its cell with {}{}.", chips(w, *n), short_of(w, *n, *owed))
                    }
                }
            }
        }
        Event::GrandOpera { seat, chips: n } => format!(
            "{} {}{} {}.",
            w.pick("Grand Opéra !", "Grand Opéra!"),
            w.says(
                *seat,
                "rafle tout le plateau",
                "raflez tout le plateau",
                "sweeps the whole board",
                "sweep the whole board"
            ),
            colon(w),
            chips(w, *n)
        ),
        Event::RoundOver { round, winner, chips: held, .. } => format!(
            "{} {} {round}. {} {}.",
            w.says(*winner, "gagne", "gagnez", "wins", "win"),
            w.pick("la manche", "round"),
            w.pick("Jetons :", "Chips:"),
            chip_table(w, held)
        ),
        Event::MatchOver { winners, chips: held, reason } => {
            let why = match reason {
                EndReason::CannotPay => w.pick("un joueur n’a pas pu payer", "a player could not pay"),
                EndReason::CannotStake => {
                    w.pick("un joueur ne peut plus miser 15 jetons", "a player cannot stake 15 chips")
                }
                EndReason::RoundsPlayed => w.pick("toutes les manches sont jouées", "every round has been played"),
            };
            format!(
                "{} ({why}). {} {} {}.",
                w.pick("Fin de la partie", "End of the match"),
                winners_sentence(w, *winners),
                w.pick("Jetons :", "Chips:"),
                chip_table(w, held)
            )
        }
    }
}

/// « Ada paie 3 jetons à Blaise. », « Ada vous paie 3 jetons. », « Vous payez 3 jetons à
/// Ada. » / "Ada pays Blaise 3 chips.", "Ada pays you 3 chips."
fn paid(w: &Words, seat: Seat, to: Seat, n: u32, owed: u32) -> String {
    let payer = w.who_upper(seat);
    let short = short_of(w, n, owed);
    match (w.lang, w.is_reader(to), n) {
        (Lang::Fr, true, 0) => format!("{payer} ne peut rien vous payer ({} dus).", chips(w, owed)),
        (Lang::Fr, true, _) => format!("{payer} vous paie {}{short}.", chips(w, n)),
        (Lang::Fr, false, 0) => format!(
            "{payer} {} rien payer à {} ({} dus).",
            w.verb(seat, "ne peut", "ne pouvez", "", ""),
            w.who(to),
            chips(w, owed)
        ),
        (Lang::Fr, false, _) => {
            format!("{payer} {} {} à {}{short}.", w.verb(seat, "paie", "payez", "", ""), chips(w, n), w.who(to))
        }
        (Lang::En, _, 0) => format!("{payer} cannot pay {} anything ({} owed).", w.who(to), chips(w, owed)),
        (Lang::En, _, _) => {
            format!("{payer} {} {} {}{short}.", w.verb(seat, "", "", "pays", "pay"), w.who(to), chips(w, n))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The table as a screen shows it

/// A card as the reader reads it, in its colour.
fn card_span(card: FrenchCard, w: &Words) -> RichSpan {
    RichSpan::french_card(w, card)
}

/// A rank of the notation by its name: « Dame » / "Queen".
fn rank_words(rank: &str, w: &Words) -> String {
    rank.parse::<Rank>().map_or_else(|_| rank.to_string(), |r| w.rank(r).to_string())
}

impl tapis_core::DescribeTable for crate::NainJaune {
    /// The board's cells with their chips, the run (its last seven cards), the rank that goes
    /// on, the call being answered, the cell that may be claimed and the cards put aside.
    fn table_lines(t: &Body, w: &Words) -> Vec<RichLine> {
        let mut board = RichLine::field(w, "Tableau", "Board");
        for (i, cell) in t.board.iter().enumerate() {
            if i > 0 {
                board.push("  ", Mark::Text);
            }
            board.spans.push(card_span(cell.card, w));
            // Joined to its card by a no-break space, so that a narrow table never parts them.
            board.push(format!("\u{a0}{}", cell.chips), Mark::Count);
        }
        let mut run = RichLine::field(w, "Suite", "Run");
        let shown = t.run.len().saturating_sub(7);
        if shown > 0 {
            run.push("… ", Mark::Text);
        }
        let mut lines = vec![board, run.cards(t.run[shown..].iter().map(|&c| card_span(c, w)), 7)];
        if let Some(next) = &t.next {
            lines.push(RichLine::field(w, "Suivante", "Next").strong(rank_words(next, w)));
        }
        if let Some(call) = &t.call {
            let rank = rank_words(call.rank, w);
            let text = match w.lang {
                Lang::Fr => format!("«\u{a0}Sans {rank}\u{a0}!\u{a0}» ({})", w.who(call.by)),
                Lang::En => format!("“No {rank}!” ({})", w.who(call.by)),
            };
            lines.push(RichLine::field(w, "Appel", "Call").strong(text));
        }
        if let Some(claim) = &t.claim {
            let who = format!("{} ", w.who(claim.seat));
            lines.push(RichLine::field(w, "Prise", "Claim").text(who).span(card_span(claim.cell, w)));
        }
        lines.push(RichLine::field(w, "Écart", "Aside").text(w.cards(t.aside)));
        lines
    }

    fn seat_heading(w: &Words) -> (&'static str, &'static str) {
        let lacks = w.pick("Manque", "Lacks");
        (lacks, lacks)
    }

    /// The ranks the seat has shown it lacks: « sans V D » / "no J Q".
    fn seat_facts(t: &Body, seat: Seat, w: &Words) -> RichLine {
        let lacks: Vec<&str> = t
            .seats
            .get(seat.index())
            .map(|s| s.lacks.iter().map(|r| r.parse::<Rank>().map_or("?", |r| w.rank_short(r))).collect())
            .unwrap_or_default();
        if lacks.is_empty() {
            return RichLine::new();
        }
        RichLine::new().text(format!("{} {}", w.pick("sans", "no"), lacks.join(" ")))
    }

    fn hand(t: &Body, w: &Words) -> Option<Vec<HandCard>> {
        let hand = t.hand.as_ref()?;
        Some(hand.iter().map(|&c| HandCard { card: c.to_string(), group: None, face: card_span(c, w) }).collect())
    }

    fn rounds(t: &Body) -> Option<u32> {
        t.rounds
    }

    /// The chips are the scores.
    fn score_heading(w: &Words) -> &'static str {
        w.pick("Jetons", "Chips")
    }
}

#[cfg(test)]
mod tests {
    use super::french;

    #[test]
    fn french_spaces_are_non_breaking_before_high_marks_and_inside_quotes() {
        assert_eq!(
            french("« Sans Valet » : Anne passe ; à vous ! Qui prend ?"),
            "«\u{a0}Sans Valet\u{a0}»\u{a0}: Anne passe\u{a0}; à vous\u{a0}! Qui prend\u{a0}?"
        );
        assert_eq!(french("x  : «  y"), "x \u{a0}: «\u{a0} y");
        assert_eq!(french("« :"), "«\u{a0}:");
        assert_eq!(french("rien à changer"), "rien à changer");
    }
}
