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
use tapis_core::{Lang, Mark, RichLine, RichSpan, Seat, Tint};
use tapis_table::{Choice, Controller, GameId};

// ---------------------------------------------------------------------------------------------
// Rich text on screen

/// Whether some legal action plays (or gives, or lays aside) this card of the hand.
pub(super) fn playable(game: GameId, card: &str, legal: &[Choice]) -> bool {
    legal.iter().any(|l| game.action_cards(l.action()).iter().any(|c| c.eq_ignore_ascii_case(card)))
}

const RED: Color = Color::Red;

/// A tint on screen; black is the terminal's own colour, in bold.
fn tint_style(tint: Tint) -> Style {
    match tint {
        Tint::Plain => Style::new(),
        Tint::Red => Style::new().fg(RED),
        Tint::Blue => Style::new().fg(Color::LightBlue),
        Tint::Green => Style::new().fg(Color::Green),
        Tint::Black => Style::new().add_modifier(Modifier::BOLD),
        Tint::Wild => Style::new().fg(Color::Magenta),
    }
}

/// How a piece of a game's line looks, over the line's own style.
fn mark_style(mark: Mark, base: Style) -> Style {
    let strong = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    match mark {
        Mark::Text => base,
        Mark::Label | Mark::Dim => base.fg(Color::DarkGray),
        Mark::Card(tint) => base.patch(tint_style(tint)),
        Mark::Top(tint) => base.patch(tint_style(tint)).add_modifier(Modifier::BOLD | Modifier::REVERSED),
        Mark::Count => base.fg(Color::Yellow),
        Mark::Strong => base.patch(strong),
        Mark::Alert => base.fg(RED),
        Mark::Covered => base.fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT),
        Mark::Settled(tint) => base.patch(tint_style(tint)).add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
    }
}

/// A piece of a game's line on screen: a pile's top stands out as a card lying there, a space
/// either side.
fn span(piece: &RichSpan, base: Style) -> Span<'static> {
    let text = match piece.mark {
        Mark::Top(_) => format!(" {} ", piece.text),
        _ => piece.text.clone(),
    };
    Span::styled(text, mark_style(piece.mark, base))
}

/// A game's line on screen.
fn line(rich: &RichLine, base: Style) -> Line<'static> {
    Line::from(rich.spans.iter().map(|piece| span(piece, base)).collect::<Vec<_>>())
}

/// One of the game's sentences (a choice, what one is told), the words naming a colour in it in
/// that colour.
pub(super) fn sentence(game: GameId, text: &str, base: Style) -> Line<'static> {
    line(&game.sentence(text), base)
}

/// A word of a line of spans, for `textwrap`: its pieces with their styles, and the spaces
/// after it. A card and its count joined by a no-break space are one word.
#[derive(Debug)]
struct Word {
    spans: Vec<Span<'static>>,
    width: usize,
    space: usize,
}

impl textwrap::core::Fragment for Word {
    fn width(&self) -> f64 {
        self.width as f64
    }

    fn whitespace_width(&self) -> f64 {
        self.space as f64
    }

    fn penalty_width(&self) -> f64 {
        0.0
    }
}

/// Cuts a line of spans into lines of at most `max` columns between its words (a card, or a
/// card and its count, is never cut); continuations are indented by two columns.
pub(super) fn wrap_spans(line: Line<'static>, max: usize) -> Vec<Line<'static>> {
    if line.width() <= max {
        return vec![line];
    }
    let mut words = vec![Word { spans: Vec::new(), width: 0, space: 0 }];
    for span in line.spans {
        for (i, piece) in span.content.split(' ').enumerate() {
            if i > 0 {
                match words.as_mut_slice() {
                    // Spaces in a row belong to the word before them.
                    [.., before, last] if last.spans.is_empty() => before.space += 1,
                    [.., last] => {
                        last.space += 1;
                        words.push(Word { spans: Vec::new(), width: 0, space: 0 });
                    }
                    [] => {}
                }
            }
            if !piece.is_empty() {
                let word = words.last_mut().expect("never empty");
                word.width += width(piece);
                word.spans.push(Span::styled(piece.to_string(), span.style));
            }
        }
    }
    if words.last().is_some_and(|w| w.spans.is_empty()) {
        words.pop();
    }
    let widths = [max as f64, max.saturating_sub(2) as f64];
    textwrap::wrap_algorithms::wrap_first_fit(&words, &widths)
        .into_iter()
        .enumerate()
        .map(|(row, words)| {
            let mut spans = if row > 0 { vec![Span::raw("  ")] } else { Vec::new() };
            for (i, word) in words.iter().enumerate() {
                spans.extend(word.spans.iter().cloned());
                if i + 1 < words.len() {
                    spans.push(Span::raw(" ".repeat(word.space)));
                }
            }
            Line::from(spans)
        })
        .collect()
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
    let options = textwrap::Options::new(max).initial_indent(&text[..lead]).subsequent_indent(&indent);
    textwrap::wrap(text.trim_start(), options).into_iter().map(|l| l.into_owned()).collect()
}

pub(super) fn raw(text: impl Into<String>) -> Span<'static> {
    Span::raw(text.into())
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
    let rows = seat_rows(app);
    let seats_w = rows.need(app);
    let table_width = areas(area, 5, 3, seats_w).table.width.saturating_sub(2) as usize;
    let game_lines: Vec<Line> =
        app.text.lines.iter().flat_map(|rich| wrap_spans(line(rich, Style::new()), table_width)).collect();
    let hand = hand_lines(app, area.width.saturating_sub(2));
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
    let mut left = format!(" {} · {} {}", app.game.name(), app.game.round_word(app.lang), app.status.round);
    if let Some(rounds) = app.text.rounds {
        left += &format!("/{rounds}");
    }
    // Who deals is said here, which leaves the players' panel its room for names and levels.
    let words = app.words();
    let dealer = app.dealer;
    left += " · ";
    left += &match (app.lang, words.is_reader(dealer)) {
        (Lang::Fr, true) => "vous donnez".to_string(),
        (Lang::Fr, false) => format!("{} donne", words.name_of(dealer)),
        (Lang::En, true) => "you deal".to_string(),
        (Lang::En, false) => format!("{} deals", words.name_of(dealer)),
    };
    let right = format!("{} {} ", app.lang.pick("graine", "seed"), app.table.setup().request.seed);
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

pub(super) fn seat_rows(app: &App) -> SeatRows {
    let players = app.status.players;
    let words = app.words();
    let names = (0..players)
        .map(|i| {
            let seat = Seat(i as u8);
            let name: String = words.name_of(seat).chars().take(12).collect();
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
    let extras = (0..players)
        .map(|i| app.text.seats.get(i).map(|facts| line(facts, Style::new()).spans).unwrap_or_default())
        .collect();
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
        2 + 1
            + 1
            + self.name_w()
            + 1
            + width(app.lang.pick("Cartes", "Cards")) as u16
            + 1
            + 6
            + extra
            + u16::from(extra > 0)
    }
}

pub(super) fn draw_seats(frame: &mut Frame, app: &App, rows: SeatRows, area: Rect) {
    let status = &app.status;
    let name_w = rows.name_w();
    let extra_w = rows.extra_w() as usize;
    let SeatRows { names, extras } = rows;
    let cards_header = app.lang.pick("Cartes", "Cards");
    let score_header = app.text.score_heading;
    let inner = area.width.saturating_sub(2);
    let spacing = 1;
    let mut fixed = 1 + spacing + name_w + spacing + width(cards_header) as u16 + spacing + 6;
    // The game's heading, or its short form where the long one would be cut.
    let (long, short) = app.text.seat_heading;
    let extra_header = if width(long) <= inner.saturating_sub(fixed + spacing) as usize { long } else { short };
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
        header.push(Cell::from(format!("{:>4}", format!("{}{}", app.lang.pick("M", "R"), round.round))));
    }
    widths.push(Constraint::Length(6));
    header.push(Cell::from(format!("{score_header:>6}")));
    let mut rows = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        let mark = if status.waiting.contains(Seat(i as u8)) {
            Span::styled("▶", Style::new().fg(Color::Yellow))
        } else {
            raw(" ")
        };
        let cards = status.cards.get(i).copied().unwrap_or(0);
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
            format!("{:>6}", tapis_core::number(status.scores.get(i).copied().unwrap_or(0))),
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
    let title = app.lang.pick("Table", "Table").to_string();
    frame.render_widget(Paragraph::new(lines).block(panel(title)), area);
}

/// The hand, cut into lines of `max` columns: the cards one may play bright, the others dim,
/// the cards of the selected action reversed; a card's group said before its first card (Njet's
/// colours). Then what the person has on the table besides (cards laid aside, face-up cards, the
/// pile of Nur Mut, which has no hand).
pub(super) fn hand_lines(app: &App, max: u16) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(hand) = &app.text.hand {
        let mut chosen: Vec<String> = app
            .legal
            .get(app.selected)
            .map(|l| app.game.action_cards(l.action()).into_iter().map(str::to_uppercase).collect())
            .unwrap_or_default();
        let mut row: Vec<Span<'static>> = Vec::new();
        let mut used = 0usize;
        let mut last_group: Option<&str> = None;
        for card in hand {
            let group = card.group.as_ref().filter(|g| last_group != Some(g.text.as_str()));
            if let Some(g) = &card.group {
                last_group = Some(g.text.as_str());
            }
            let label = group.map(|g| span(g, Style::new()));
            let face = span(&card.face, Style::new());
            // Cards one may play stand out while one may act; the others are dimmed, red ones
            // staying red.
            let mut style = if app.legal.is_empty() || playable(app.game, &card.card, &app.legal) {
                face.style.add_modifier(Modifier::BOLD)
            } else if face.style.fg.is_some() {
                face.style.add_modifier(Modifier::DIM)
            } else {
                face.style.fg(Color::DarkGray)
            };
            if let Some(at) = chosen.iter().position(|c| c.eq_ignore_ascii_case(&card.card)) {
                chosen.remove(at);
                style = style.add_modifier(Modifier::REVERSED);
            }
            let text = format!(" {} ", face.content);
            // A group's name stays with its first card, two spaces after the group before.
            let gap = if label.is_some() && !row.is_empty() { 2 } else { 0 };
            let label_w = label.as_ref().map_or(0, Span::width);
            if used + gap + label_w + width(&text) > max as usize && !row.is_empty() {
                lines.push(Line::from(std::mem::take(&mut row)));
                used = 0;
            } else if gap > 0 {
                row.push(raw("  "));
                used += gap;
            }
            used += label_w + width(&text);
            row.extend(label);
            row.push(Span::styled(text, style));
        }
        if hand.is_empty() {
            row.push(Span::styled(app.lang.pick("(vide)", "(empty)"), Style::new().fg(Color::DarkGray)));
        }
        lines.push(Line::from(row));
    }
    lines.extend(app.text.own.iter().map(|rich| line(rich, Style::new())));
    lines
}

pub(super) fn draw_hand(frame: &mut Frame, app: &App, lines: Vec<Line<'static>>, area: Rect) {
    let count = app.text.hand.as_ref().map(Vec::len);
    let title = match (count, app.lang) {
        (Some(n), Lang::Fr) => format!("Votre main ({n})"),
        (Some(n), Lang::En) => format!("Your hand ({n})"),
        (None, _) => app.lang.pick("Votre tas", "Your pile").to_string(),
    };
    frame.render_widget(Paragraph::new(lines).block(panel(title)), area);
}

pub(super) fn draw_actions(frame: &mut Frame, app: &App, area: Rect) {
    let waited = app.status.waiting.contains(app.human);
    if app.legal.is_empty() {
        let text = if app.table.is_over() {
            app.lang
                .pick(
                    "La partie est finie. q pour quitter, s pour la feuille de marque.",
                    "The match is over. q to quit, s for the score sheet.",
                )
                .to_string()
        } else {
            let words = app.words();
            let turn = app.status.waiting.iter();
            match app.lang {
                _ if app.late => app.thinking_text(),
                Lang::Fr => format!("On attend {}…", words.list(turn)),
                Lang::En => format!("Waiting for {}…", words.list(turn)),
            }
        };
        let lines: Vec<Line> = wrap(&text, area.width.saturating_sub(2) as usize).into_iter().map(Line::from).collect();
        let block = panel(app.lang.pick("Vos choix", "Your choices").into());
        frame.render_widget(Paragraph::new(lines).style(Style::new().fg(Color::DarkGray)).block(block), area);
        return;
    }
    let (title, colour) = if waited {
        (app.lang.pick("À vous de jouer", "Your move"), Color::Yellow)
    } else {
        (app.lang.pick("Hors de votre tour : vous pouvez agir", "Out of turn: you may act"), Color::Magenta)
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
            let mut lines = wrap_spans(sentence(app.game, choice.words(app.lang), Style::new()), room);
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
        lines.extend(wrap(&entry.text, inner_w).iter().map(|l| sentence(app.game, l, style)));
    }
    let max = lines.len().saturating_sub(inner_h);
    app.log_max.set(max);
    let back = app.log_back.min(max);
    let first = max - back;
    let shown: Vec<Line> = lines.into_iter().skip(first).take(inner_h).collect();
    let title = if back > 0 {
        format!("{} (↑{back})", app.lang.pick("Journal", "Log"))
    } else {
        app.lang.pick("Journal", "Log").to_string()
    };
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
            let keys = app.lang.pick("? règles · s marque · q quitter", "? rules · s scores · q quit");
            (format!("{} · {keys}", app.thinking_text()), Style::new().fg(Color::Yellow))
        }
        None if app.table.is_over() => {
            let keys = app.lang.pick("q quitter · s feuille de marque · ? règles", "q quit · s score sheet · ? rules");
            (keys.to_string(), Style::new().fg(Color::DarkGray))
        }
        None => {
            let keys = app.lang.pick(
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
        // The rules come a paragraph or an item a line, each item's lines going under its text;
        // a blank line between two sections stays.
        let wrapped = match popup.kind {
            PopupKind::Rules if !text.is_empty() => crate::wrap_paragraphs(text, inner_w),
            _ => wrap(text, inner_w),
        };
        lines.extend(wrapped.iter().map(|l| sentence(app.game, l, *style)));
    }
    let h = (lines.len() as u16 + 2).clamp(5, area.height.saturating_sub(2));
    let body_h = h.saturating_sub(2) as usize;
    let max = lines.len().saturating_sub(body_h);
    app.popup_max.set(max);
    let scroll = popup.scroll.min(max);
    let rect = Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h };
    let hint = match popup.kind {
        PopupKind::MatchEnd => {
            app.lang.pick("q quitter · autre touche : voir la table", "q quit · any other key: see the table")
        }
        PopupKind::RoundEnd => app.lang.pick("une touche pour continuer", "press a key to go on"),
        PopupKind::Rules | PopupKind::Scores => app.lang.pick("Échap pour fermer", "Esc to close"),
    };
    let hint = if max > 0 {
        format!("{} · {hint}", app.lang.pick("↑↓ défiler", "↑↓ scroll"))
    } else {
        hint.to_string()
    };
    let hint = if app.lang == Lang::Fr { hint.replace(" :", "\u{a0}:") } else { hint };
    let block = panel(format!(" {} ", popup.title))
        .title_bottom(Line::from(format!(" {hint} ")).right_aligned())
        .border_style(Style::new().fg(Color::Yellow))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let shown: Vec<Line> = lines.into_iter().skip(scroll).take(body_h).collect();
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}
