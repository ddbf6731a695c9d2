//! The laws of the card and seat sets, against a `BTreeSet` model, on sets and operation lists
//! proptest draws and shrinks: insert, remove and contains agree with the model, `len` counts,
//! iteration is in ascending order and sees each member once, and union, intersection and
//! difference (as methods and as `|`, `&`, `-`) are the model's. The same for the 128-card set,
//! and for the two-deck multiset against a count per kind.

use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use tapis_core::{CardSet, CardSet128, OnceOrTwice, Seat, SeatSet};

/// The two card sets, by index, as [`follow_model`] drives them.
trait IndexSet: Copy {
    const EMPTY: Self;
    fn insert(&mut self, index: usize);
    fn remove(&mut self, index: usize);
    fn contains(self, index: usize) -> bool;
    fn len(self) -> usize;
    fn is_empty(self) -> bool;
    fn members(self) -> Vec<usize>;
}

macro_rules! index_set {
    ($set:ty) => {
        impl IndexSet for $set {
            const EMPTY: Self = <$set>::EMPTY;
            fn insert(&mut self, index: usize) {
                <$set>::insert(self, index)
            }
            fn remove(&mut self, index: usize) {
                <$set>::remove(self, index)
            }
            fn contains(self, index: usize) -> bool {
                <$set>::contains(self, index)
            }
            fn len(self) -> usize {
                <$set>::len(self)
            }
            fn is_empty(self) -> bool {
                <$set>::is_empty(self)
            }
            fn members(self) -> Vec<usize> {
                self.iter().collect()
            }
        }
    };
}

index_set!(CardSet);
index_set!(CardSet128);

/// Applies `changes` to a set of `universe` indices and to its model, checking after each that
/// membership, `len`, emptiness and ascending iteration agree, then `more`; gives both back.
fn follow_model<S: IndexSet>(
    changes: &[Change],
    universe: usize,
    mut more: impl FnMut(S, &BTreeSet<usize>) -> Result<(), TestCaseError>,
) -> Result<(S, BTreeSet<usize>), TestCaseError> {
    let mut set = S::EMPTY;
    let mut model = BTreeSet::new();
    for change in changes {
        match *change {
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
        for i in 0..universe {
            prop_assert_eq!(set.contains(i), model.contains(&i), "member {}", i);
        }
        prop_assert_eq!(set.members(), model.iter().copied().collect::<Vec<_>>());
        more(set, &model)?;
    }
    Ok((set, model))
}

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
        follow_model::<CardSet>(&changes, 64, |set, model| {
            prop_assert_eq!(set.iter().size_hint(), (model.len(), Some(model.len())));
            for (n, &i) in model.iter().enumerate() {
                prop_assert_eq!(set.nth(n), Some(i));
            }
            prop_assert_eq!(set.nth(model.len()), None);
            Ok(())
        })?;
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

    #[test]
    fn card_set_128_follows_its_model(changes in changes(128), other in proptest::collection::btree_set(0..128usize, 0..=128)) {
        let (set, model) = follow_model::<CardSet128>(&changes, 128, |_, _| Ok(()))?;
        let mut y = CardSet128::EMPTY;
        for &i in &other {
            y.insert(i);
        }
        let of = |m: BTreeSet<usize>| m.into_iter().collect::<Vec<_>>();
        prop_assert_eq!((set | y).iter().collect::<Vec<_>>(), of(model.union(&other).copied().collect()));
        prop_assert_eq!((set & y).iter().collect::<Vec<_>>(), of(model.intersection(&other).copied().collect()));
        prop_assert_eq!((set - y).iter().collect::<Vec<_>>(), of(model.difference(&other).copied().collect()));
    }

    #[test]
    fn once_or_twice_follows_its_model(changes in changes(64)) {
        let mut bag = OnceOrTwice::EMPTY;
        let mut model: BTreeMap<u8, u8> = BTreeMap::new();
        for change in changes {
            match change {
                Change::Insert(i) => {
                    bag.add(i as u8);
                    let n = model.entry(i as u8).or_insert(0);
                    *n = (*n + 1).min(2);
                }
                Change::Remove(i) => {
                    bag.remove(i as u8);
                    if let Some(n) = model.get_mut(&(i as u8)) {
                        *n -= 1;
                    }
                    model.retain(|_, n| *n > 0);
                }
            }
            let len: u32 = model.values().map(|&n| u32::from(n)).sum();
            prop_assert_eq!(bag.len(), len);
            prop_assert_eq!(bag.is_empty(), model.is_empty());
            for id in 0..64u8 {
                let n = model.get(&id).copied().unwrap_or(0);
                prop_assert_eq!(bag.count(id), n, "kind {}", id);
                prop_assert_eq!(bag.contains(id), n > 0, "kind {}", id);
            }
            let copies: Vec<u8> = model.iter().flat_map(|(&id, &n)| std::iter::repeat_n(id, usize::from(n))).collect();
            prop_assert_eq!(bag.copies().collect::<Vec<_>>(), copies);
            // `nth_copy` reaches every copy once: the first copies in id order, then the second ones.
            let mut by_nth: Vec<u8> = (0..len).map(|n| bag.nth_copy(n).unwrap()).collect();
            by_nth.sort_unstable();
            prop_assert_eq!(by_nth, bag.copies().collect::<Vec<_>>());
            prop_assert_eq!(bag.nth_copy(len), None);
        }
    }

    #[test]
    fn once_or_twice_merge_and_minus_are_adds_and_removes(a in changes(64), b in changes(64), keep in proptest::collection::vec(any::<bool>(), 128)) {
        let build = |changes: &[Change]| {
            let mut bag = OnceOrTwice::EMPTY;
            for change in changes {
                match *change {
                    Change::Insert(i) => bag.add(i as u8),
                    Change::Remove(i) => bag.remove(i as u8),
                }
            }
            bag
        };
        let (x, y) = (build(&a), build(&b));
        let mut merged = x;
        merged.merge(y);
        let mut added = x;
        for id in y.copies() {
            added.add(id);
        }
        prop_assert_eq!(merged, added);
        // `minus` takes a part of the bag: some of its copies, drawn by `keep`.
        let mut part = OnceOrTwice::EMPTY;
        for (n, id) in x.copies().enumerate() {
            if keep[n] {
                part.add(id);
            }
        }
        let mut removed = x;
        for id in part.copies() {
            removed.remove(id);
        }
        prop_assert_eq!(x.minus(part), removed);
    }
}
