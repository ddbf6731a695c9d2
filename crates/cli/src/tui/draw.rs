//! Drawing the full-screen table from the person's client view: the game's facts, the players,
//! the hand, the choices, the log and the popups.

use super::app::{App, LogKind, Popup, PopupKind, signed};
use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::play::bot_level;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Cell, Clear, List, ListItem, ListState, Paragraph, Row, Table as Grid};
use serde_json::Value;
use tapis_core::words::capitalize;
use tapis_core::{FrenchCard, Lang, Rank, Seat, Suit, Words};
use tapis_njet::{Card as NjetCard, Colour};
use tapis_table::{Choice, Controller, GameId};

// ---------------------------------------------------------------------------------------------
// Cards and words

/// The cards of the hand an action uses, in notation: the words after its verb, except in
/// Battle GUM, where `give <seat>`, `reveal <position>` and `take <face-up card>` name no card of
/// the hand and `swap <hand card> <face-up card>` names one, and in Njet's `njet <row> <cell>`.
pub(super) fn action_cards(game: GameId, action: &str) -> Vec<&str> {
    let mut words = action.split_whitespace();
    let verb = words.next().unwrap_or("");
    match (game, verb) {
        (GameId::Gum, "give" | "reveal" | "take") | (GameId::Njet, "njet") => Vec::new(),
        (GameId::Gum, "swap") => words.take(1).collect(),
        _ => words.collect(),
    }
}

/// Whether some legal action plays (or gives, or lays aside) this card of the hand.
pub(super) fn playable(game: GameId, card: &str, legal: &[Choice]) -> bool {
    legal.iter().any(|l| action_cards(game, l.action()).iter().any(|c| c.eq_ignore_ascii_case(card)))
}

/// The games whose cards are the French deck's (`7H`, `TS`, `X`).
pub(super) fn french_cards(game: GameId) -> bool {
    matches!(game, GameId::Nantais | GameId::NainJaune | GameId::CrazyEights)
}

pub(super) const RED: Color = Color::Red;

/// A card as people read it, in its colour: `7H` → « 7♥ » in red, `QS` → « D♠ » in French.
pub(super) fn card_span(game: GameId, words: &Words, card: &str) -> Span<'static> {
    if french_cards(game) {
        return match card.parse::<FrenchCard>() {
            Ok(c) => {
                let red = matches!(c.suit(), Some(Suit::Hearts | Suit::Diamonds));
                let style = match c.suit() {
                    None => Style::new().fg(Color::Magenta),
                    Some(_) if red => Style::new().fg(RED),
                    Some(_) => Style::new(),
                };
                Span::styled(words.card(c), style)
            }
            Err(_) => Span::raw(card.to_string()),
        };
    }
    match game {
        GameId::Njet => match card.parse::<NjetCard>() {
            Ok(c) => Span::styled(njet_card_words(c, words.lang), colour_style(c.colour())),
            Err(_) => Span::raw(card.to_string()),
        },
        GameId::Gum if card == "00" => Span::styled("Ninja", Style::new().fg(Color::Magenta)),
        GameId::NurMut if card.starts_with('J') => Span::styled(card.to_string(), Style::new().fg(Color::Magenta)),
        _ => Span::raw(card.to_string()),
    }
}

/// A Njet card as people say it, without article: « 7 rouge » / "red 7" (as the game's texts
/// write it; its notation letters `R B K G` are only what one types).
pub(super) fn njet_card_words(card: NjetCard, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{} {}", card.value(), colour_name(lang, card.colour())),
        Lang::En => format!("{} {}", colour_name(lang, card.colour()), card.value()),
    }
}

/// Njet's colours on screen; black is the terminal's own colour, in bold.
pub(super) fn colour_style(colour: Colour) -> Style {
    match colour {
        Colour::Red => Style::new().fg(RED),
        Colour::Blue => Style::new().fg(Color::LightBlue),
        Colour::Green => Style::new().fg(Color::Green),
        Colour::Black => Style::new().add_modifier(Modifier::BOLD),
    }
}

pub(super) fn colour_name(lang: Lang, colour: Colour) -> &'static str {
    lang.pick(colour.name_fr(), colour.name_en())
}

/// A colour of Njet's board or conditions, given by its letter (`none` for no super-trumps).
pub(super) fn colour_letter(lang: Lang, letter: &str) -> Span<'static> {
    match letter.chars().next().filter(|_| letter.len() == 1).and_then(Colour::from_letter) {
        Some(colour) => Span::styled(colour_name(lang, colour), colour_style(colour)),
        None => raw(lang.pick("aucun", "none")),
    }
}

/// Njet cards colour by colour, the values after their colour, as the game's texts write a
/// hand: « rouge 1 1 7 ; noir 3 » / "red 1 1 7; black 3".
pub(super) fn njet_cards(lang: Lang, cards: &[NjetCard]) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for colour in Colour::ALL {
        let values: Vec<String> =
            cards.iter().filter(|c| c.colour() == colour).map(|c| c.value().to_string()).collect();
        if values.is_empty() {
            continue;
        }
        if !spans.is_empty() {
            spans.push(raw(lang.pick("\u{a0}; ", "; ")));
        }
        spans.push(Span::styled(format!("{} {}", colour_name(lang, colour), values.join(" ")), colour_style(colour)));
    }
    spans
}

/// A line of text with the cards of hearts and diamonds in red (the games' sentences write
/// cards as « 7♥ »), and in Njet the colours' names in their colours (« le 7 rouge »).
pub(super) fn rich(game: GameId, text: &str, base: Style) -> Line<'static> {
    let mut spans = Vec::new();
    let mut plain = String::new();
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            plain.push(' ');
        }
        let style = if word.contains(['♥', '♦']) {
            Some(base.fg(RED))
        } else if game == GameId::Njet {
            named_colour(word).map(|c| base.patch(colour_style(c)))
        } else {
            None
        };
        if let Some(style) = style {
            if !plain.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut plain), base));
            }
            spans.push(Span::styled(word.to_string(), style));
        } else {
            plain.push_str(word);
        }
    }
    if !plain.is_empty() {
        spans.push(Span::styled(plain, base));
    }
    Line::from(spans)
}

/// The Njet colour a word of a sentence names, in either language, singular or plural, its
/// punctuation aside: « rouges, » is red.
pub(super) fn named_colour(word: &str) -> Option<Colour> {
    let word = word.trim_matches(|c: char| !c.is_alphabetic());
    let word = word.strip_suffix('s').unwrap_or(word);
    Colour::ALL.into_iter().find(|c| word == c.name_fr() || word == c.name_en())
}

/// Joins the lines of a text wrapped for a wide terminal back into paragraphs, so that they can
/// be wrapped again to the popup's width. A line as wide as a wrapped one (80 columns or more)
/// goes on in the next unless it ends a sentence there, or the next is blank, a list item, or
/// indented as the start of an indented item (the next item).
pub(super) fn reflow(text: &str) -> String {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut out: Vec<String> = Vec::new();
    let mut previous = "";
    let mut start = 0;
    for line in text.lines() {
        let next = line.trim_start();
        let item = ["- ", "• ", "* "].iter().any(|b| next.starts_with(b)) || (start > 0 && indent(line) == start);
        let sentence_ended =
            previous.trim_end().ends_with(['.', '!', '?', ':', '»']) && !next.starts_with(char::is_lowercase);
        match out.last_mut() {
            Some(last) if width(previous) >= 80 && !next.is_empty() && !item && !sentence_ended => {
                last.push(' ');
                last.push_str(next);
            }
            _ => {
                out.push(line.to_string());
                start = indent(line);
            }
        }
        previous = line;
    }
    out.join("\n")
}

/// Cuts a line of spans into lines of at most `max` columns after its spaces (a card, or a card
/// and its count joined by a no-break space, is never cut); continuations are indented.
pub(super) fn wrap_spans(line: Line<'static>, max: usize) -> Vec<Line<'static>> {
    if line.width() <= max {
        return vec![line];
    }
    // Words: pieces of spans up to a space, with their styles.
    let mut words: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    for span in line.spans {
        let mut rest = span.content.as_ref();
        while !rest.is_empty() {
            let at = rest.find(' ').map_or(rest.len(), |i| i + 1);
            words.last_mut().expect("never empty").push(Span::styled(rest[..at].to_string(), span.style));
            if rest[..at].ends_with(' ') {
                words.push(Vec::new());
            }
            rest = &rest[at..];
        }
    }
    let mut lines = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for word in words {
        let text: String = word.iter().map(|s| s.content.as_ref()).collect();
        if used + width(text.trim_end()) > max && !current.is_empty() {
            lines.push(Line::from(std::mem::take(&mut current)));
            current.push(raw("  "));
            used = 2;
            if text.trim().is_empty() {
                continue;
            }
        }
        used += width(&text);
        current.extend(word);
    }
    if !current.is_empty() {
        lines.push(Line::from(current));
    }
    lines
}

pub(super) fn width(text: &str) -> usize {
    Span::raw(text).width()
}

/// Cuts a paragraph into lines of at most `max` columns at spaces; a line's continuation keeps
/// its indentation (and a list item's, after `- `).
pub(super) fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(8);
    if width(text) <= max {
        return vec![text.to_string()];
    }
    let lead = text.len() - text.trim_start().len();
    let bullet = if text.trim_start().starts_with("- ") || text.trim_start().starts_with("• ") { 2 } else { 0 };
    let indent = " ".repeat((lead + bullet).min(max / 2));
    let mut lines = Vec::new();
    let mut line = text[..lead].to_string();
    for word in text.trim_start().split(' ') {
        let room = max.saturating_sub(width(&line));
        let sep = usize::from(!line.trim().is_empty());
        if width(word) + sep > room && !line.trim().is_empty() {
            lines.push(std::mem::replace(&mut line, indent.clone()));
        } else if sep == 1 {
            line.push(' ');
        }
        let mut rest = word;
        while width(&line) + width(rest) > max {
            let room = max - width(&line);
            let cut = rest.char_indices().nth(room.max(1)).map_or(rest.len(), |(i, _)| i);
            line.push_str(&rest[..cut]);
            lines.push(std::mem::replace(&mut line, indent.clone()));
            rest = &rest[cut..];
        }
        line.push_str(rest);
    }
    if !line.trim().is_empty() {
        lines.push(line);
    }
    lines
}

/// Pens the game's fields in the reader's language.
pub(super) struct Pen<'a> {
    pub(super) game: GameId,
    pub(super) lang: Lang,
    pub(super) words: Words<'a>,
}

impl Pen<'_> {
    pub(super) fn t(&self, fr: &'static str, en: &'static str) -> &'static str {
        self.lang.pick(fr, en)
    }

    /// A label and its value: « Pioche : » in French typography, "Stock: " in English.
    pub(super) fn field(&self, fr: &str, en: &str, mut value: Vec<Span<'static>>) -> Line<'static> {
        let label = match self.lang {
            Lang::Fr => format!("{fr}\u{a0}: "),
            Lang::En => format!("{en}: "),
        };
        value.insert(0, Span::styled(label, Style::new().fg(Color::DarkGray)));
        Line::from(value)
    }

    pub(super) fn card(&self, card: &Value) -> Span<'static> {
        card_span(self.game, &self.words, card.as_str().unwrap_or("?"))
    }

    /// Cards separated by spaces, at most `max` of them (then « … +3 »).
    pub(super) fn cards(&self, cards: &Value, max: usize) -> Vec<Span<'static>> {
        let list = cards.as_array().map(Vec::as_slice).unwrap_or_default();
        if self.game == GameId::Njet && !list.is_empty() {
            let parsed: Option<Vec<NjetCard>> = list.iter().map(|c| c.as_str().and_then(|c| c.parse().ok())).collect();
            if let Some(parsed) = parsed {
                return njet_cards(self.lang, &parsed);
            }
        }
        let mut spans = Vec::new();
        for (i, card) in list.iter().take(max).enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            spans.push(self.card(card));
        }
        if list.len() > max {
            spans.push(Span::styled(format!(" … +{}", list.len() - max), Style::new().fg(Color::DarkGray)));
        }
        if list.is_empty() {
            spans.push(Span::styled("—", Style::new().fg(Color::DarkGray)));
        }
        spans
    }

    pub(super) fn suit(&self, letter: &Value) -> Span<'static> {
        match letter.as_str().and_then(|s| s.chars().next()).and_then(Suit::from_letter) {
            Some(suit) => {
                let style =
                    if matches!(suit, Suit::Hearts | Suit::Diamonds) { Style::new().fg(RED) } else { Style::new() };
                Span::styled(format!("{} {}", suit.symbol(), self.words.suit(suit)), style)
            }
            None => Span::raw("?"),
        }
    }

    pub(super) fn rank(&self, letter: &Value) -> String {
        match letter.as_str().and_then(|s| s.parse::<Rank>().ok()) {
            Some(rank) => self.words.rank(rank).to_string(),
            None => letter.as_str().unwrap_or("?").to_string(),
        }
    }

    pub(super) fn who(&self, seat: &Value) -> String {
        match seat.as_u64() {
            Some(s) => self.words.who(Seat(s as u8)),
            None => "?".into(),
        }
    }

    pub(super) fn cards_count(&self, n: &Value) -> String {
        self.words.cards(n.as_i64().unwrap_or(0))
    }
}

pub(super) fn raw(text: impl Into<String>) -> Span<'static> {
    Span::raw(text.into())
}

pub(super) fn strong(text: impl Into<String>) -> Span<'static> {
    Span::styled(text.into(), Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD))
}

// ---------------------------------------------------------------------------------------------
// The game's own part of the table

/// The key facts of the game's `table` part, one per line.
pub(super) fn table_lines(pen: &Pen, view: &Value) -> Vec<Line<'static>> {
    let t = &view["table"];
    match pen.game {
        GameId::Nantais => nantais_lines(pen, t),
        GameId::CrazyEights => crazyeights_lines(pen, t),
        GameId::NainJaune => nainjaune_lines(pen, t),
        GameId::NurMut => nurmut_lines(pen, t),
        GameId::Gum => gum_lines(pen, t),
        GameId::Njet => njet_lines(pen, t),
    }
}

pub(super) fn nantais_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let discard = t["discard"].as_array().map_or(0, Vec::len);
    let mut lines = vec![
        p.field("Défausse", "Discard", vec![p.card(&t["top"]), raw(format!("  ({})", p.words.cards(discard as i64)))]),
        p.field("Pioche", "Stock", vec![raw(p.cards_count(&t["stock"]))]),
    ];
    let must = &t["must_match"];
    match must["kind"].as_str() {
        Some("suit") => lines.push(p.field("Couleur demandée", "Suit named", vec![p.suit(&must["suit"])])),
        Some("rank") => lines.push(p.field("Rang demandé", "Rank demanded", vec![strong(p.rank(&must["rank"]))])),
        Some("card") => lines.push(p.field("Carte demandée", "Card demanded", vec![p.card(&must["card"])])),
        Some("any") => lines.push(p.field("À jouer", "To play", vec![raw(p.t("n'importe quelle carte", "any card"))])),
        _ => {}
    }
    if let Some(pending) = t["pending"].as_object() {
        let kind = if pending["kind"] == "sevens" { p.t("des 7", "7s") } else { p.t("des Jokers", "Jokers") };
        let text = format!("{} ({kind})", p.cards_count(&pending["cards"]));
        lines.push(p.field("Pénalité", "Penalty", vec![strong(text)]));
    }
    if t["this_turn"].as_array().is_some_and(|a| !a.is_empty()) {
        lines.push(p.field("Ce tour", "This turn", p.cards(&t["this_turn"], 8)));
    }
    if !t["drawn"].is_null() {
        lines.push(p.field("Vous avez pioché", "You drew", vec![p.card(&t["drawn"])]));
    }
    if let Some(dame) = t["dame"].as_object() {
        let mut text = p.who(&dame["giver"]);
        if !dame["target"].is_null() {
            text += &format!(" → {}", p.who(&dame["target"]));
        }
        let mut value = vec![raw(text)];
        if !dame["offered"].is_null() {
            value.push(raw(format!(", {} ", p.t("offre", "offers"))));
            value.push(p.card(&dame["offered"]));
        }
        lines.push(p.field("Dame", "Queen", value));
    }
    for known in t["known"].as_array().into_iter().flatten() {
        lines.push(p.field(&p.who(&known["seat"]), &p.who(&known["seat"]), vec![p.card(&known["card"])]));
    }
    let direction = if t["direction"] == "clockwise" {
        p.t("horaire ↻", "clockwise ↻")
    } else {
        p.t("antihoraire ↺", "anticlockwise ↺")
    };
    lines.push(p.field("Sens", "Direction", vec![raw(direction)]));
    lines
}

pub(super) fn crazyeights_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut lines = vec![
        p.field(
            "Défausse",
            "Discard",
            vec![p.card(&t["top"]), raw(format!("  ({})", p.words.cards(t["discard"].as_i64().unwrap_or(0) + 1)))],
        ),
        p.field("Couleur", "Suit", vec![p.suit(&t["suit"])]),
        p.field("Pioche", "Stock", vec![raw(p.cards_count(&t["stock"]))]),
    ];
    if t["pending_draw"].as_i64().unwrap_or(0) > 0 {
        lines.push(p.field("À piocher", "To draw", vec![strong(p.cards_count(&t["pending_draw"]))]));
    }
    if t["drawn_this_turn"].as_i64().unwrap_or(0) > 0 {
        let text = format!("{} / {}", t["drawn_this_turn"], t["draw_limit"]);
        lines.push(p.field("Pioché ce tour", "Drawn this turn", vec![raw(text)]));
    }
    if t["phase"] == "name_suit" {
        lines
            .push(Line::from(strong(p.t("Un 8 : choisir la couleur", "An 8: name the suit").replace(" :", "\u{a0}:"))));
    }
    if t["direction"] != "clockwise" {
        lines.push(p.field("Sens", "Direction", vec![raw(p.t("antihoraire ↺", "counterclockwise ↺"))]));
    }
    lines
}

pub(super) fn nainjaune_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut board = Vec::new();
    for (i, cell) in t["board"].as_array().into_iter().flatten().enumerate() {
        if i > 0 {
            board.push(raw("  "));
        }
        board.push(p.card(&cell["card"]));
        board.push(Span::styled(format!("\u{a0}{}", cell["chips"]), Style::new().fg(Color::Yellow)));
    }
    let mut lines = vec![p.field("Tableau", "Board", board)];
    let run = t["run"].as_array().map(Vec::as_slice).unwrap_or_default();
    let shown: Vec<Value> = run.iter().rev().take(7).rev().cloned().collect();
    let mut run_spans = if run.len() > shown.len() { vec![raw("… ")] } else { Vec::new() };
    run_spans.extend(p.cards(&Value::Array(shown), 7));
    lines.push(p.field("Suite", "Run", run_spans));
    if !t["next"].is_null() {
        lines.push(p.field("Suivante", "Next", vec![strong(p.rank(&t["next"]))]));
    }
    if let Some(call) = t["call"].as_object() {
        let text = match p.lang {
            Lang::Fr => {
                format!("«\u{a0}Sans {}\u{a0}!\u{a0}» ({})", p.rank(&call["rank"]), p.who(&call["by"]))
            }
            Lang::En => format!("“No {}!” ({})", p.rank(&call["rank"]), p.who(&call["by"])),
        };
        lines.push(p.field("Appel", "Call", vec![strong(text)]));
    }
    if let Some(claim) = t["claim"].as_object() {
        lines.push(p.field("Prise", "Claim", vec![raw(format!("{} ", p.who(&claim["seat"]))), p.card(&claim["cell"])]));
    }
    lines.push(p.field("Écart", "Aside", vec![raw(p.cards_count(&t["aside"]))]));
    lines
}

pub(super) fn nurmut_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (i, pile) in t["center"].as_array().into_iter().flatten().enumerate() {
        let size = pile["cards"].as_array().map_or(0, Vec::len);
        let label = format!("{} {}", p.t("Tas", "Pile"), i + 1);
        let top = card_span(p.game, &p.words, pile["top"].as_str().unwrap_or("?"));
        let top =
            Span::styled(format!(" {} ", top.content), top.style.add_modifier(Modifier::BOLD | Modifier::REVERSED));
        lines.push(p.field(&label, &label, vec![top, raw(format!("  ({})", p.words.cards(size as i64)))]));
    }
    if let Some(courage) = t["courage"].as_object() {
        let text = format!("{} ", p.who(&courage["seat"]));
        lines.push(p.field("Courage", "Courage", vec![raw(text), p.card(&courage["card"])]));
    }
    if t["forced_courage"] == true {
        lines.push(Line::from(strong(p.t("Courage obligé", "Courage is forced"))));
    }
    let passes = t["passes_in_a_row"].as_i64().unwrap_or(0);
    if passes > 0 {
        lines.push(p.field("Tours sans carte", "Turns without a card", vec![raw(passes.to_string())]));
    }
    lines
}

pub(super) fn gum_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let pile = t["pile"].as_array().map_or(0, Vec::len);
    let mut spans = p.cards(&t["pile"], 6);
    if let Some(top) = spans.first_mut().filter(|_| pile > 0) {
        top.style = top.style.add_modifier(Modifier::BOLD | Modifier::REVERSED);
    }
    if pile > 0 {
        spans.push(raw(format!("  ({pile})")));
    }
    let mut lines = vec![p.field("Tas", "Pile", spans)];
    let req = &t["requirement"];
    let need = match req["kind"].as_str() {
        Some("at_least") => format!("≥ {}", req["value"]),
        Some("at_most") => format!("≤ {}", req["value"]),
        _ => p.t("n'importe quelle carte", "any card").to_string(),
    };
    lines.push(p.field("À poser", "To lay", vec![strong(need)]));
    lines.push(p.field(
        "Pioche",
        "Stock",
        vec![raw(format!("{}  · {} {}", t["stock"], p.t("brûlées", "burnt"), t["burnt"]))],
    ));
    match t["phase"].as_str() {
        Some("swap") => lines.push(Line::from(strong(p.t("Échanges avant le jeu", "Swapping before play")))),
        Some("give") => lines.push(p.field(
            "13",
            "13",
            vec![raw(format!("{} {}", p.who(&t["giver"]), p.t("donne le tas", "gives the pile")))],
        )),
        Some("target") => {
            let text = format!("{} → {}", p.who(&t["giver"]), p.who(&t["target"]));
            lines.push(p.field("Tas donné", "Pile given", vec![strong(text)]));
        }
        Some("refill") => lines.push(Line::from(raw(
            p.t("Pioche vide\u{a0}: on reprend ses cartes", "Stock empty: refill from the table")
        ))),
        _ => {}
    }
    if !t["completion"].is_null() {
        lines.push(p.field("Paire à compléter", "Pair to complete", vec![p.card(&t["completion"])]));
    }
    if t["free_turn"] == true {
        lines.push(Line::from(strong(p.t("Tour libre", "Free turn"))));
    }
    lines
}

pub(super) fn njet_lines(p: &Pen, t: &Value) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if t["phase"] == "njet" {
        for row in t["board"].as_array().into_iter().flatten() {
            let name = row["row"].as_str().unwrap_or("");
            let label = match name {
                "start" => p.t("Départ", "Start"),
                "discard" => p.t("Écart", "Discard"),
                "trump" => p.t("Atout", "Trump"),
                "super" => p.t("Super", "Super"),
                _ => p.t("Points", "Points"),
            };
            let mut spans = vec![Span::styled(format!("{label:<7}"), Style::new().fg(Color::DarkGray))];
            for cell in row["cells"].as_array().into_iter().flatten() {
                let word = cell["cell"].as_str().unwrap_or("");
                // At three players the fourth seat's cell is covered from the start: there is
                // nobody to name there.
                let absent = word.parse::<usize>().is_ok_and(|seat| seat >= p.words.names.len());
                if name == "start" && absent {
                    continue;
                }
                let (text, style) = match name {
                    "start" => {
                        (short(&p.who(&cell["cell"].as_str().and_then(|s| s.parse::<u64>().ok()).into())), Style::new())
                    }
                    "trump" | "super" => {
                        let span = colour_letter(p.lang, word);
                        (span.content.into_owned(), span.style)
                    }
                    _ => (word.to_string(), Style::new()),
                };
                let style = if cell["covered"] == true {
                    Style::new().fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT)
                } else if row["settled"].as_str() == Some(word) {
                    style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                } else {
                    style
                };
                spans.push(raw(" "));
                spans.push(Span::styled(text, style));
            }
            lines.push(Line::from(spans));
        }
        lines.push(p.field("Pierres à poser", "Stones left", vec![raw(t["stones_left"].to_string())]));
        return lines;
    }
    let c = &t["conditions"];
    if c.is_object() {
        let mut spans = vec![colour_letter(p.lang, c["trump"].as_str().unwrap_or(""))];
        // The super-trumps are the two 1s of a colour, said as the game says them: « les 1
        // rouges », "the red 1s".
        match c["super_trump"].as_str().and_then(|s| s.chars().next()).and_then(Colour::from_letter) {
            Some(colour) => {
                let ones = match p.lang {
                    Lang::Fr => format!("les 1 {}s", colour.name_fr()),
                    Lang::En => format!("the {} 1s", colour.name_en()),
                };
                spans.push(raw(p.t(" · super-atouts\u{a0}: ", " · super-trumps: ")));
                spans.push(Span::styled(ones, colour_style(colour)));
            }
            None => spans.push(raw(p.t(" · pas de super-atout", " · no super-trumps"))),
        }
        lines.push(p.field("Atout", "Trumps", spans));
        let start = Seat(c["start"].as_u64().unwrap_or(0) as u8);
        let starts = p.words.says(start, "commence", "commencez", "starts", "start");
        let text = match p.lang {
            Lang::Fr => format!("{} par pli · écart {} · {starts}", c["points"], c["discard"]),
            Lang::En => format!("{} a trick · aside {} · {starts}", c["points"], c["discard"]),
        };
        lines.push(p.field("Points", "Points", vec![raw(text)]));
    }
    for team in t["teams"].as_array().into_iter().flatten() {
        let names: Vec<String> = team["seats"].as_array().into_iter().flatten().map(|s| p.who(s)).collect();
        let text = capitalize(&format!("{} : {} pts", names.join("+"), team["points"]));
        lines.push(Line::from(raw(if p.lang == Lang::Fr {
            text.replace(" :", "\u{a0}:")
        } else {
            text.replace(" :", ":")
        })));
    }
    if let Some(trick) = t["trick"].as_object() {
        let mut spans = Vec::new();
        for (i, play) in trick["cards"].as_array().into_iter().flatten().enumerate() {
            if i > 0 {
                spans.push(raw("  "));
            }
            spans.push(raw(format!("{} ", p.who(&play["seat"]))));
            spans.push(p.card(&play["card"]));
        }
        if spans.is_empty() {
            let leader = Seat(trick["leader"].as_u64().unwrap_or(0) as u8);
            spans.push(raw(p.words.says(leader, "entame", "entamez", "leads", "lead")));
        }
        lines.push(p.field("Pli", "Trick", spans));
    }
    if t["phase"] == "partner" {
        lines.push(Line::from(strong(p.t("Choix du partenaire", "Choosing a partner"))));
    }
    if t["phase"] == "discard" {
        lines.push(Line::from(strong(p.t("Chacun écarte des cartes", "Everyone lays cards aside"))));
    }
    lines
}

/// A name cut to six letters, for the tight places.
pub(super) fn short(name: &str) -> String {
    name.chars().take(6).collect()
}

/// The game's facts about one seat, in a few letters (its face-up row, its pile's top…).
pub(super) fn seat_extra(p: &Pen, seat: &Value) -> Vec<Span<'static>> {
    match p.game {
        GameId::Nantais => match seat["unique"].as_str() {
            Some("announced") => vec![strong("UNIQUE")],
            Some("unannounced") => {
                vec![Span::styled(p.t("1 carte !", "1 card!").replace(" !", "\u{a0}!"), Style::new().fg(RED))]
            }
            _ => Vec::new(),
        },
        GameId::CrazyEights => Vec::new(),
        GameId::NainJaune => {
            let lacks: Vec<String> = seat["lacks"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| {
                    r.as_str()
                        .and_then(|s| s.parse::<Rank>().ok())
                        .map_or("?".into(), |r| p.words.rank_short(r).to_string())
                })
                .collect();
            if lacks.is_empty() { Vec::new() } else { vec![raw(format!("{} {}", p.t("sans", "no"), lacks.join(" ")))] }
        }
        GameId::NurMut => match seat["top"].as_str() {
            Some(top) => {
                vec![Span::styled(format!(" {top} "), Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD))]
            }
            None => vec![raw("—")],
        },
        GameId::Gum => {
            if let Some(place) = seat["place"].as_u64() {
                let text = match (p.lang, place) {
                    (Lang::Fr, 1) => "1er".to_string(),
                    (Lang::Fr, n) => format!("{n}e"),
                    (Lang::En, 1) => "1st".into(),
                    (Lang::En, 2) => "2nd".into(),
                    (Lang::En, 3) => "3rd".into(),
                    (Lang::En, n) => format!("{n}th"),
                };
                return vec![strong(text)];
            }
            let mut spans = p.cards(&seat["faceup"], 3);
            if seat["faceup"].as_array().is_some_and(Vec::is_empty) {
                spans.clear();
            }
            let down = seat["facedown"].as_array().map_or(0, |d| d.iter().filter(|c| c.is_object()).count());
            spans.push(Span::styled(format!(" {}", "▮".repeat(down)), Style::new().fg(Color::DarkGray)));
            if seat["ready"] == false {
                spans.push(raw(format!(" {}", p.t("échange", "swapping"))));
            }
            spans
        }
        GameId::Njet => {
            let mut spans = vec![raw(seat["tricks"].to_string())];
            if seat["loot"].as_i64().unwrap_or(0) > 0 {
                spans.push(Span::styled(format!(" +{}", seat["loot"]), Style::new().fg(Color::Yellow)));
            }
            if seat["to_discard"].as_i64().unwrap_or(0) > 0 {
                spans.push(raw(format!(" {} {}", p.t("écarte", "lays aside"), seat["to_discard"])));
            }
            let voids: Vec<&str> = seat["voids"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            if !voids.is_empty() {
                spans.push(raw(format!(" {}", p.t("sans", "no"))));
                for v in voids {
                    spans.push(raw(" "));
                    spans.push(colour_letter(p.lang, v));
                }
            }
            spans
        }
    }
}

/// The game's column header, or its short form where the long one would be cut (Njet!'s loot
/// needs no word: it is the yellow `+n`).
pub(super) fn seat_extra_header(game: GameId, lang: Lang, room: usize) -> &'static str {
    let (long, short) = match game {
        GameId::NurMut => (lang.pick("Dessus", "Top"), lang.pick("Dessus", "Top")),
        GameId::Gum => (lang.pick("Sur table", "On table"), lang.pick("Table", "Table")),
        GameId::Njet => (lang.pick("Plis +butin", "Tricks +loot"), lang.pick("Plis", "Tricks")),
        GameId::NainJaune => (lang.pick("Manque", "Lacks"), lang.pick("Manque", "Lacks")),
        _ => ("", ""),
    };
    if width(long) <= room { long } else { short }
}

// ---------------------------------------------------------------------------------------------
// Drawing

/// The panels of the screen.
pub(super) struct Areas {
    pub(super) title: Rect,
    pub(super) seats: Rect,
    pub(super) table: Rect,
    pub(super) hand: Rect,
    pub(super) actions: Rect,
    pub(super) log: Rect,
    pub(super) footer: Rect,
}

/// `seats`: the width the players' panel asks for; it gets it between 54% and 60% of a narrow
/// screen (the table's lines wrap), half of a wide one.
pub(super) fn areas(area: Rect, top: u16, hand: u16, seats: u16) -> Areas {
    let [title, upper, hand_area, lower, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(top),
        Constraint::Length(hand),
        Constraint::Min(4),
        Constraint::Length(1),
    ])
    .areas(area);
    let share = |percent: u16| area.width * percent / 100;
    let seats_w = if area.width >= 110 { share(50) } else { seats.clamp(share(54), share(60)) };
    let [seats, table] = Layout::horizontal([Constraint::Length(seats_w), Constraint::Fill(1)]).areas(upper);
    let [actions, log] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(lower);
    Areas { title, seats, table, hand: hand_area, actions, log, footer }
}

pub(super) fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = match app.lang {
            Lang::Fr => format!("Agrandissez la fenêtre ({MIN_WIDTH}×{MIN_HEIGHT} au moins) — q pour quitter"),
            Lang::En => format!("Please enlarge the window (at least {MIN_WIDTH}×{MIN_HEIGHT}) — q to quit"),
        };
        frame.render_widget(Paragraph::new(wrap(&text, area.width as usize).join("\n")), area);
        return;
    }
    let pen = Pen { game: app.game, lang: app.lang, words: app.words() };
    let rows = seat_rows(app, &pen);
    let seats_w = rows.need(app);
    let table_width = areas(area, 5, 3, seats_w).table.width.saturating_sub(2) as usize;
    let game_lines: Vec<Line> =
        table_lines(&pen, &app.view).into_iter().flat_map(|line| wrap_spans(line, table_width)).collect();
    let hand = hand_lines(app, &pen, area.width.saturating_sub(2));
    let hand_h = (hand.len() as u16 + 2).min(6);
    let players = app.table.current().players() as u16;
    let room = area.height - 2 - hand_h - 7;
    let top = (players + 3).max(game_lines.len() as u16 + 2).clamp(5, room.max(5));
    let a = areas(area, top, hand_h, seats_w);
    draw_title(frame, app, a.title);
    draw_seats(frame, app, rows, a.seats);
    draw_table(frame, app, game_lines, a.table);
    draw_hand(frame, app, hand, a.hand);
    draw_actions(frame, app, a.actions);
    draw_log(frame, app, a.log);
    draw_footer(frame, app, a.footer);
    if let Some(popup) = app.popups.front() {
        draw_popup(frame, app, popup, area);
    }
}

pub(super) fn panel(title: String) -> Block<'static> {
    Block::bordered().title(Span::styled(title, Style::new().add_modifier(Modifier::BOLD)))
}

pub(super) fn draw_title(frame: &mut Frame, app: &App, area: Rect) {
    let view = &app.view;
    let mut left = format!(" {} · {} {}", app.game.name(), app.t("manche", "round"), view["round"]);
    let rounds = &view["table"][if app.game == GameId::Gum { "games" } else { "rounds" }];
    if rounds.is_u64() {
        left += &format!("/{rounds}");
    }
    // Who deals is said here, which leaves the players' panel its room for names and levels.
    if let Some(dealer) = view["dealer"].as_u64() {
        let words = app.words();
        let dealer = Seat(dealer as u8);
        left += " · ";
        left += &match (app.lang, words.is_reader(dealer)) {
            (Lang::Fr, true) => "vous donnez".to_string(),
            (Lang::Fr, false) => format!("{} donne", words.name_of(dealer)),
            (Lang::En, true) => "you deal".to_string(),
            (Lang::En, false) => format!("{} deals", words.name_of(dealer)),
        };
    }
    let right = format!("{} {} ", app.t("graine", "seed"), app.table.setup().request.seed);
    let gap = (area.width as usize).saturating_sub(width(&left) + width(&right));
    let line = format!("{left}{}{right}", " ".repeat(gap));
    let style = Style::new().bg(Color::Blue).fg(Color::White).add_modifier(Modifier::BOLD);
    frame.render_widget(Paragraph::new(line).style(style), area);
}

/// What the players' panel shows of each seat: its name (a bot's with its level) and the
/// game's facts.
pub(super) struct SeatRows {
    pub(super) names: Vec<Vec<Span<'static>>>,
    pub(super) extras: Vec<Vec<Span<'static>>>,
}

pub(super) fn seat_rows(app: &App, pen: &Pen) -> SeatRows {
    let players = app.view["players"].as_u64().unwrap_or(0) as usize;
    let seats = app.view["table"]["seats"].as_array().map(Vec::as_slice).unwrap_or_default();
    let names = (0..players)
        .map(|i| {
            let seat = Seat(i as u8);
            let name: String = pen.words.name_of(seat).chars().take(12).collect();
            let style = if seat == app.human {
                Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            let mut spans = vec![Span::styled(name, style)];
            if let Some(Controller::Bot(kind)) = app.table.setup().controllers.get(i) {
                spans.push(Span::styled(format!(" ({})", bot_level(*kind, app.lang)), Style::new().fg(Color::Gray)));
            }
            spans
        })
        .collect();
    let extras = (0..players).map(|i| seats.get(i).map(|s| seat_extra(pen, s)).unwrap_or_default()).collect();
    SeatRows { names, extras }
}

impl SeatRows {
    pub(super) fn name_w(&self) -> u16 {
        self.names.iter().map(|n| n.iter().map(Span::width).sum::<usize>()).max().unwrap_or(4).max(6) as u16
    }

    pub(super) fn extra_w(&self) -> u16 {
        self.extras.iter().map(|e| e.iter().map(Span::width).sum::<usize>()).max().unwrap_or(0) as u16
    }

    /// The panel's width with every name and the game's facts whole (the column's header may be
    /// cut), without the score sheet's rounds.
    pub(super) fn need(&self, app: &App) -> u16 {
        let extra = self.extra_w();
        2 + 1 + 1 + self.name_w() + 1 + width(app.t("Cartes", "Cards")) as u16 + 1 + 6 + extra + u16::from(extra > 0)
    }
}

pub(super) fn draw_seats(frame: &mut Frame, app: &App, rows: SeatRows, area: Rect) {
    let view = &app.view;
    let turn: Vec<u64> = view["turn"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    let name_w = rows.name_w();
    let extra_w = rows.extra_w() as usize;
    let SeatRows { names, extras } = rows;
    let cards_header = app.t("Cartes", "Cards");
    let score_header = if app.game == GameId::NainJaune { app.t("Jetons", "Chips") } else { "Score" };
    let inner = area.width.saturating_sub(2);
    let spacing = 1;
    let mut fixed = 1 + spacing + name_w + spacing + width(cards_header) as u16 + spacing + 6;
    let extra_header = seat_extra_header(app.game, app.lang, inner.saturating_sub(fixed + spacing) as usize);
    // The game's column takes what is left, cut if need be: names and scores come first.
    let extra_w = if extra_w == 0 {
        0
    } else {
        (extra_w.max(width(extra_header)) as u16).min(inner.saturating_sub(fixed + spacing))
    };
    if extra_w > 0 {
        fixed += extra_w + spacing;
    }
    // The score sheet: as many of the last rounds as fit.
    let rounds = app.table.rounds();
    let round_w = 4u16;
    let fit = (inner.saturating_sub(fixed) / (round_w + spacing)) as usize;
    let shown = &rounds[rounds.len().saturating_sub(fit)..];
    let mut widths =
        vec![Constraint::Length(1), Constraint::Length(name_w), Constraint::Length(width(cards_header) as u16)];
    let mut header = vec![Cell::from(""), Cell::from(""), Cell::from(cards_header)];
    if extra_w > 0 {
        widths.push(Constraint::Length(extra_w));
        header.push(Cell::from(extra_header));
    }
    for round in shown {
        widths.push(Constraint::Length(round_w));
        header.push(Cell::from(format!("{:>4}", format!("{}{}", app.t("M", "R"), round.round))));
    }
    widths.push(Constraint::Length(6));
    header.push(Cell::from(format!("{score_header:>6}")));
    let mut rows = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        let mark =
            if turn.contains(&(i as u64)) { Span::styled("▶", Style::new().fg(Color::Yellow)) } else { raw(" ") };
        let cards = view["cards"][i].as_u64().unwrap_or(0);
        let mut cells = vec![
            Cell::from(mark),
            Cell::from(Line::from(name)),
            Cell::from(format!("{cards:>w$}", w = width(cards_header))),
        ];
        if extra_w > 0 {
            cells.push(Cell::from(Line::from(extras[i].clone())));
        }
        for round in shown {
            let change = round.change.get(i).copied().unwrap_or(0);
            let style = match change {
                c if c > 0 => Style::new().fg(Color::Green),
                c if c < 0 => Style::new().fg(RED),
                _ => Style::new().fg(Color::DarkGray),
            };
            cells.push(Cell::from(Span::styled(format!("{:>4}", signed(change)), style)));
        }
        cells.push(Cell::from(Span::styled(
            format!("{:>6}", view["scores"][i].as_i64().unwrap_or(0)),
            Style::new().add_modifier(Modifier::BOLD),
        )));
        rows.push(Row::new(cells));
    }
    let title = match app.lang {
        Lang::Fr => "Joueurs · ▶ à jouer",
        Lang::En => "Players · ▶ to play",
    };
    let grid = Grid::new(rows, widths)
        .header(Row::new(header).style(Style::new().fg(Color::DarkGray)))
        .column_spacing(spacing)
        .block(panel(title.into()));
    frame.render_widget(grid, area);
}

pub(super) fn draw_table(frame: &mut Frame, app: &App, lines: Vec<Line<'static>>, area: Rect) {
    let title = app.t("Table", "Table").to_string();
    frame.render_widget(Paragraph::new(lines).block(panel(title)), area);
}

/// The hand, cut into lines of `max` columns: the cards one may play bright, the others dim,
/// the cards of the selected action reversed. Njet adds the cards laid aside; Battle GUM the
/// person's face-up and face-down cards; Nur Mut, which has no hand, the person's pile.
pub(super) fn hand_lines(app: &App, pen: &Pen, max: u16) -> Vec<Line<'static>> {
    let t = &app.view["table"];
    let mut lines = Vec::new();
    if let Some(hand) = t["hand"].as_array() {
        let mut chosen: Vec<String> = app
            .legal
            .get(app.selected)
            .map(|l| action_cards(app.game, l.action()).into_iter().map(str::to_uppercase).collect())
            .unwrap_or_default();
        let mut line: Vec<Span<'static>> = Vec::new();
        let mut used = 0usize;
        // Njet's hand reads colour by colour, each colour's name before its values, as the
        // game's texts write a hand: « rouge 1 1 7  noir 3 ».
        let mut last_colour = None;
        for card in hand.iter().filter_map(Value::as_str) {
            let njet = if app.game == GameId::Njet { card.parse::<NjetCard>().ok() } else { None };
            let label = njet
                .filter(|c| last_colour != Some(c.colour()))
                .map(|c| Span::styled(colour_name(app.lang, c.colour()), colour_style(c.colour())));
            last_colour = njet.map(|c| c.colour()).or(last_colour);
            let span = match njet {
                Some(c) => Span::styled(c.value().to_string(), colour_style(c.colour())),
                None => card_span(app.game, &pen.words, card),
            };
            // Cards one may play stand out while one may act; the others are dimmed, red ones
            // staying red.
            let mut style = if app.legal.is_empty() || playable(app.game, card, &app.legal) {
                span.style.add_modifier(Modifier::BOLD)
            } else if span.style.fg.is_some() {
                span.style.add_modifier(Modifier::DIM)
            } else {
                span.style.fg(Color::DarkGray)
            };
            if let Some(at) = chosen.iter().position(|c| c.eq_ignore_ascii_case(card)) {
                chosen.remove(at);
                style = style.add_modifier(Modifier::REVERSED);
            }
            let text = format!(" {} ", span.content);
            // A colour's name stays with its first value, two spaces after the colour before.
            let gap = if label.is_some() && !line.is_empty() { 2 } else { 0 };
            let label_w = label.as_ref().map_or(0, Span::width);
            if used + gap + label_w + width(&text) > max as usize && !line.is_empty() {
                lines.push(Line::from(std::mem::take(&mut line)));
                used = 0;
            } else if gap > 0 {
                line.push(raw("  "));
                used += gap;
            }
            used += label_w + width(&text);
            line.extend(label);
            line.push(Span::styled(text, style));
        }
        if hand.is_empty() {
            line.push(Span::styled(app.t("(vide)", "(empty)"), Style::new().fg(Color::DarkGray)));
        }
        lines.push(Line::from(line));
    }
    let mine = &t["seats"][app.human.index()];
    match app.game {
        GameId::Njet if t["discards"].as_array().is_some_and(|d| !d.is_empty()) => {
            lines.push(pen.field("Écartées", "Laid aside", pen.cards(&t["discards"], 4)));
        }
        GameId::Gum => {
            let down = mine["facedown"].as_array().map_or(0, |d| d.iter().filter(|c| c.is_object()).count());
            let mut spans = pen.cards(&mine["faceup"], 3);
            spans.push(raw(format!("  · {} {}", pen.t("cachées", "face down"), "▮".repeat(down))));
            lines.push(pen.field("Visibles", "Face up", spans));
        }
        GameId::NurMut => {
            let top = mine["top"].as_str().unwrap_or("—");
            let mut spans = vec![
                Span::styled(format!(" {top} "), Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)),
                raw(format!("  {}", pen.words.cards(app.view["cards"][app.human.index()].as_i64().unwrap_or(0)))),
            ];
            if mine["tucked"].as_array().is_some_and(|t| !t.is_empty()) {
                spans.push(raw(format!(" · {} ", pen.t("glissées dessous", "tucked under"))));
                spans.extend(pen.cards(&mine["tucked"], 4));
            }
            lines.push(pen.field("Dessus de votre tas", "Top of your pile", spans));
        }
        _ => {}
    }
    lines
}

pub(super) fn draw_hand(frame: &mut Frame, app: &App, lines: Vec<Line<'static>>, area: Rect) {
    let count = app.view["table"]["hand"].as_array().map(Vec::len);
    let title = match (count, app.lang) {
        (Some(n), Lang::Fr) => format!("Votre main ({n})"),
        (Some(n), Lang::En) => format!("Your hand ({n})"),
        (None, _) => app.t("Votre tas", "Your pile").to_string(),
    };
    frame.render_widget(Paragraph::new(lines).block(panel(title)), area);
}

pub(super) fn draw_actions(frame: &mut Frame, app: &App, area: Rect) {
    let waited = app.view["turn"].as_array().is_some_and(|t| t.iter().any(|s| s.as_u64() == Some(app.human.0 as u64)));
    if app.legal.is_empty() {
        let text = if app.table.is_over() {
            app.t(
                "La partie est finie. q pour quitter, s pour la feuille de marque.",
                "The match is over. q to quit, s for the score sheet.",
            )
            .to_string()
        } else {
            let words = app.words();
            let turn =
                app.view["turn"].as_array().into_iter().flatten().filter_map(Value::as_u64).map(|s| Seat(s as u8));
            match app.lang {
                _ if app.late => app.thinking_text(),
                Lang::Fr => format!("On attend {}…", words.list(turn)),
                Lang::En => format!("Waiting for {}…", words.list(turn)),
            }
        };
        let lines: Vec<Line> = wrap(&text, area.width.saturating_sub(2) as usize).into_iter().map(Line::from).collect();
        let block = panel(app.t("Vos choix", "Your choices").into());
        frame.render_widget(Paragraph::new(lines).style(Style::new().fg(Color::DarkGray)).block(block), area);
        return;
    }
    let (title, colour) = if waited {
        (app.t("À vous de jouer", "Your move"), Color::Yellow)
    } else {
        (app.t("Hors de votre tour : vous pouvez agir", "Out of turn: you may act"), Color::Magenta)
    };
    let title = if app.lang == Lang::Fr { title.replace(" :", "\u{a0}:") } else { title.to_string() };
    let digits = app.legal.len().to_string().len();
    // A long choice goes on over more lines, under its first word, rather than being cut at a
    // narrow terminal's edge: the borders, the highlight symbol and the number take the rest.
    let room = (area.width as usize).saturating_sub(2 + 1 + digits + 1).max(8);
    let items: Vec<ListItem> = app
        .legal
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            let mut lines = wrap_spans(rich(app.game, choice.words(app.lang), Style::new()), room);
            for (j, line) in lines.iter_mut().enumerate() {
                let lead = if j == 0 {
                    Span::styled(format!("{:>digits$} ", i + 1), Style::new().fg(Color::DarkGray))
                } else {
                    // wrap_spans indents what follows by two spaces; here it lines up instead.
                    line.spans.remove(0);
                    raw(" ".repeat(digits + 1))
                };
                line.spans.insert(0, lead);
            }
            ListItem::new(Text::from(lines))
        })
        .collect();
    let block = panel(title).border_style(Style::new().fg(colour));
    let list = List::new(items)
        .block(block)
        .highlight_style(Style::new().bg(Color::DarkGray).add_modifier(Modifier::BOLD))
        .highlight_symbol("›");
    let mut state = ListState::default().with_selected(Some(app.selected));
    frame.render_stateful_widget(list, area, &mut state);
}

pub(super) fn draw_log(frame: &mut Frame, app: &App, area: Rect) {
    let inner_w = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = Vec::new();
    for entry in &app.log {
        let style = match entry.kind {
            LogKind::Mine => Style::new().fg(Color::Cyan),
            LogKind::Told => Style::new(),
            LogKind::Mark => Style::new().fg(Color::DarkGray),
        };
        lines.extend(wrap(&entry.text, inner_w).iter().map(|l| rich(app.game, l, style)));
    }
    let max = lines.len().saturating_sub(inner_h);
    app.log_max.set(max);
    let back = app.log_back.min(max);
    let first = max - back;
    let shown: Vec<Line> = lines.into_iter().skip(first).take(inner_h).collect();
    let title =
        if back > 0 { format!("{} (↑{back})", app.t("Journal", "Log")) } else { app.t("Journal", "Log").to_string() };
    frame.render_widget(Paragraph::new(shown).block(panel(title)), area);
}

pub(super) fn draw_footer(frame: &mut Frame, app: &App, area: Rect) {
    let (text, style) = match &app.note {
        Some((note, true)) => (note.clone(), Style::new().fg(Color::White).bg(RED)),
        Some((note, false)) => (note.clone(), Style::new()),
        None if !app.typed.is_empty() => {
            let text = match app.lang {
                Lang::Fr => format!("Choix {}… (Entrée pour jouer)", app.typed),
                Lang::En => format!("Choice {}… (Enter to play)", app.typed),
            };
            (text, Style::new().fg(Color::Yellow))
        }
        // Keys work while a bot thinks; the footer says who is awaited.
        None if app.late => {
            let keys = app.t("? règles · s marque · q quitter", "? rules · s scores · q quit");
            (format!("{} · {keys}", app.thinking_text()), Style::new().fg(Color::Yellow))
        }
        None if app.table.is_over() => {
            let keys = app.t("q quitter · s feuille de marque · ? règles", "q quit · s score sheet · ? rules");
            (keys.to_string(), Style::new().fg(Color::DarkGray))
        }
        None => {
            let keys = app.t(
                "↑↓ choisir · Entrée jouer · 1-9 numéro · ? règles · s marque · q quitter",
                "↑↓ choose · Enter play · 1-9 number · ? rules · s scores · q quit",
            );
            (keys.to_string(), Style::new().fg(Color::DarkGray))
        }
    };
    frame.render_widget(Paragraph::new(format!(" {text}")).style(style), area);
}

pub(super) fn draw_popup(frame: &mut Frame, app: &App, popup: &Popup, area: Rect) {
    let w = area.width.saturating_sub(6).min(if popup.kind == PopupKind::Rules { 84 } else { 72 });
    let inner_w = w.saturating_sub(4) as usize;
    let mut lines: Vec<Line> = Vec::new();
    for (text, style) in &popup.lines {
        lines.extend(wrap(text, inner_w).iter().map(|l| rich(app.game, l, *style)));
    }
    let h = (lines.len() as u16 + 2).clamp(5, area.height.saturating_sub(2));
    let body_h = h.saturating_sub(2) as usize;
    let max = lines.len().saturating_sub(body_h);
    app.popup_max.set(max);
    let scroll = popup.scroll.min(max);
    let rect = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let hint = match popup.kind {
        PopupKind::MatchEnd => {
            app.t("q quitter · autre touche : voir la table", "q quit · any other key: see the table")
        }
        PopupKind::RoundEnd => app.t("une touche pour continuer", "press a key to go on"),
        PopupKind::Rules | PopupKind::Scores => app.t("Échap pour fermer", "Esc to close"),
    };
    let hint =
        if max > 0 { format!("{} · {hint}", app.t("↑↓ défiler", "↑↓ scroll")) } else { hint.to_string() };
    let hint = if app.lang == Lang::Fr { hint.replace(" :", "\u{a0}:") } else { hint };
    let block = panel(format!(" {} ", popup.title))
        .title_bottom(Line::from(format!(" {hint} ")).right_aligned())
        .border_style(Style::new().fg(Color::Yellow))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let shown: Vec<Line> = lines.into_iter().skip(scroll).take(body_h).collect();
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}
