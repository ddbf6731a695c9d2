//! French and English texts: the rules in brief, the table for the terminal, actions and events
//! in words.

use crate::action::Action;
use crate::cards::{Card, Counts};
use crate::events::Event;
use crate::options::TablePlay;
use crate::table::{Phase, PlayKind, Requirement};
use crate::view::View;
use std::fmt::Write;
use tapis_core::{Lang, Seat, SeatSet};

const RULES_FR: &str = "\
BATTLE GUM — 2 à 5 joueurs (6 avec max_players=6), 54 cartes : valeurs 1 à 13 en 4 exemplaires et 2 Ninjas (00).
But : être le premier à ne plus avoir de carte, ni en main ni devant soi.

Mise en place : chacun reçoit 3 cartes face cachée (on ne les regarde pas), 3 face visible dessus, et 3 en main ;
le reste forme la pioche. Avant de jouer, chacun peut échanger des cartes de sa main avec ses cartes visibles
(swap <main> <visible>), puis dit « ready ». Le joueur à gauche du donneur commence.

Tour : poser une ou plusieurs cartes de même valeur, de valeur égale ou supérieure au sommet du tas
(n'importe quoi sur un tas vide). Qui peut jouer doit jouer ; qui ne peut pas ramasse le tas (pickup), et
c'est le dernier joueur à avoir posé une carte qui repart sur un tas vide.
Après avoir posé, on pioche pour avoir 3 cartes en main ; pioche vide : on complète avec ses cartes
visibles (take <carte>), puis cachées (reveal <1|2|3>, à l'aveugle, en main).

Cartes spéciales :
  6  : le suivant doit poser une carte de 1 à 6.
  8  : le suivant passe son tour (autant de joueurs sautés que de 8 posés).
  9  : le tas est retiré du jeu ; le suivant commence un nouveau tas.
  13 : on donne tout le tas au joueur de son choix (give <siège>). Seul le visé peut contrer, hors tour :
       avec des 13 (il choisit à son tour un visé) ou des 1 (personne ne ramasse, le joueur après lui joue
       sur les 1) ; sinon il accepte (accept) et le dernier joueur du 13 repart sur un tas vide.
  1  : la plus petite valeur ; se pose sur un tas vide, sur un 1, sous la contrainte d'un 6, ou pour contrer.
  00 Ninja : se joue à son tour sur n'importe quoi ; transparent : le suivant doit battre la carte dessous.

Reconstructions (la règle source ne dit rien ou reste vague) : le 13 est obligatoire et seul le visé
contre ; on recharge sa main juste après avoir posé (avant de donner le tas) ; après un 9, le joueur suivant
repart sur un tas vide ; quand des 8 font revenir le tour à celui qui les a posés (à deux joueurs, un seul 8),
il rejoue librement, sur n'importe quoi ; qui ramasse un tas dont il a posé le sommet ne repart pas : le
joueur suivant repart. Variantes et détails : voir les options.
Options : burn_replays, king_optional, ninja_mode, ninja_interrupt, table_play, voluntary_pickup,
four_in_a_row_burn (Variante 1), complete_pair_burn (Variante 2), play_to_last, max_players, dealer, games.";

const RULES_EN: &str = "\
BATTLE GUM — 2 to 5 players (6 with max_players=6), 54 cards: values 1 to 13 four times each, and 2 Ninjas (00).
Goal: be the first with no card left, neither in hand nor in front of you.

Setup: everyone gets 3 face-down cards (never looked at), 3 face-up cards on them, and 3 in hand; the rest is
the stock. Before play, each player may exchange hand cards with his face-up cards (swap <hand> <face-up>),
then says \"ready\". The player left of the dealer starts.

Turn: lay one or more cards of one value, equal to or higher than the top of the pile (anything on an empty
pile). Who can play must; who cannot picks the pile up (pickup), and the last player who laid a card leads
onto the empty pile.
After laying, draw back to 3 cards in hand; once the stock is empty, refill from your face-up cards
(take <card>), then your face-down ones (reveal <1|2|3>, blind, into the hand).

Special cards:
  6  : the next player must lay a card from 1 to 6.
  8  : the next player loses his turn (one player skipped per 8 laid).
  9  : the pile leaves the game; the next player starts a new pile.
  13 : give the whole pile to any player (give <seat>). Only the target may counter, out of turn: with 13s
       (he then chooses a target) or 1s (nobody takes it, the player after him plays on the 1s); otherwise
       he accepts it (accept) and the last 13 player leads onto the empty pile.
  1  : the lowest value; laid on an empty pile, on a 1, under a 6, or as a counter.
  00 Ninja: playable on anything in your turn; transparent: the next player must beat the card below it.

Reconstructions (where the source rules are silent or vague): the 13 is mandatory and only the target
counters; you refill right after laying (before giving the pile); after a 9 the next player starts the new
pile; when 8s skip round to the player who laid them (one 8 at a table of two), he plays again freely, on
anything; whoever picks up a pile he topped himself does not lead: the next player does. Variants and
details: see the options.
Options: burn_replays, king_optional, ninja_mode, ninja_interrupt, table_play, voluntary_pickup,
four_in_a_row_burn (Variante 1), complete_pair_burn (Variante 2), play_to_last, max_players, dealer, games.";

pub fn rules_text(lang: Lang) -> &'static str {
    lang.pick(RULES_FR, RULES_EN)
}

fn name(card: Card) -> String {
    card.pretty()
}

fn cards(card: Card, count: u8) -> String {
    vec![name(card); count as usize].join(" ")
}

/// `1 carte`, `3 cartes`.
fn count_of(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn list(counts: &Counts, lang: Lang) -> String {
    if counts.is_empty() {
        return lang.pick("rien", "nothing").into();
    }
    counts.cards().map(name).collect::<Vec<_>>().join(" ")
}

pub fn describe_action(action: Action, lang: Lang) -> String {
    match action {
        Action::Swap { hand, faceup } => match lang {
            Lang::Fr => format!("échanger {} de la main contre {} visible", name(hand), name(faceup)),
            Lang::En => format!("swap {} from the hand for the face-up {}", name(hand), name(faceup)),
        },
        Action::Ready => lang.pick("prêt : fin des échanges", "ready: done swapping").into(),
        Action::Play { card, count } => match lang {
            Lang::Fr => format!("poser {}", cards(card, count)),
            Lang::En => format!("play {}", cards(card, count)),
        },
        Action::Pickup => lang.pick("ramasser le tas", "pick up the pile").into(),
        Action::Give(seat) => match lang {
            Lang::Fr => format!("donner le tas au joueur {seat}"),
            Lang::En => format!("give the pile to player {seat}"),
        },
        Action::Accept => lang.pick("accepter le tas (ne pas contrer)", "accept the pile (no counter)").into(),
        Action::Keep => lang.pick("garder le 13 sans donner le tas", "keep the 13 without giving the pile").into(),
        Action::Take(card) => match lang {
            Lang::Fr => format!("prendre en main sa carte visible {}", name(card)),
            Lang::En => format!("take the face-up {} into the hand", name(card)),
        },
        Action::Reveal(position) => match lang {
            Lang::Fr => format!("retourner sa carte cachée n° {position}"),
            Lang::En => format!("turn over face-down card #{position}"),
        },
    }
}

pub(crate) fn requirement(req: Requirement, lang: Lang) -> String {
    match (req, lang) {
        (Requirement::Any, Lang::Fr) => "n'importe quelle carte".into(),
        (Requirement::Any, Lang::En) => "any card".into(),
        (Requirement::AtLeast(v), Lang::Fr) => format!("{v} ou plus (ou un Ninja)"),
        (Requirement::AtLeast(v), Lang::En) => format!("{v} or higher (or a Ninja)"),
        (Requirement::AtMost6, Lang::Fr) => "de 1 à 6 (ou un Ninja)".into(),
        (Requirement::AtMost6, Lang::En) => "1 to 6 (or a Ninja)".into(),
    }
}

fn seats(set: SeatSet) -> String {
    set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

pub fn render_view(view: &View, lang: Lang) -> String {
    let table = &view.table;
    let fr = lang == Lang::Fr;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Battle GUM — {} {} / {}, {} {}",
        lang.pick("partie", "game"),
        table.round,
        table.options.games,
        lang.pick("donneur", "dealer"),
        table.dealer
    );
    let pile_text = if table.pile.is_empty() {
        lang.pick("vide", "empty").to_string()
    } else {
        let top: Vec<String> = table.pile.iter().rev().take(6).map(|&c| name(c)).collect();
        let more = table.pile.len().saturating_sub(6);
        format!(
            "{}{} ({} {})",
            top.join(" "),
            if more > 0 { " …" } else { "" },
            table.pile.len(),
            lang.pick("cartes, sommet en premier", "cards, top first")
        )
    };
    let _ = writeln!(out, "{} : {pile_text}", lang.pick("Tas", "Pile"));
    let _ = writeln!(out, "{} : {}", lang.pick("À poser", "To play"), requirement(view.requirement, lang));
    let _ = writeln!(
        out,
        "{} : {}   {} : {}",
        lang.pick("Pioche", "Stock"),
        view.stock,
        lang.pick("Brûlées", "Burnt"),
        table.burnt.total()
    );
    for seat in Seat::all(view.players()) {
        let me = view.seat == Some(seat);
        let down = view.facedown[seat].iter().filter(|&&d| d).count();
        let state = if table.is_out(seat) { lang.pick(" — sorti", " — out") } else { "" };
        let _ = write!(
            out,
            "{}{} {seat}: {} {} | {} {} | {} {}",
            if me { "> " } else { "  " },
            lang.pick("Joueur", "Player"),
            lang.pick("main", "hand"),
            view.hand_sizes[seat],
            lang.pick("visibles", "face-up"),
            list(&table.faceup[seat], lang),
            lang.pick("cachées", "face-down"),
            down,
        );
        let known = &table.known[seat];
        if !me && !known.is_empty() {
            let _ = write!(out, " | {} {}", lang.pick("connues", "known"), list(known, lang));
        }
        let _ = writeln!(out, " | {} {}{state}", lang.pick("score", "score"), table.scores[seat]);
    }
    if let Some(hand) = &view.hand {
        let _ = writeln!(out, "{} : {}", lang.pick("Votre main", "Your hand"), list(hand, lang));
    }
    if table.options.table_play == TablePlay::Shithead {
        let _ = writeln!(
            out,
            "{}",
            lang.pick(
                "Règle « shithead » : main vide → on joue ses cartes visibles, puis cachées à l'aveugle.",
                "Shithead rule: with an empty hand you play your face-up cards, then your face-down ones blind."
            )
        );
    }
    if let Some(card) = table.completion {
        let _ = writeln!(
            out,
            "{}",
            if fr {
                format!("Paire de {} : qui a les deux autres peut les poser (le tas brûle).", name(card))
            } else {
                format!("A pair of {}: whoever holds the other two may lay them (the pile burns).", name(card))
            }
        );
    }
    let status = match table.phase {
        Phase::Swap => {
            let waiting = SeatSet(SeatSet::all(view.players()).0 & !table.ready.0);
            if fr {
                format!("Échanges avant la partie ; pas encore prêts : {}", seats(waiting))
            } else {
                format!("Swapping before play; not ready yet: {}", seats(waiting))
            }
        }
        Phase::Turn { seat } => {
            if fr {
                format!("Au joueur {seat} de jouer.")
            } else {
                format!("Player {seat} to play.")
            }
        }
        Phase::Refill { seat, .. } => {
            if fr {
                format!("Le joueur {seat} complète sa main avec ses cartes de table.")
            } else {
                format!("Player {seat} refills his hand from his table cards.")
            }
        }
        Phase::Give { giver } => {
            if fr {
                format!("Le joueur {giver} a posé un 13 : à qui donne-t-il le tas ?")
            } else {
                format!("Player {giver} laid a 13: who gets the pile?")
            }
        }
        Phase::Target { giver, target } => {
            if fr {
                format!(
                    "Le joueur {giver} donne le tas au joueur {target}, qui peut contrer avec un 13 ou un 1, ou accepter."
                )
            } else {
                format!(
                    "Player {giver} gives the pile to player {target}, who may counter with a 13 or a 1, or accept."
                )
            }
        }
        Phase::Over => {
            if fr {
                format!("Partie terminée. Gagnant(s) : {}", seats(table.winners))
            } else {
                format!("Match over. Winner(s): {}", seats(table.winners))
            }
        }
    };
    let _ = writeln!(out, "{status}");
    out
}

fn how(kind: PlayKind, lang: Lang) -> &'static str {
    match kind {
        PlayKind::Turn => "",
        PlayKind::Counter => lang.pick(" pour contrer le 13", " to counter the 13"),
        PlayKind::Completion => lang.pick(" pour compléter la paire", " to complete the pair"),
        PlayKind::Interrupt => lang.pick(" hors de son tour", " out of turn"),
        PlayKind::Blind => lang.pick(" à l'aveugle", " blind"),
    }
}

pub fn describe_event(event: &Event, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    match event {
        Event::Dealt { round, dealer, stock, .. } => {
            if fr {
                format!(
                    "Partie {round} : le joueur {dealer} distribue ; {} dans la pioche.",
                    count_of(*stock as u32, "carte", "cartes")
                )
            } else {
                format!(
                    "Game {round}: player {dealer} deals; {} in the stock.",
                    count_of(*stock as u32, "card", "cards")
                )
            }
        }
        Event::Swapped { seat, hand_card, faceup_card } => {
            if fr {
                format!(
                    "Le joueur {seat} met {} face visible et prend {} en main.",
                    name(*hand_card),
                    name(*faceup_card)
                )
            } else {
                format!(
                    "Player {seat} puts {} face up and takes {} into his hand.",
                    name(*hand_card),
                    name(*faceup_card)
                )
            }
        }
        Event::Ready { seat } => {
            if fr {
                format!("Le joueur {seat} est prêt.")
            } else {
                format!("Player {seat} is ready.")
            }
        }
        Event::PlayStarts { first } => {
            if fr {
                format!("La partie commence : le joueur {first} joue.")
            } else {
                format!("Play starts: player {first} leads.")
            }
        }
        Event::Played { seat, card, count, how: kind } => {
            if fr {
                format!("Le joueur {seat} pose {}{}.", cards(*card, *count), how(*kind, lang))
            } else {
                format!("Player {seat} plays {}{}.", cards(*card, *count), how(*kind, lang))
            }
        }
        Event::Burnt { seat, cards } => {
            if fr {
                format!("Le tas ({}) est retiré du jeu par le joueur {seat}.", count_of(*cards, "carte", "cartes"))
            } else {
                format!("Player {seat} burns the pile ({}).", count_of(*cards, "card", "cards"))
            }
        }
        Event::Skipped { seats: skipped } => {
            let list = skipped.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
            if fr { format!("Tour passé : {list}.") } else { format!("Turn skipped: {list}.") }
        }
        Event::HandDealt { seat, cards } => {
            if fr {
                format!("Main reçue par le joueur {seat} : {}.", list(cards, lang))
            } else {
                format!("Player {seat} is dealt {}.", list(cards, lang))
            }
        }
        Event::Drew { seat, count } => {
            if fr {
                format!("Le joueur {seat} pioche {}.", count_of(*count, "carte", "cartes"))
            } else {
                format!("Player {seat} draws {}.", count_of(*count, "card", "cards"))
            }
        }
        Event::DrewCards { seat, cards } => {
            if fr {
                format!("Le joueur {seat} pioche {}.", list(cards, lang))
            } else {
                format!("Player {seat} draws {}.", list(cards, lang))
            }
        }
        Event::Took { seat, card } => {
            if fr {
                format!("Le joueur {seat} prend en main sa carte visible {}.", name(*card))
            } else {
                format!("Player {seat} takes his face-up {} into his hand.", name(*card))
            }
        }
        Event::TookFaceDown { seat, position } => {
            if fr {
                format!("Le joueur {seat} prend en main sa carte cachée n° {position}.")
            } else {
                format!("Player {seat} takes his face-down card #{position} into his hand.")
            }
        }
        Event::TookFaceDownCard { seat, position, card } => {
            if fr {
                format!("Le joueur {seat} prend en main sa carte cachée n° {position} : {}.", name(*card))
            } else {
                format!("Player {seat} takes his face-down card #{position} into his hand: {}.", name(*card))
            }
        }
        Event::BlindFailed { seat, position, card } => {
            if fr {
                format!("Le joueur {seat} retourne sa carte cachée n° {position} : {}, injouable.", name(*card))
            } else {
                format!("Player {seat} turns over face-down card #{position}: {}, not playable.", name(*card))
            }
        }
        Event::PickedUp { seat, cards } => {
            if fr {
                format!("Le joueur {seat} ramasse le tas ({}).", count_of(*cards, "carte", "cartes"))
            } else {
                format!("Player {seat} picks up the pile ({}).", count_of(*cards, "card", "cards"))
            }
        }
        Event::Gave { giver, target } => {
            if fr {
                format!("Le joueur {giver} donne le tas au joueur {target}.")
            } else {
                format!("Player {giver} gives the pile to player {target}.")
            }
        }
        Event::Kept { seat } => {
            if fr {
                format!("Le joueur {seat} garde son 13 sans donner le tas.")
            } else {
                format!("Player {seat} keeps his 13 without giving the pile.")
            }
        }
        Event::Accepted { seat, cards } => {
            if fr {
                format!("Le joueur {seat} accepte le tas ({}).", count_of(*cards, "carte", "cartes"))
            } else {
                format!("Player {seat} accepts the pile ({}).", count_of(*cards, "card", "cards"))
            }
        }
        Event::Leads { seat } => {
            if fr {
                format!("Le joueur {seat} repart sur un tas vide.")
            } else {
                format!("Player {seat} leads onto the empty pile.")
            }
        }
        Event::Out { seat, place } => {
            if fr {
                format!("Le joueur {seat} n'a plus de carte : {place}{}.", if *place == 1 { "er" } else { "e" })
            } else {
                let suffix = match place {
                    1 => "st",
                    2 => "nd",
                    3 => "rd",
                    _ => "th",
                };
                format!("Player {seat} has no card left: {place}{suffix}.")
            }
        }
        Event::GameOver { round, points, scores } => {
            if fr {
                format!("Fin de la partie {round} : points {:?}, scores {:?}.", points.as_slice(), scores.as_slice())
            } else {
                format!("Game {round} over: points {:?}, scores {:?}.", points.as_slice(), scores.as_slice())
            }
        }
        Event::MatchOver { winners } => {
            if fr {
                format!("Fin du match. Gagnant(s) : {}.", seats(*winners))
            } else {
                format!("Match over. Winner(s): {}.", seats(*winners))
            }
        }
    }
}
