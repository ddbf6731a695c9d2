//! **Battle GUM** (`gum`): a Palace / Shithead game with its own 54-card deck, for 2 to 5 players
//! (6 with `max_players = 6`: the whole deck is dealt, no stock).
//!
//! # The rules in brief
//!
//! * **Deck**: values 1–13, four copies each, and two `00` Ninjas. Specials: Ninja, 1, 6, 8, 9, 13.
//! * **Deal**: each player gets 3 face-down cards (nobody looks at them), 3 face-up cards on top,
//!   3 cards in hand; the rest is the stock. **Swap phase**, simultaneous: each player may
//!   `swap <hand card> <face-up card>` as often as he likes, then says `ready`. The player left
//!   of the dealer starts.
//! * **Turn**: `play` one or more cards of one value, at least the value on top of the pile
//!   (anything on an empty pile). A player who can play must; one who cannot must `pickup` the
//!   pile, and then whoever laid its top card leads onto the empty pile.
//! * **Powers**: **6** — the next card must be 1 to 6; **8** — each 8 laid skips one player;
//!   **9** — the pile is burnt, the next player starts a new one; **13** — the player gives the
//!   whole pile (`give <seat>`) to anyone; only the target may counter, with 13s (he gives it on)
//!   or 1s (nobody takes it; the player after him plays on the 1s), or `accept` it, and then the
//!   last 13 player leads; **1** — lowest value, laid on an empty pile, on a 1, under a 6, or as a
//!   counter; **Ninja** — playable on anything in one's turn, transparent: the next player must
//!   beat the card under it.
//! * **Refill**: after laying, a player draws back up to 3 cards from the stock; once it is empty
//!   he refills from his own face-up cards (`take <card>`), then his face-down ones
//!   (`reveal <1|2|3>`, blind, into the hand).
//! * **End**: the first player with no card in hand nor on the table wins (score 1).
//! * **Actions**: `swap`, `ready`, `play <card>...`, `pickup`, `give <seat>`, `accept`, `keep`,
//!   `take <card>`, `reveal <n>`.
//! * **A view** holds the whole table (pile, burnt cards, face-up rows, the cards each hand is
//!   known to hold), the seat's own hand, and only the sizes of other hands, of every face-down
//!   row (the owner's too) and of the stock. The client view's body ([`client::Body`],
//!   `docs/client-view/gum.md`) is drawn from it.
//! * **Events** are public but for what one seat alone learns: its hand at each new deal
//!   (`hand_dealt`), the cards it draws (`drew_cards`; the others are told `drew` with the
//!   count), the face-down card it takes into its hand (`took_face_down_card`; the others are
//!   told `took_face_down` with the position). A face-down card turned over blind
//!   (`table_play = shithead`) is shown to everyone, in its `played` or `blind_failed` event.
//!
//! # Decisions where the rulebook is silent
//!
//! * **First dealer**: NOTATION.md's convention (seat `n-1`, so seat 0 starts) instead of a random
//!   one; the dealer moves left each game (`dealer = rotate`) or the loser deals (`dealer = loser`).
//! * **Matches**: one game by default; `games = N` plays N games, the match score adding up the
//!   games' points. The loser of a first-out game is the player with the most cards left (the
//!   first of them clockwise from the winner).
//! * **The 13 target is waited for** (in `waiting_for`): the chain cannot go on without his
//!   answer, so he must counter or `accept`; he may counter with the 13s or 1s he may play from
//!   (his hand; with `table_play = shithead` and an empty hand, his face-up cards).
//! * **Refill order**: every player refills right after laying, so a 13 player refills before he
//!   gives, a counter-player before the chain goes on, a completer before he leads. A face-down
//!   card taken into the hand is seen by its owner only; a face-up card taken is known to all.
//! * **Variante 1** (`four_in_a_row_burn`): the burn happens as the fourth card lands and replaces
//!   the power of the cards laid (four 13s burn, nobody gives); the completer leads.
//! * **Variante 2** (`complete_pair_burn`): the window opens when a turn passes with the top two
//!   cards (Ninjas ignored) a pair of the value just laid (one play of two, or one on one), never
//!   6s; a 13 pair is given first, so it never opens; any player other than the one who laid the
//!   top card, holding both missing copies where he plays from, may `play v v` — the player whose
//!   turn it is too, and his `play v v` is then the completion. Any action closes the window.
//!   The pile burns; the completer refills and leads.
//! * **`ninja_interrupt`**: during someone's turn (not during a give, counter or refill), any
//!   other player may throw his Ninja(s); play then goes on from his left, as if it were his turn.
//! * **`play_to_last`**: players who are out are skipped (8s skip active players only); a 13
//!   laid as one's last card stays as a plain card (an out player takes no more decisions); the
//!   game ends when one player is left. Points: 1 for the first, 0 for the second, -1 for the
//!   third... so the winner still scores 1 as PROTOCOL.md says, and the scores rank everybody.
//! * **`table_play = shithead`**: a player with an empty hand plays his face-up cards as if they
//!   were his hand (by value), then `reveal`s face-down cards blind onto the pile; a blind card that
//!   may not go there goes into his hand with the pile (everybody saw it), and whoever laid the
//!   top card leads.
//! * **8s that skip round to their own player** (one 8 at a table of two, k 8s skipping every
//!   other player): "you play again" is a real extra turn, on anything (`free_turn` in the view);
//!   the rule "the next player must beat the 8" binds the other players. Read literally (he must
//!   beat his own 8 or take it back), a player whose last hand card is an 8 with low face-up cards
//!   (`table_play = shithead`) could never get rid of it, and a two-player end could never end.
//! * **Picking up one's own card**: a player who picks up a pile whose top card he laid himself
//!   (only possible with `voluntary_pickup`, on such a free turn) does not lead it: the next
//!   player does ("the last player to lay leads" would hand him the turn back for ever).
//! * **`king_optional`**: the 13 player answers `keep` to leave the 13 as a plain card (the next
//!   player must beat 13).
//! * **Who the match waits for never depends on hidden cards**: the player whose turn it is
//!   (he plays or picks up), the refiller, the 13 player choosing his target, the target (he may
//!   always `accept`), the seats not yet ready. Each is fixed by public facts, so nobody learns
//!   anything of a hand from whom the match waits for (the kit checks it at every deep step).
//! * **The two out-of-turn moves are reaction windows**, in `actors` but never in `waiting_for`:
//!   a Ninja thrown out of turn (`ninja_interrupt`) and a Variante 2 completion. Who may use them
//!   depends on hands (every Ninja holder; the holder of the two missing copies), so a seat is
//!   told only of its own window: the table layer shows no seat the others' windows, and the
//!   referee's raw `actors` is not for other seats' eyes (issue 13, point 7). Nothing waits for
//!   these windows (any action closes the completion window), so the flow, the events and the
//!   status the others get are the same whoever holds the cards. The completion window itself
//!   (`completion` in the view) is public: it opens from the pile alone. Offering every seat
//!   that could hold such cards a window with a `pass` instead would make the table wait for
//!   every seat at every turn (anyone may hold a Ninja) and after every pair, for nothing.
//! * **A pick-up says that its player could not play**, unless `voluntary_pickup`: that is the
//!   seed's rule (« doit jouer »), public by nature, not a leak of the flow.
//!
//! # Strength of the heuristic bot
//!
//! Measured with `tapis sim gum --players 4 --games 4000 --seed 1`: the heuristic bot in seat 0
//! against three random bots wins **74.2%** of the matches (95% interval
//! 72.8–75.5%), where a random bot in the same seat wins 24.8%
//! (23.4–26.1%) (`--bots heuristic,random,random,random` against `--bots random`).

mod action;
mod bot;
pub mod cards;
pub mod client;
mod counters;
mod encoding;
mod events;
pub mod options;
mod rules;
mod table;
mod text;
mod view;

pub use action::Action;
pub use cards::{Card, Counts};
pub use client::{Body, FaceDown, RequirementBody, SeatBody};
pub use events::Event;
pub use options::{DealerRule, NinjaMode, Options, TablePlay};
pub use rules::{Chance, Deal, Gum, Illegal};

/// The version of these rules (see [`tapis_core::Game::RULES_VERSION`]): bump it with any change
/// that plays the same seed and actions differently, and regenerate the golden records
/// (`tests/records/`).
pub const RULES_VERSION: u32 = 1;
pub use table::{Phase, PlayKind, PublicTable, Requirement, Then};
pub use view::View;
