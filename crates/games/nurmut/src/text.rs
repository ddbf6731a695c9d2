//! Texts for people, in French and English.

use crate::action::Action;
use crate::cards::Face;
use crate::rules::{Event, Phase};
use crate::view::View;
use std::fmt::Write;
use tapis_core::{BySeat, Lang, Seat};

const RULES_FR: &str = "\
Nur Mut (« du courage ! ») — 2 à 6 joueurs (7 avec max_players=7), 81 cartes à deux faces.
Chaque face porte un nombre de 1 à 9 ou un joker (J). Chacun reçoit un tas de 10 cartes ; on ne
voit que la face du dessus de la carte du haut de chaque tas, le sien compris. Trois cartes
montrant des nombres forment les trois piles du centre.
À son tour, on peut :
  play 1|2|3  poser sa carte du dessus sur une pile dont le sommet vaut exactement 1 de plus ou
              1 de moins (pas de 9 sur 1 ; un joker va partout) ;
  tuck        si elle ne va nulle part, la glisser sous son tas (compte comme passer) ;
  pass        passer ;
  courage     retourner sa carte du dessus. Si la face révélée convient, on doit la poser
              (play) puis on rejoue un tour entier ; un joker révélé se pose où l'on veut, sans
              tour de plus. Sinon on prend la pile au sommet le plus haut (au hasard en cas
              d'égalité), on la mélange à son tas, et la carte du dessus du joueur suivant
              remplace la pile prise : c'est tout son tour.
Un joker posé au centre est aussitôt recouvert par la carte suivante du même joueur, telle
quelle, jusqu'à ce qu'un nombre apparaisse. Quand tous ont passé à la suite, le premier d'entre
eux doit jouer courage. Qui vide son tas gagne la manche ; les autres marquent un point négatif
par carte restante. La partie compte autant de manches que de joueurs ; le meilleur total gagne.
Reconstitutions (la règle source est muette) : la composition du paquet (paires 1–9, 9 jokers),
le nombre de manches, le tour complet de bonus, la face qui recouvre un joker, la règle du
« tous ont passé ». Options : deck, joker_faces, allow_tuck, courage_joker_bonus, cover_face,
forced_action, next_round_starter, visible_joker_forced, rounds, until_minus, max_players,
tie_break.";

const RULES_EN: &str = "\
Nur Mut (\"have courage!\") — 2 to 6 players (7 with max_players=7), 81 double-sided cards.
Each face is a number 1 to 9 or a joker (J). Everybody gets a pile of 10 cards; only the upper
face of each pile's top card is seen, one's own included. Three cards showing numbers start the
three centre piles.
On your turn you may:
  play 1|2|3  lay your top card on a pile whose top is exactly one more or one less (no 9 on 1;
              a joker fits everywhere);
  tuck        if it fits nowhere, put it under your pile (counts as a pass);
  pass        do nothing;
  courage     turn your top card over. If the revealed face fits, you must place it (play) and
              then take a whole extra turn; a revealed joker goes anywhere, with no extra turn.
              Otherwise you take the pile with the highest top (random among ties), shuffle it
              into your pile, and the next player's top card replaces the taken pile: that is
              his whole turn.
A joker laid in the centre is covered at once by the same player's next card, as it lies, until a
number shows. When everybody has passed in a row, the first of them must play courage. Emptying
your pile wins the round; the others score minus one point per card left. The match lasts as
many rounds as players; the best total wins.
Reconstructions (the source rules are silent): the deck's composition (pairs of 1-9, 9 jokers),
the number of rounds, the whole bonus turn, the face covering a joker, the all-pass rule.
Options: deck, joker_faces, allow_tuck, courage_joker_bonus, cover_face, forced_action,
next_round_starter, visible_joker_forced, rounds, until_minus, max_players, tie_break.";

pub fn rules_text(lang: Lang) -> &'static str {
    lang.pick(RULES_FR, RULES_EN)
}

fn cards(count: u32, lang: Lang) -> String {
    let word = match (lang, count) {
        (Lang::Fr, 0 | 1) => "carte",
        (Lang::Fr, _) => "cartes",
        (Lang::En, 1) => "card",
        (Lang::En, _) => "cards",
    };
    format!("{count} {word}")
}

fn face_or_dash(face: Option<Face>) -> String {
    face.map_or("-".into(), |f| f.to_string())
}

pub fn render_view(view: &View, lang: Lang) -> String {
    let t = |fr, en| lang.pick(fr, en);
    // French puts a space before a colon.
    let colon = t(" :", ":");
    let mut out = String::new();
    let rounds = view.rounds.map_or(String::new(), |r| format!("/{r}"));
    let _ = writeln!(out, "Nur Mut — {} {}{rounds}", t("manche", "round"), view.round);
    let _ = writeln!(out, "{}", t("Centre (sommet à droite) :", "Centre (top on the right):"));
    for (k, pile) in view.center.iter().enumerate() {
        let faces: Vec<String> = pile.iter().map(|c| c.showing.to_string()).collect();
        let shown =
            if faces.len() > 8 { format!("… {}", faces[faces.len() - 8..].join(" ")) } else { faces.join(" ") };
        let _ = writeln!(
            out,
            "  {} {}{colon} [{}]  {} {}  ({})",
            t("pile", "pile"),
            k + 1,
            view.center_top(k),
            t("accepte", "takes"),
            accepted(view.center_top(k), lang),
            cards(pile.len() as u32, lang),
        );
        if pile.len() > 1 {
            let _ = writeln!(out, "      {} {shown}", t("posées :", "laid:"));
        }
    }
    let _ = writeln!(
        out,
        "{}",
        t(
            "Tas des joueurs (face du dessus ; personne, pas même le propriétaire, ne voit le dessous) :",
            "Players' piles (upper face of the top card; nobody, owner included, sees its underside):"
        )
    );
    for (s, pile) in view.piles.iter().enumerate() {
        let seat = Seat(s as u8);
        let marker = if view.current == Some(seat) { "▶" } else { " " };
        let you = if view.viewer == Some(seat) { t(" (vous)", " (you)") } else { "" };
        let tucked: Vec<String> = pile.known_bottom.iter().map(|f| f.to_string()).collect();
        let tucked = if tucked.is_empty() {
            String::new()
        } else {
            format!(", {} {}", t("glissées dessous :", "tucked under:"), tucked.join(" "))
        };
        let _ = writeln!(
            out,
            "{marker} {} {s}{you}{colon} [{}]  {}, {} {}{tucked}",
            t("siège", "seat"),
            face_or_dash(pile.top),
            cards(pile.size, lang),
            t("score", "score"),
            view.scores[seat],
        );
    }
    let _ = writeln!(out, "{} {}", t("Cartes mises de côté :", "Cards set aside:"), view.stock);
    match (view.phase, view.current) {
        (Phase::Over, _) => {
            let winners: Vec<String> = view.winners.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(
                out,
                "{} {}",
                t("Partie terminée. Gagnant(s) :", "Match over. Winner(s):"),
                winners.join(", ")
            );
        }
        (Phase::Place, Some(seat)) => {
            let _ = writeln!(
                out,
                "{} {seat} {} {} ({} {}) : {}",
                t("Courage ! Le siège", "Courage! Seat"),
                t("a révélé", "revealed"),
                face_or_dash(view.current_top()),
                t("avant :", "before:"),
                face_or_dash(view.revealed_from),
                t("il doit la poser (play 1|2|3)", "it must be placed (play 1|2|3)"),
            );
        }
        (_, Some(seat)) => {
            let _ = write!(out, "{} {seat}", t("Au tour du siège", "Seat to play:"));
            if view.forced_courage {
                let _ = write!(
                    out,
                    " — {}",
                    t("tous ont passé : courage obligatoire", "everybody passed: courage is forced")
                );
            } else if view.pass_streak > 0 {
                let _ = write!(
                    out,
                    " — {} {}/{}",
                    t("passes d'affilée", "passes in a row"),
                    view.pass_streak,
                    view.players
                );
            }
            out.push('\n');
        }
        _ => {}
    }
    out
}

fn accepted(top: Face, lang: Lang) -> String {
    let mut faces: Vec<String> = (1..=9).map(Face::number).filter(|f| f.fits(top)).map(|f| f.to_string()).collect();
    faces.push("J".into());
    faces.join(lang.pick(" ou ", " or "))
}

pub fn describe_action(action: Action, lang: Lang) -> String {
    match action {
        Action::Play(k) => {
            format!("{} {}", lang.pick("poser sa carte du dessus sur la pile", "lay the top card on pile"), k + 1)
        }
        Action::Tuck => {
            lang.pick("glisser sa carte du dessus sous son tas", "put the top card under one's pile").into()
        }
        Action::Pass => lang.pick("passer", "pass").into(),
        Action::Courage => {
            lang.pick("courage : retourner sa carte du dessus", "courage: turn the top card over").into()
        }
    }
}

fn scores_text(scores: &BySeat<i64>) -> String {
    scores.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

pub fn describe_event(event: &Event, lang: Lang) -> String {
    let t = |fr, en| lang.pick(fr, en);
    match event {
        Event::RoundStarted { round, starter, center, .. } => {
            let [a, b, c] = center;
            match lang {
                Lang::Fr => format!("Manche {round} : piles {a} {b} {c}, le siège {starter} commence"),
                Lang::En => format!("Round {round}: piles {a} {b} {c}, seat {starter} starts"),
            }
        }
        Event::Played { seat, pile, face } => format!(
            "{} {seat} {} {face} {} {pile}",
            t("Le siège", "Seat"),
            t("pose", "lays"),
            t("sur la pile", "on pile"),
        ),
        Event::Tucked { seat, face } => format!(
            "{} {seat} {} {face} {}",
            t("Le siège", "Seat"),
            t("glisse", "tucks"),
            t("sous son tas", "under the pile"),
        ),
        Event::TopShown { seat, face } => match lang {
            Lang::Fr => format!("Le tas du siège {seat} montre maintenant {face}"),
            Lang::En => format!("Seat {seat}'s pile now shows {face}"),
        },
        Event::Passed { seat, streak } => {
            format!(
                "{} {seat} {} ({streak} {})",
                t("Le siège", "Seat"),
                t("passe", "passes"),
                t("d'affilée", "in a row")
            )
        }
        Event::Flipped { seat, was, revealed, fits } => format!(
            "{} {seat} {} {was} {} {revealed}{}",
            t("Courage ! Le siège", "Courage! Seat"),
            t("retourne son", "turns over the"),
            t("et découvre", "and finds"),
            if *fits {
                t(", qui convient", ", which fits")
            } else {
                t(", qui ne va nulle part", ", which fits nowhere")
            },
        ),
        Event::Covered { seat, pile, face, was: None } => format!(
            "{} {seat} {} {pile} {} {face}",
            t("Le siège", "Seat"),
            t("recouvre le joker de la pile", "covers the joker on pile"),
            t("avec", "with"),
        ),
        Event::Covered { seat, pile, face, was: Some(was) } => match lang {
            Lang::Fr => {
                format!("Le siège {seat} recouvre le joker de la pile {pile} avec {face}, retourné (il montrait {was})")
            }
            Lang::En => {
                format!("Seat {seat} covers the joker on pile {pile} with {face}, turned over (it showed {was})")
            }
        },
        Event::PileTaken { seat, pile, cards: taken, pile_size, tie, .. } => format!(
            "{} {seat} {} {pile}{}, {}{}{} {}",
            t("Le siège", "Seat"),
            t("prend la pile", "takes pile"),
            if *tie { t(" (tirée au sort parmi les plus hautes)", " (drawn by lot among the highest)") } else { "" },
            cards(*taken, lang),
            t(" ; ", "; "),
            t("son tas mélangé en compte", "the shuffled pile now holds"),
            cards(*pile_size, lang),
        ),
        Event::Replaced { seat, pile, face } => format!(
            "{} {seat} {} {pile} {} {face}",
            t("Le siège", "Seat"),
            t("remplace la pile", "replaces pile"),
            t("par", "with"),
        ),
        Event::RoundOver { round, winner, scores, .. } => format!(
            "{} {round} {} {winner}. {} {}",
            t("Manche", "Round"),
            t("gagnée par le siège", "won by seat"),
            t("Totaux :", "Totals:"),
            scores_text(scores),
        ),
        Event::MatchOver { winners, scores } => {
            let winners: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
            format!(
                "{} {}. {} {}",
                t("Partie gagnée par", "Match won by"),
                winners.join(", "),
                t("Totaux :", "Totals:"),
                scores_text(scores)
            )
        }
    }
}
