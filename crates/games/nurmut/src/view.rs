//! What a seat sees, and re-dealing everything it cannot see.
//!
//! Nobody sees the underside of his own top card, so every seat's view is the spectator's view
//! (plus `viewer`). A view holds the visible faces and what the table saw happen and still applies:
//! the showing face of every card in the centre piles (each was seen when laid), the other face of
//! the cards whose both sides were seen (a card turned by Courage, a flipped cover) until they are
//! shuffled, and the faces of the cards a tuck put under a pile.

use crate::cards::{DECK_SIZE, Deck, Face, Pile, Placed};
use crate::options::Options;
use crate::rules::{CENTRE_PILES, MAX_PLAYERS, NurMut, Phase};
use serde::{Serialize, Serializer};
use tapis_core::{BySeat, CardSet128, GameRng, Seat, SeatSet};

/// One player's pile as the table sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PileView {
    pub size: u32,
    /// The upper face of the top card.
    pub top: Option<Face>,
    /// Faces of the cards tucked under the pile since it was last shuffled, bottom first (the top
    /// card excluded).
    pub known_bottom: Vec<Face>,
}

/// A card in a centre pile: its showing face, and its other face when the table saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CentreCard {
    pub showing: Face,
    pub hidden: Option<Face>,
}

impl Serialize for CentreCard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.hidden {
            Some(hidden) => s.serialize_str(&format!("{}/{hidden}", self.showing)),
            None => s.serialize_str(&self.showing.to_string()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub viewer: Option<Seat>,
    pub players: u8,
    pub options: Options,
    pub round: u32,
    /// Rounds in the match (`None` when it ends on `until_minus`).
    pub rounds: Option<u32>,
    pub first_dealer: Seat,
    pub starter: Seat,
    /// Whose turn it is (`None` once the match is over).
    pub current: Option<Seat>,
    pub phase: Phase,
    /// While a card turned by Courage waits to be placed: the face it showed before.
    pub revealed_from: Option<Face>,
    pub pass_streak: u8,
    /// The all-pass rule binds the current player.
    pub forced_courage: bool,
    pub piles: Vec<PileView>,
    /// The three centre piles, bottom first: the last card is the one to play on.
    pub center: [Vec<CentreCard>; 3],
    pub stock: u32,
    pub scores: BySeat<i64>,
    pub last_round_cards: BySeat<u32>,
    pub round_winner: Option<Seat>,
    pub winners: SeatSet,
}

impl View {
    pub fn center_top(&self, pile: usize) -> Face {
        self.center[pile].last().map_or(Face::JOKER, |c| c.showing)
    }

    /// The face showing on top of the current player's pile.
    pub fn current_top(&self) -> Option<Face> {
        self.current.and_then(|s| self.piles.get(s.index())).and_then(|p| p.top)
    }
}

impl NurMut {
    pub(crate) fn make_view(&self, viewer: Option<Seat>) -> View {
        let deck = &self.deck;
        let piles = (0..self.n())
            .map(|s| {
                let pile = &self.piles[s];
                PileView {
                    size: pile.len() as u32,
                    top: pile.top().map(|c| c.showing(deck)),
                    known_bottom: pile.as_slice()[..self.known_bottom[s] as usize]
                        .iter()
                        .map(|c| c.showing(deck))
                        .collect(),
                }
            })
            .collect();
        let center = std::array::from_fn(|k| {
            self.centre[k]
                .as_slice()
                .iter()
                .map(|c| CentreCard {
                    showing: c.showing(deck),
                    hidden: self.both_faces_seen.contains(c.id()).then(|| c.hidden(deck)),
                })
                .collect()
        });
        let over = self.is_over();
        View {
            viewer,
            players: self.players,
            options: self.options,
            round: self.round,
            rounds: (self.options.until_minus == 0).then(|| self.options.round_count(self.n())),
            first_dealer: self.first_dealer,
            starter: self.starter,
            current: (!over).then_some(self.current),
            phase: self.phase,
            revealed_from: (self.phase == Phase::Place)
                .then(|| self.piles[self.current.index()].top().map(|c| c.hidden(deck)))
                .flatten(),
            pass_streak: self.pass_streak,
            forced_courage: self.forced_courage(),
            piles,
            center,
            stock: self.stock.len() as u32,
            scores: self.scores,
            last_round_cards: self.last_cards,
            round_winner: self.round_winner,
            winners: self.winners,
        }
    }

    /// A full match consistent with `view`: every card the view pins down (a visible face, a
    /// tucked card, a centre card) gets a deck card bearing that face (and its other face when the
    /// view knows it), found as a bipartite matching tried in random order; every other card goes
    /// to the remaining places at random, with a random orientation.
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> NurMut {
        let deck = view.options.deck();
        let n = view.players as usize;
        let mut slots: Vec<Option<(Face, Option<Face>)>> = Vec::with_capacity(DECK_SIZE);
        for (s, pile) in view.piles.iter().enumerate() {
            let size = pile.size as usize;
            for i in 0..size {
                let constraint = if i + 1 == size {
                    let hidden = if view.phase == Phase::Place && view.current == Some(Seat(s as u8)) {
                        view.revealed_from
                    } else {
                        None
                    };
                    pile.top.map(|face| (face, hidden))
                } else {
                    pile.known_bottom.get(i).map(|&face| (face, None))
                };
                slots.push(constraint);
            }
        }
        for pile in &view.center {
            slots.extend(pile.iter().map(|c| Some((c.showing, c.hidden))));
        }
        slots.extend((0..view.stock).map(|_| None));
        let cards = assign_cards(&deck, &slots, rng);

        let mut game = NurMut {
            options: view.options,
            deck,
            players: view.players,
            piles: [Pile::default(); MAX_PLAYERS],
            known_bottom: [0; MAX_PLAYERS],
            centre: [Pile::default(); CENTRE_PILES],
            stock: Pile::default(),
            both_faces_seen: CardSet128::EMPTY,
            phase: view.phase,
            current: view.current.unwrap_or(view.starter),
            pass_streak: view.pass_streak,
            round: view.round,
            first_dealer: view.first_dealer,
            starter: view.starter,
            scores: view.scores,
            last_cards: view.last_round_cards,
            round_winner: view.round_winner,
            winners: view.winners,
            rng: rng.fork(),
        };
        let mut next = cards.iter().zip(&slots);
        let mut fill = |pile: &mut Pile, size: usize, seen: &mut CardSet128| {
            for (&card, slot) in next.by_ref().take(size) {
                if let Some((_, Some(_))) = slot {
                    seen.insert(card.id());
                }
                pile.push(card);
            }
        };
        for s in 0..n.min(view.piles.len()) {
            fill(&mut game.piles[s], view.piles[s].size as usize, &mut game.both_faces_seen);
            game.known_bottom[s] = view.piles[s].known_bottom.len() as u8;
        }
        for k in 0..CENTRE_PILES {
            fill(&mut game.centre[k], view.center[k].len(), &mut game.both_faces_seen);
        }
        fill(&mut game.stock, view.stock as usize, &mut game.both_faces_seen);
        game
    }
}

/// Deals the deck's cards to `slots` (one per card of the deck, in zone order): a slot with a
/// constraint `(showing, hidden)` gets a card bearing those faces, turned to show `showing`.
fn assign_cards(deck: &Deck, slots: &[Option<(Face, Option<Face>)>], rng: &mut GameRng) -> Vec<Placed> {
    const FREE: u8 = u8::MAX;
    let fits = |id: usize, (showing, hidden): (Face, Option<Face>)| -> [bool; 2] {
        let faces = deck.faces[id];
        std::array::from_fn(|up| faces[up] == showing && hidden.is_none_or(|h| faces[1 - up] == h))
    };
    let compatible = |id: usize, slot: usize| slots[slot].is_some_and(|c| fits(id, c).contains(&true));

    let mut constrained: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].is_some()).collect();
    rng.shuffle(&mut constrained);
    let mut owner = [FREE; DECK_SIZE];
    for &slot in &constrained {
        let mut visited = [false; DECK_SIZE];
        augment(slot, &compatible, &mut owner, &mut visited, rng);
    }

    let mut slot_card = vec![FREE; slots.len()];
    for (id, &slot) in owner.iter().enumerate() {
        if slot != FREE {
            slot_card[slot as usize] = id as u8;
        }
    }
    let mut free: Vec<u8> = (0..DECK_SIZE as u8).filter(|&id| owner[id as usize] == FREE).collect();
    rng.shuffle(&mut free);
    let mut free = free.into_iter();
    let mut cards = Vec::with_capacity(slots.len());
    for (slot, constraint) in slots.iter().enumerate() {
        let placed = match (constraint, slot_card[slot]) {
            (Some(c), id) if id != FREE => {
                let ways = fits(id as usize, *c);
                let second_up = if ways[0] && ways[1] { rng.coin() } else { ways[1] };
                Placed::new(id as usize, second_up)
            }
            // A view from `view()` always has a matching; a place left unmatched takes any card.
            _ => Placed::new(free.next().unwrap_or_default() as usize, rng.coin()),
        };
        cards.push(placed);
    }
    cards
}

/// Kuhn's augmenting path from `slot`, trying cards from a random starting point.
fn augment(
    slot: usize,
    compatible: &impl Fn(usize, usize) -> bool,
    owner: &mut [u8; DECK_SIZE],
    visited: &mut [bool; DECK_SIZE],
    rng: &mut GameRng,
) -> bool {
    let start = rng.index(DECK_SIZE);
    for step in 0..DECK_SIZE {
        let id = (start + step) % DECK_SIZE;
        if visited[id] || !compatible(id, slot) {
            continue;
        }
        visited[id] = true;
        if owner[id] == u8::MAX || augment(owner[id] as usize, compatible, owner, visited, rng) {
            owner[id] = slot as u8;
            return true;
        }
    }
    false
}
