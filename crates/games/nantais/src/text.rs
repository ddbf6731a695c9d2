//! Texts for people, in French and English.

use crate::cards::*;
use crate::state::{ChainKind, Constraint, Phase};
use crate::{Action, Event, PenaltyReason, View};
use std::fmt::Write;
use tapis_core::error::seat_words;
use tapis_core::{Lang, Seat, SeatSet};

fn suit_name(suit: Suit, lang: Lang) -> &'static str {
    lang.pick(suit.name_fr(), suit.name_en())
}

fn rank_name(rank: Rank, lang: Lang) -> &'static str {
    lang.pick(rank.name_fr(), rank.name_en())
}

fn suit_from_letter(c: char) -> Option<Suit> {
    Suit::from_letter(c)
}

fn seats(set: SeatSet) -> String {
    let list: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    list.join(", ")
}

fn cards(list: &[FrenchCard]) -> String {
    let shown: Vec<String> = list.iter().map(|c| c.pretty()).collect();
    shown.join(" ")
}

pub fn describe_action(action: Action, lang: Lang) -> String {
    match action {
        Action::Play(c) => lang.pick("poser ", "play ").to_string() + &c.pretty(),
        Action::End => lang.pick("finir son tour", "end the turn").into(),
        Action::Suit(s) => format!("{} {}", lang.pick("annoncer", "name"), suit_name(s, lang)),
        Action::Rank(r) => format!("{} {}", lang.pick("demander la valeur", "demand the rank"), rank_name(r, lang)),
        Action::Draw => lang.pick("piocher (ou prendre la pénalité)", "draw (or take the penalty)").into(),
        Action::Pass => lang.pick("garder la carte et passer", "keep the card and pass").into(),
        Action::Unique => lang.pick("annoncer « UNIQUE »", "announce UNIQUE").into(),
        Action::Contre(s) => {
            format!("{} {s}", lang.pick("« CONTRE UNIQUE » contre le siège", "CONTRE UNIQUE against seat"))
        }
        Action::Swap(s, c) => match lang {
            Lang::Fr => format!("Dame : donner {} au siège {s} contre une de ses cartes", c.pretty()),
            Lang::En => format!("Queen: give {} to seat {s} for one of theirs", c.pretty()),
        },
        Action::NoSwap => lang.pick("Dame : ne pas échanger", "Queen: no exchange").into(),
        Action::Ask(c) => format!("{} {}", lang.pick("Dame : demander", "Queen: ask for"), c.pretty()),
        Action::Give(c) => format!("{} {}", lang.pick("Dame : rendre", "Queen: give back"), c.pretty()),
    }
}

fn penalty_reason(reason: PenaltyReason, lang: Lang) -> &'static str {
    match reason {
        PenaltyReason::Sevens => lang.pick("la série de 7", "the 7s"),
        PenaltyReason::Jokers => lang.pick("les Jokers", "the Jokers"),
        PenaltyReason::Contre => lang.pick("« CONTRE UNIQUE »", "CONTRE UNIQUE"),
    }
}

pub fn describe_event(event: &Event, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    match event {
        Event::RoundDealt { round, dealer, starter } => {
            if fr {
                format!("Manche {round} : le siège {dealer} distribue, la défausse commence par {}.", starter.pretty())
            } else {
                format!("Round {round}: seat {dealer} deals, the discard starts with {}.", starter.pretty())
            }
        }
        Event::Played { seat, card } => {
            if fr {
                format!("Le siège {seat} pose {}.", card.pretty())
            } else {
                format!("Seat {seat} plays {}.", card.pretty())
            }
        }
        Event::Dealt { seat, hand } => {
            if fr {
                format!("Le siège {seat} reçoit {}.", cards(hand))
            } else {
                format!("Seat {seat} is dealt {}.", cards(hand))
            }
        }
        Event::Drew { seat, cards: 0 } => {
            if fr {
                format!("Le siège {seat} n'a rien à piocher.")
            } else {
                format!("Seat {seat} has nothing to draw.")
            }
        }
        Event::Drew { seat, .. } => {
            if fr {
                format!("Le siège {seat} pioche une carte.")
            } else {
                format!("Seat {seat} draws a card.")
            }
        }
        Event::DrewCard { seat, card } => {
            if fr {
                format!("Le siège {seat} pioche {}.", card.pretty())
            } else {
                format!("Seat {seat} draws {}.", card.pretty())
            }
        }
        Event::Penalty { seat, cards, reason } => {
            let why = penalty_reason(*reason, lang);
            match (fr, cards) {
                (true, 0) => format!("Le siège {seat} n'a aucune carte de pénalité à piocher ({why})."),
                (true, 1) => format!("Le siège {seat} pioche 1 carte de pénalité ({why})."),
                (true, n) => format!("Le siège {seat} pioche {n} cartes de pénalité ({why})."),
                (false, 0) => format!("Seat {seat} has no penalty card to draw ({why})."),
                (false, 1) => format!("Seat {seat} draws 1 penalty card ({why})."),
                (false, n) => format!("Seat {seat} draws {n} penalty cards ({why})."),
            }
        }
        Event::PenaltyCards { seat, cards: drawn, reason } => {
            let why = penalty_reason(*reason, lang);
            if fr {
                format!("Le siège {seat} pioche en pénalité ({why}) : {}.", cards(drawn))
            } else {
                format!("Seat {seat} draws as a penalty ({why}): {}.", cards(drawn))
            }
        }
        Event::Reshuffled { cards } => {
            if fr {
                format!("La défausse (sauf sa carte du dessus) est mélangée en une nouvelle pioche de {cards} cartes.")
            } else {
                format!("The discard (but its top card) is shuffled into a new stock of {cards} cards.")
            }
        }
        Event::SuitNamed { seat, suit } => {
            let name = suit_from_letter(*suit).map_or("?", |s| suit_name(s, lang));
            if fr { format!("Le siège {seat} annonce {name}.") } else { format!("Seat {seat} names {name}.") }
        }
        Event::RankDemanded { seat, rank } => {
            let name = Rank::from_letter(*rank).map_or("?", |r| rank_name(r, lang));
            if fr { format!("Le siège {seat} demande un {name}.") } else { format!("Seat {seat} demands a {name}.") }
        }
        Event::CardDemanded { seat, card } => {
            if fr {
                format!("Le siège {seat} demande exactement {}.", card.pretty())
            } else {
                format!("Seat {seat} demands exactly {}.", card.pretty())
            }
        }
        Event::Passed { seat } => {
            if fr {
                format!("Le siège {seat} passe.")
            } else {
                format!("Seat {seat} passes.")
            }
        }
        Event::Skipped { seat } => {
            if fr {
                format!("Le siège {seat} passe son tour.")
            } else {
                format!("Seat {seat} is skipped.")
            }
        }
        Event::Reversed { clockwise } => match (fr, clockwise) {
            (true, true) => "Le sens change : sens horaire.".into(),
            (true, false) => "Le sens change : sens anti-horaire.".into(),
            (false, true) => "The direction reverses: clockwise.".into(),
            (false, false) => "The direction reverses: anticlockwise.".into(),
        },
        Event::Unique { seat, automatic } => match (fr, automatic) {
            (true, false) => format!("Le siège {seat} annonce « UNIQUE » !"),
            (true, true) => format!("Le siège {seat} n'a plus qu'une carte (UNIQUE)."),
            (false, false) => format!("Seat {seat} announces UNIQUE!"),
            (false, true) => format!("Seat {seat} is down to one card (UNIQUE)."),
        },
        Event::Contre { seat, against } => {
            if fr {
                format!("Le siège {seat} : « CONTRE UNIQUE » contre le siège {against} !")
            } else {
                format!("Seat {seat}: CONTRE UNIQUE against seat {against}!")
            }
        }
        Event::SwapOffered { seat, target } => {
            if fr {
                format!("Dame : le siège {seat} propose un échange au siège {target}.")
            } else {
                format!("Queen: seat {seat} offers an exchange to seat {target}.")
            }
        }
        Event::Offered { seat, target, card } => {
            if fr {
                format!("Dame : le siège {seat} propose {} en échange au siège {target}.", card.pretty())
            } else {
                format!("Queen: seat {seat} offers {} in exchange to seat {target}.", card.pretty())
            }
        }
        Event::Exchanged { seat, with, gave, got } => {
            if fr {
                format!(
                    "Dame : le siège {seat} donne {} au siège {with} et reçoit {} en échange.",
                    gave.pretty(),
                    got.pretty()
                )
            } else {
                format!(
                    "Queen: seat {seat} gives {} to seat {with} and gets {} in return.",
                    gave.pretty(),
                    got.pretty()
                )
            }
        }
        Event::HandsShown { hands } => {
            let shown: Vec<String> = hands
                .iter()
                .enumerate()
                .map(|(seat, hand)| {
                    let held =
                        if hand.is_empty() { lang.pick("aucune carte", "no card").to_string() } else { cards(hand) };
                    format!("{} {seat}{} {held}", lang.pick("siège", "seat"), lang.pick(" :", ":"))
                })
                .collect();
            if fr {
                format!("Les mains sont montrées : {}.", shown.join(" ; "))
            } else {
                format!("The hands are shown: {}.", shown.join("; "))
            }
        }
        Event::Swapped { seat, target, asked } => match (fr, asked) {
            (true, None) => format!("Dame : les sièges {seat} et {target} échangent une carte."),
            (true, Some(c)) => {
                format!("Dame : le siège {seat} prend {} au siège {target} contre une carte.", c.pretty())
            }
            (false, None) => format!("Queen: seats {seat} and {target} exchange a card."),
            (false, Some(c)) => format!("Queen: seat {seat} takes {} from seat {target} for a card.", c.pretty()),
        },
        Event::AskFailed { seat, target, asked } => {
            if fr {
                format!("Dame : le siège {target} n'a pas {} ; le siège {seat} n'échange rien.", asked.pretty())
            } else {
                format!("Queen: seat {target} has no {}; seat {seat} exchanges nothing.", asked.pretty())
            }
        }
        Event::SwapDeclined { seat } => {
            if fr {
                format!("Dame : le siège {seat} n'échange pas.")
            } else {
                format!("Queen: seat {seat} makes no exchange.")
            }
        }
        Event::RoundWon { round, winners, blocked, round_scores, scores } => {
            let round_scores: Vec<String> = round_scores.iter().map(i64::to_string).collect();
            let scores: Vec<String> = scores.iter().map(i64::to_string).collect();
            let (round_scores, scores) = (round_scores.join(" "), scores.join(" "));
            let who = seat_words(*winners, lang);
            let shared = winners.len() > 1;
            match (fr, blocked, shared) {
                (true, false, _) => format!(
                    "Le siège {who} remporte la manche {round}. Points de la manche : {round_scores} ; score du match : {scores}."
                ),
                (true, true, false) => format!(
                    "Manche {round} bloquée : le siège {who} la remporte (le moins de cartes). Points de la manche : {round_scores} ; score du match : {scores}."
                ),
                (true, true, true) => format!(
                    "Manche {round} bloquée : les sièges {who} se la partagent (le moins de cartes). Points de la manche : {round_scores} ; score du match : {scores}."
                ),
                (false, false, _) => {
                    format!("Seat {who} wins round {round}. Round scores: {round_scores}; match scores: {scores}.")
                }
                (false, true, false) => format!(
                    "Round {round} is blocked: seat {who} wins it (fewest cards). Round scores: {round_scores}; match scores: {scores}."
                ),
                (false, true, true) => format!(
                    "Round {round} is blocked: seats {who} share it (fewest cards). Round scores: {round_scores}; match scores: {scores}."
                ),
            }
        }
        Event::MatchWon { winners } => {
            let who = seat_words(*winners, lang);
            match (fr, winners.len() > 1) {
                (true, false) => format!("Le siège {who} gagne le match !"),
                (true, true) => format!("Les sièges {who} se partagent la victoire du match !"),
                (false, false) => format!("Seat {who} wins the match!"),
                (false, true) => format!("Seats {who} share the match!"),
            }
        }
    }
}

fn constraint_text(constraint: Constraint, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    match constraint {
        Constraint::Top { card } => match (card.suit(), card.rank()) {
            (Some(s), Some(r)) => {
                if fr {
                    format!("du {} ou un {} (ou un 8, un Joker)", suit_name(s, lang), rank_name(r, lang))
                } else {
                    format!("a {} or a {} (or an 8, a Joker)", suit_name(s, lang), rank_name(r, lang))
                }
            }
            _ => lang.pick("n'importe quelle carte", "any card").into(),
        },
        Constraint::Suit { suit } => {
            if fr {
                format!("du {} (couleur annoncée), ou un 8, un Joker", suit_name(suit, lang))
            } else {
                format!("a {} (named suit), or an 8, a Joker", suit_name(suit, lang))
            }
        }
        Constraint::Rank { rank } => {
            if fr {
                format!("un {} (valeur demandée par un Roi)", rank_name(rank, lang))
            } else {
                format!("a {} (rank demanded by a King)", rank_name(rank, lang))
            }
        }
        Constraint::Exact { card } => {
            if fr {
                format!("exactement {} (Roi + 8)", card.pretty())
            } else {
                format!("exactly {} (King + 8)", card.pretty())
            }
        }
        Constraint::Free => lang.pick("n'importe quelle carte", "any card").into(),
    }
}

fn phase_text(view: &View, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    let turn = view.table.turn;
    let you = view.seat == Some(turn);
    let what = match view.table.phase {
        Phase::Start => match view.table.pending {
            Some(p) => {
                let kind = match p.kind {
                    ChainKind::Seven => "7",
                    ChainKind::Joker => "Joker",
                };
                if fr {
                    format!("ajouter un {kind} ou piocher {} cartes", p.cards)
                } else {
                    format!("add a {kind} or draw {} cards", p.cards)
                }
            }
            None => {
                format!("{} {}", lang.pick("poser", "play"), constraint_text(view.table.constraint, lang))
            }
        },
        Phase::Chain => lang.pick("enchaîner (série ou suite) ou finir", "chain on (série or suite) or end").into(),
        Phase::Drawn => lang.pick("poser la carte piochée ou la garder", "play the card drawn or keep it").into(),
        Phase::AfterPenalty => {
            lang.pick("poser une carte après la pénalité, ou passer", "play a card after the penalty, or pass").into()
        }
        Phase::NameSuit => lang.pick("annoncer une couleur", "name a suit").into(),
        Phase::NameRank => lang.pick("demander une valeur", "demand a rank").into(),
        Phase::Swap => lang.pick("échanger une carte (Dame) ou non", "exchange a card (Queen) or not").into(),
        Phase::Ask { target } => {
            if fr {
                format!("demander une carte au siège {target} (Dame)")
            } else {
                format!("ask seat {target} for a card (Queen)")
            }
        }
        Phase::Give { target } => {
            return if fr {
                format!("Le siège {target} choisit la carte qu'il rend au siège {turn} (Dame).")
            } else {
                format!("Seat {target} chooses the card to give back to seat {turn} (Queen).")
            };
        }
        Phase::Over => return lang.pick("Le match est fini.", "The match is over.").into(),
    };
    match (fr, you) {
        (true, true) => format!("À vous : {what}."),
        (true, false) => format!("Au tour du siège {turn} : {what}."),
        (false, true) => format!("Your turn: {what}."),
        (false, false) => format!("Seat {turn} to play: {what}."),
    }
}

pub fn render_view(view: &View, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    let t = &view.table;
    let mut out = String::new();
    let direction = match (fr, t.clockwise) {
        (true, true) => "sens horaire",
        (true, false) => "sens anti-horaire",
        (false, true) => "clockwise",
        (false, false) => "anticlockwise",
    };
    let _ = writeln!(
        out,
        "Le 8 Nantais — {} {} · {} {} · {direction}",
        lang.pick("manche", "round"),
        t.round,
        lang.pick("donneur : siège", "dealer: seat"),
        t.dealer
    );
    let top = view.discard.last().map_or("-".to_string(), |c| c.pretty());
    let _ = writeln!(
        out,
        "{} {top} ({} {}) · {} {} {}",
        lang.pick("Défausse :", "Discard:"),
        view.discard.len(),
        lang.pick("cartes", "cards"),
        lang.pick("pioche :", "stock:"),
        view.stock,
        lang.pick("cartes", "cards")
    );
    if !view.discard.is_empty() {
        let recent = &view.discard[view.discard.len().saturating_sub(6)..];
        let _ = writeln!(out, "{} {}", lang.pick("Dernières cartes posées :", "Last cards laid:"), cards(recent));
    }
    let scoring = match view.options.scoring {
        crate::options::Scoring::Rounds => lang.pick("manches gagnées", "rounds won"),
        crate::options::Scoring::PenaltyPoints => lang.pick("points de pénalité", "penalty points"),
    };
    let _ = write!(out, "{} ({scoring}){}", lang.pick("Joueurs", "Players"), lang.pick(" :", ":"));
    for seat in Seat::all(view.players) {
        let score = match view.options.scoring {
            crate::options::Scoring::Rounds => t.rounds_won[seat],
            crate::options::Scoring::PenaltyPoints => t.penalty_points[seat],
        };
        let mark = if t.announced.contains(seat) { " UNIQUE" } else { "" };
        let me = if view.seat == Some(seat) { lang.pick(" (vous)", " (you)") } else { "" };
        let _ =
            write!(out, "  [{seat}{me}] {} {} · {score}{mark}", view.hand_sizes[seat], lang.pick("cartes", "cards"));
    }
    out.push('\n');
    let _ = writeln!(out, "{}", phase_text(view, lang));
    if let Some(seat) = view.seat {
        let _ = writeln!(
            out,
            "{} {seat}){} {}",
            lang.pick("Votre main (siège", "Your hand (seat"),
            lang.pick(" :", ":"),
            cards(&view.hand)
        );
        if let Some(c) = view.drawn {
            let _ = writeln!(out, "{} {}", lang.pick("Carte piochée :", "Card drawn:"), c.pretty());
        }
        if let Some(c) = view.offered {
            let _ = writeln!(out, "{} {}", lang.pick("Carte offerte :", "Card offered:"), c.pretty());
        }
        for (holder, c) in &view.known {
            let _ = writeln!(
                out,
                "{} {holder} {} {}",
                lang.pick("Vous savez que le siège", "You know that seat"),
                lang.pick("a", "holds"),
                c.pretty()
            );
        }
    }
    if !t.winners.is_empty() {
        let _ = writeln!(
            out,
            "{} {}",
            lang.pick("Vainqueur(s) du match : siège", "Match winner(s): seat"),
            seats(t.winners)
        );
    }
    out
}

pub fn rules_text(lang: Lang) -> &'static str {
    lang.pick(RULES_FR, RULES_EN)
}

const RULES_FR: &str = "\
LE 8 NANTAIS — 2 à 7 joueurs (2 à 10 avec deux jeux), 52 cartes + 2 Jokers.
But : se débarrasser de toutes ses cartes. Chacun reçoit 7 cartes ; la première carte de la pioche
commence la défausse. À son tour on doit poser une carte de même couleur ou de même valeur que la
carte du dessus (un 8 ou un Joker se pose sur tout). Ensuite on peut enchaîner des SÉRIES (même
valeur) et des SUITES (même couleur, valeur juste au-dessus : 2 … 10, V, D, R, As), sans limite,
puis finir (« end »). Qui ne peut pas jouer pioche une carte et peut la poser aussitôt si elle va.
Seul le dernier bloc de cartes de même valeur du tour agit (les cartes recouvertes n'ont plus
d'effet) ; dans ce bloc les effets se cumulent.
CARTES SPÉCIALES (reconstituées : le texte d'origine est perdu) :
  As : le joueur suivant passe son tour (un par As ; à deux, on rejoue).
  Valet : un nombre impair de Valets change le sens (à deux : sans effet, variante : on rejoue).
  8 : se pose sur tout ; on annonce une couleur.
  7 : le suivant pioche 2 cartes par 7, sauf s'il ajoute des 7 ; qui ne peut plus pioche le total
      et passe son tour.
  Joker : se pose sur tout (sauf sur une série de 7) ; le suivant pioche 4 cartes par Joker sauf
      s'il ajoute un Joker ; on annonce une couleur.
  Roi : on demande une valeur ; la carte suivante doit être de cette valeur (ou un 8, un Joker).
  Dame (règle optionnelle) : une carte échangée avec n'importe quel joueur par Dame.
UNIQUE : avec une seule carte on annonce « UNIQUE » ; sinon, avant le premier geste du joueur
suivant, un autre peut dire « CONTRE UNIQUE » et l'oublieux pioche 2 cartes.
Pioche vide : la défausse sauf sa carte du dessus est mélangée. Si personne ne peut ni jouer ni
piocher pendant un tour de table, la manche est bloquée : le moins de cartes l'emporte.
Le premier qui n'a plus de carte gagne la manche ; le match va au premier à 3 manches gagnées.
Combinaisons (section perdue) : variantes maison facultatives, reconstituées.";

const RULES_EN: &str = "\
LE 8 NANTAIS — 2 to 7 players (2 to 10 with two packs), 52 cards + 2 Jokers.
Goal: get rid of all your cards. Seven cards each; the stock's first card starts the discard. On
your turn you must lay a card of the top card's suit or rank (an 8 or a Joker goes on anything).
Then you may chain SÉRIES (same rank) and SUITES (same suit, next rank up: 2 … 10, J, Q, K, A),
without limit, then end. A player who cannot play draws one card and may lay it at once if it fits.
Only the turn's last block of same-rank cards takes effect (covered cards lose theirs); inside that
block the effects add up.
SPECIAL CARDS (reconstructed: the original texts are lost):
  Ace: the next player loses his turn (one per Ace; with two players you play again).
  Jack: an odd number of Jacks reverses the direction (two players: nothing; variant: play again).
  8: goes on anything; name a suit.
  7: the next player draws 2 per 7 unless he adds 7s; whoever cannot draws the total and loses
     his turn.
  Joker: goes on anything (but a 7 chain); the next player draws 4 per Joker unless he adds a
     Joker; name a suit.
  King: demand a rank; the next card must be of that rank (or an 8, a Joker).
  Queen (optional rule): one card exchanged with any player per Queen.
UNIQUE: with one card left, announce UNIQUE; otherwise, before the next player's first move,
anyone else may call CONTRE UNIQUE and the forgetful player draws 2 cards.
Empty stock: the discard but its top card is shuffled. If nobody can play or draw for a whole
cycle the round is blocked: fewest cards wins it.
The first player out of cards wins the round; the match goes to the first to win 3 rounds.
Combinations (a lost section): optional house variants, reconstructed.";
