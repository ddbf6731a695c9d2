//! The laws of the card and seat sets, against a `BTreeSet` model, on sets and operation lists
//! proptest draws and shrinks: insert, remove and contains agree with the model, `len` counts,
//! iteration is in ascending order and sees each member once, and union, intersection and
//! difference (as methods and as `|`, `&`, `-`) are the model's.

use proptest::prelude::*;
use std::collections::BTreeSet;
use tapis_core::{CardSet, Seat, SeatSet};

/// One change to a set: insert or remove a member.
#[derive(Clone, Debug)]
enum Change {
    Insert(usize),
    Remove(usize),
}

fn changes(members: usize) -> impl Strategy<Value = Vec<Change>> {
    let change = prop_oneof![(0..members).prop_map(Change::Insert), (0..members).prop_map(Change::Remove)];
    proptest::collection::vec(change, 0..80)
}

fn card_set(members: &BTreeSet<usize>) -> CardSet {
    members.iter().copied().collect()
}

fn seat_set(members: &BTreeSet<usize>) -> SeatSet {
    members.iter().map(|&i| Seat(i as u8)).collect()
}

fn card_model() -> impl Strategy<Value = BTreeSet<usize>> {
    proptest::collection::btree_set(0..64usize, 0..=64)
}

fn seat_model() -> impl Strategy<Value = BTreeSet<usize>> {
    proptest::collection::btree_set(0..16usize, 0..=16)
}

proptest! {
    #[test]
    fn card_set_follows_its_model(changes in changes(64)) {
        let mut set = CardSet::EMPTY;
        let mut model = BTreeSet::new();
        for change in changes {
            match change {
                Change::Insert(i) => {
                    set.insert(i);
                    model.insert(i);
                }
                Change::Remove(i) => {
                    set.remove(i);
                    model.remove(&i);
                }
            }
            prop_assert_eq!(set.len(), model.len());
            prop_assert_eq!(set.is_empty(), model.is_empty());
            for i in 0..64 {
                prop_assert_eq!(set.contains(i), model.contains(&i), "member {}", i);
            }
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), model.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(set.iter().size_hint(), (model.len(), Some(model.len())));
            for (n, &i) in model.iter().enumerate() {
                prop_assert_eq!(set.nth(n), Some(i));
            }
            prop_assert_eq!(set.nth(model.len()), None);
        }
    }

    #[test]
    fn card_set_operations_are_the_models(a in card_model(), b in card_model()) {
        let (x, y) = (card_set(&a), card_set(&b));
        prop_assert_eq!(x.union(y), card_set(&a.union(&b).copied().collect()));
        prop_assert_eq!(x.intersection(y), card_set(&a.intersection(&b).copied().collect()));
        prop_assert_eq!(x.difference(y), card_set(&a.difference(&b).copied().collect()));
        prop_assert_eq!((x | y, x & y, x - y), (x.union(y), x.intersection(y), x.difference(y)));
        let (mut or, mut and, mut minus) = (x, x, x);
        or |= y;
        and &= y;
        minus -= y;
        prop_assert_eq!((or, and, minus), (x | y, x & y, x - y));
        prop_assert_eq!(x.union(y).len() + x.intersection(y).len(), a.len() + b.len());
        prop_assert_eq!(x.difference(y).union(x.intersection(y)), x);
        prop_assert!(x.difference(y).intersection(y).is_empty());
        // A set rebuilt from its own iteration is the same set.
        prop_assert_eq!(x.iter().collect::<CardSet>(), x);
    }

    #[test]
    fn seat_set_follows_its_model(changes in changes(16)) {
        let mut set = SeatSet::EMPTY;
        let mut model = BTreeSet::new();
        for change in changes {
            match change {
                Change::Insert(i) => {
                    let with = set.with(Seat(i as u8));
                    set.insert(Seat(i as u8));
                    prop_assert_eq!(with, set);
                    model.insert(i);
                }
                Change::Remove(i) => {
                    set.remove(Seat(i as u8));
                    model.remove(&i);
                }
            }
            prop_assert_eq!(set.len(), model.len());
            prop_assert_eq!(set.is_empty(), model.is_empty());
            for i in 0..16 {
                prop_assert_eq!(set.contains(Seat(i as u8)), model.contains(&i), "seat {}", i);
            }
            let seats: Vec<usize> = set.iter().map(|s| usize::from(s.0)).collect();
            prop_assert_eq!(seats, model.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(set.first().map(|s| usize::from(s.0)), model.first().copied());
            for (n, &i) in model.iter().enumerate() {
                prop_assert_eq!(set.nth(n), Some(Seat(i as u8)));
            }
            prop_assert_eq!(set.nth(model.len()), None);
        }
    }

    #[test]
    fn seat_set_of_a_table_and_its_rebuilding(players in 1..=16usize, members in seat_model()) {
        let all = SeatSet::all(players);
        prop_assert_eq!(all.len(), players);
        prop_assert_eq!(all.iter().map(|s| usize::from(s.0)).collect::<Vec<_>>(), (0..players).collect::<Vec<_>>());
        let set = seat_set(&members);
        prop_assert_eq!(set.iter().collect::<SeatSet>(), set);
        prop_assert_eq!(set.into_iter().count(), members.len());
    }

    #[test]
    fn seat_set_operations_are_the_models(a in seat_model(), b in seat_model()) {
        let (x, y) = (seat_set(&a), seat_set(&b));
        prop_assert_eq!(x | y, seat_set(&a.union(&b).copied().collect()));
        prop_assert_eq!(x & y, seat_set(&a.intersection(&b).copied().collect()));
        prop_assert_eq!(x - y, seat_set(&a.difference(&b).copied().collect()));
        prop_assert_eq!((x | y, x & y, x - y), (x.union(y), x.intersection(y), x.difference(y)));
        let (mut or, mut and, mut minus) = (x, x, x);
        or |= y;
        and &= y;
        minus -= y;
        prop_assert_eq!((or, and, minus), (x | y, x & y, x - y));
    }
}
