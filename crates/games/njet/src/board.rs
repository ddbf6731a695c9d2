//! The Njet board: five rows of cells; a stone on a cell rules that option out, and the one cell
//! of each row left free at the end of the Njet phase sets the round's conditions.

use crate::cards::Colour;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// A row of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Row {
    /// The start player (one cell per character, i.e. per seat `0..3`).
    Start,
    /// Cards each player lays aside: 0, 1 or 2.
    Discard,
    /// The trump colour.
    Trump,
    /// The colour whose two 1s are super-trumps, or none.
    Super,
    /// Points per trick and per loot card: 1 to 4.
    Points,
}

impl Row {
    pub const ALL: [Row; 5] = [Row::Start, Row::Discard, Row::Trump, Row::Super, Row::Points];

    /// The row's cells as a range of cell numbers `0..20`.
    pub const fn cells(self) -> std::ops::Range<u8> {
        match self {
            Row::Start => 0..4,
            Row::Discard => 4..7,
            Row::Trump => 7..11,
            Row::Super => 11..16,
            Row::Points => 16..20,
        }
    }

    pub const fn mask(self) -> u32 {
        let range = self.cells();
        ((1u32 << range.end) - 1) & !((1u32 << range.start) - 1)
    }

    pub const fn word(self) -> &'static str {
        match self {
            Row::Start => "start",
            Row::Discard => "discard",
            Row::Trump => "trump",
            Row::Super => "super",
            Row::Points => "points",
        }
    }

    pub fn from_word(word: &str) -> Option<Row> {
        Row::ALL.into_iter().find(|row| row.word().eq_ignore_ascii_case(word))
    }

    pub const fn of_cell(cell: Cell) -> Row {
        match cell.0 {
            0..4 => Row::Start,
            4..7 => Row::Discard,
            7..11 => Row::Trump,
            11..16 => Row::Super,
            _ => Row::Points,
        }
    }
}

/// A cell of the board, `0..20`, rows one after the other.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Cell(pub u8);

impl Cell {
    pub const COUNT: usize = 20;
    /// The super-trump cell "none" (Njet: no super-trump).
    pub const NO_SUPER: Cell = Cell(15);

    pub const fn row(self) -> Row {
        Row::of_cell(self)
    }

    /// The cell's place in its row.
    pub const fn offset(self) -> u8 {
        self.0 - self.row().cells().start
    }

    /// The cell as the action notation writes it after the row: `0`, `R`, `none`, `3`.
    pub fn word(self) -> String {
        let offset = self.offset();
        match self.row() {
            Row::Start | Row::Discard => offset.to_string(),
            Row::Points => (offset + 1).to_string(),
            Row::Trump => Colour::from_index(offset as usize).letter().to_string(),
            Row::Super if offset == 4 => "none".to_string(),
            Row::Super => Colour::from_index(offset as usize).letter().to_string(),
        }
    }

    pub fn parse(row: Row, word: &str) -> Option<Cell> {
        let offset = match row {
            Row::Start => word.parse::<u8>().ok().filter(|&s| s < 4)?,
            Row::Discard => word.parse::<u8>().ok().filter(|&d| d < 3)?,
            Row::Points => word.parse::<u8>().ok().filter(|&p| (1..=4).contains(&p))? - 1,
            Row::Trump | Row::Super => {
                if row == Row::Super && word.eq_ignore_ascii_case("none") {
                    4
                } else {
                    let mut chars = word.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => Colour::from_letter(c)?.index() as u8,
                        _ => return None,
                    }
                }
            }
        };
        Some(Cell(row.cells().start + offset))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row().word(), self.word())
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let bad = || serde::de::Error::custom(format!("'{text}' is not a cell of the board"));
        let (row, cell) = text.split_once(' ').ok_or_else(bad)?;
        Cell::parse(Row::from_word(row).ok_or_else(bad)?, cell).ok_or_else(bad)
    }
}

/// Who covers a cell.
pub const FREE: u8 = u8::MAX;
/// The stone laid before play with three players on the unused character (`start 3`).
pub const FIXED: u8 = u8::MAX - 1;

/// The board: for every cell, the seat whose stone covers it (public), or `FREE` / `FIXED`.
/// Serialized row by row, cell by cell: the seat that placed the stone, `"fixed"` for the
/// three-player stone on `start 3`, `null` for a free cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// Covered cells as bits, for quick counting.
    covered: u32,
    placed_by: [u8; Cell::COUNT],
}

impl Board {
    /// The empty board of a round: with three players, the unused character's cell is covered.
    pub fn new(players: usize) -> Board {
        let mut board = Board { covered: 0, placed_by: [FREE; Cell::COUNT] };
        if players == 3 {
            board.covered |= 1 << 3;
            board.placed_by[3] = FIXED;
        }
        board
    }

    pub const fn is_free(&self, cell: Cell) -> bool {
        self.covered >> cell.0 & 1 == 0
    }

    pub fn placed_by(&self, cell: Cell) -> u8 {
        self.placed_by[cell.0 as usize]
    }

    /// Free cells of a row.
    pub const fn free_in(&self, row: Row) -> u32 {
        (row.mask() & !self.covered).count_ones()
    }

    /// The cells a stone may go on now: free, in a row that keeps another free cell.
    pub fn open_cells(&self) -> u32 {
        let mut open = 0;
        for row in Row::ALL {
            let free = row.mask() & !self.covered;
            if free.count_ones() >= 2 {
                open |= free;
            }
        }
        open
    }

    pub fn place(&mut self, cell: Cell, seat: u8) {
        self.covered |= 1 << cell.0;
        self.placed_by[cell.0 as usize] = seat;
    }

    /// The first free cell of a row (the only one once the Njet phase is over).
    pub fn free_cell(&self, row: Row) -> Cell {
        let free = row.mask() & !self.covered;
        Cell(if free == 0 { row.cells().start } else { free.trailing_zeros() as u8 })
    }

    /// Stones on the board, the fixed one included.
    pub const fn stones(&self) -> u32 {
        self.covered.count_ones()
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct RowCells<'a>(&'a Board, Row);
        impl Serialize for RowCells<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.1.cells().len()))?;
                for cell in self.1.cells().map(Cell) {
                    let stone = match self.0.placed_by(cell) {
                        FREE => Value::Null,
                        FIXED => Value::from("fixed"),
                        seat => Value::from(seat),
                    };
                    map.serialize_entry(&cell.word(), &stone)?;
                }
                map.end()
            }
        }
        let mut map = s.serialize_map(Some(Row::ALL.len()))?;
        for row in Row::ALL {
            map.serialize_entry(row.word(), &RowCells(self, row))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = Map::<String, Value>::deserialize(d)?;
        let mut board = Board { covered: 0, placed_by: [FREE; Cell::COUNT] };
        for (row_word, cells) in &rows {
            let row = Row::from_word(row_word)
                .ok_or_else(|| serde::de::Error::custom(format!("'{row_word}' is not a row of the board")))?;
            let cells = cells.as_object().ok_or_else(|| serde::de::Error::custom("a board row is an object"))?;
            for (cell_word, stone) in cells {
                let cell = Cell::parse(row, cell_word)
                    .ok_or_else(|| serde::de::Error::custom(format!("'{cell_word}' is not a cell of {row_word}")))?;
                let placer = match stone {
                    Value::Null => continue,
                    Value::String(text) if text == "fixed" => FIXED,
                    Value::Number(n) => {
                        n.as_u64().filter(|&s| s < 4).ok_or_else(|| serde::de::Error::custom("bad seat"))? as u8
                    }
                    _ => return Err(serde::de::Error::custom(format!("bad stone on {row_word} {cell_word}"))),
                };
                board.place(cell, placer);
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_their_words() {
        for cell in (0..Cell::COUNT as u8).map(Cell) {
            assert_eq!(Cell::parse(cell.row(), &cell.word()), Some(cell), "{cell}");
        }
        assert_eq!(Cell::parse(Row::Super, "NONE"), Some(Cell::NO_SUPER));
        assert_eq!(Cell::parse(Row::Points, "0"), None);
        assert_eq!(Cell::parse(Row::Discard, "3"), None);
        assert_eq!(Cell::parse(Row::Trump, "none"), None);
        assert_eq!(Row::ALL.iter().map(|r| r.mask().count_ones()).sum::<u32>(), 20);
    }
}
