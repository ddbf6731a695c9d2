//! Limits per client, so that no client takes what belongs to everyone: connections, rooms, and
//! rooms of bots alone. The client is the TCP peer's address (behind a proxy, every client is the
//! proxy: run `tapis serve` where it sees its clients), seen two ways ([`Client`]):
//!
//! - **its address**, cut to what one subscriber holds: an IPv4 address (/32) and an IPv6 /64
//!   (a home network gets a whole /64, and picks its addresses in it at will). Connections are
//!   counted per address.
//! - **its block**, the network around it: an IPv4 /24 and an IPv6 /48. One attacker easily
//!   holds many addresses of one block (a rented server's /64, a handful of neighbouring IPv4
//!   addresses) and seldom many blocks; a family, a school or an office is one block. Rooms
//!   opened, rooms held when the cap is near, and bots' CPU are counted per block, as well as per
//!   address where the issue of each limit is a single address.
//!
//! Both prefixes are settings (`--address-prefix-v4`, ...).

use crate::ApiError;
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Addresses remembered at most; past that, those whose bucket is full again are forgotten.
const REMEMBERED: usize = 10_000;

/// A block may open this many times the rooms one address may, in a burst and per minute.
pub const BLOCK_SHARE: f64 = 4.0;

/// Past `--max-connections` minus this share of it, only addresses holding fewer than
/// [`FEW_CONNECTIONS`] get in: room kept for new clients while one address fills the server.
pub const CONNECTIONS_KEPT: usize = 10;
/// Connections a newcomer's page opens (its WebSocket, a request or two beside it).
pub const FEW_CONNECTIONS: usize = 4;
/// Past `--max-rooms` minus this share of it, only blocks holding no room may open one.
pub const ROOMS_KEPT: usize = 20;

/// How addresses are cut into a client's address and its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefixes {
    pub address_v4: u8,
    pub address_v6: u8,
    pub block_v4: u8,
    pub block_v6: u8,
}

impl Default for Prefixes {
    fn default() -> Self {
        Prefixes { address_v4: 32, address_v6: 64, block_v4: 24, block_v6: 48 }
    }
}

/// A client as the limits count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Client {
    /// Its address, cut to what one subscriber holds.
    pub address: IpAddr,
    /// The block around it.
    pub block: IpAddr,
}

impl Prefixes {
    /// The client at `ip` (an IPv4 address mapped into IPv6, as a dual-stack socket gives it, is
    /// its IPv4 address).
    pub fn client(&self, ip: IpAddr) -> Client {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        Client { address: cut(ip, self.address_v4, self.address_v6), block: cut(ip, self.block_v4, self.block_v6) }
    }
}

/// `ip` with every bit past its prefix cleared.
fn cut(ip: IpAddr, v4: u8, v6: u8) -> IpAddr {
    match ip {
        IpAddr::V4(ip) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(v4.min(32))).unwrap_or(0);
            IpAddr::V4(Ipv4Addr::from(u32::from(ip) & mask))
        }
        IpAddr::V6(ip) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(v6.min(128))).unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(u128::from(ip) & mask))
        }
    }
}

#[derive(Default)]
pub struct Limits {
    creations: Mutex<BTreeMap<IpAddr, Bucket>>,
    bot_rooms: Arc<Mutex<BTreeMap<IpAddr, usize>>>,
    connections: Arc<Mutex<BTreeMap<IpAddr, usize>>>,
    held_rooms: Arc<Mutex<BTreeMap<IpAddr, usize>>>,
}

struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Takes one from the bucket of `key` in `buckets`: `burst` at once, `per_minute` after.
fn take(buckets: &mut BTreeMap<IpAddr, Bucket>, key: IpAddr, burst: f64, per_minute: f64, now: Instant) -> bool {
    let refill = |b: &Bucket| (b.tokens + now.duration_since(b.last).as_secs_f64() * per_minute / 60.0).min(burst);
    let bucket = buckets.entry(key).or_insert(Bucket { tokens: burst, last: now });
    bucket.tokens = refill(bucket);
    bucket.last = now;
    if bucket.tokens >= 1.0 {
        bucket.tokens -= 1.0;
        true
    } else {
        false
    }
}

impl Limits {
    /// Takes one room from the allowance of `client`'s address (`burst` at once, `per_minute`
    /// after; 0: no limit) and from its block's ([`BLOCK_SHARE`] times as much).
    pub fn may_open_room(&self, client: Client, burst: f64, per_minute: f64) -> bool {
        if per_minute <= 0.0 {
            return true;
        }
        #[allow(clippy::disallowed_methods)] // rate limits measure real time, outside the engine
        let now = Instant::now();
        let mut creations = self.creations.lock().unwrap_or_else(|e| e.into_inner());
        if creations.len() >= REMEMBERED {
            // Full buckets are as good as forgotten ones (a block's refills faster than needed).
            creations.retain(|_, b| b.tokens + now.duration_since(b.last).as_secs_f64() * per_minute / 60.0 < burst);
        }
        // The block's allowance is looked at first and taken only if the address has one too.
        let (block_burst, block_rate) = (burst * BLOCK_SHARE, per_minute * BLOCK_SHARE);
        let block_key = block_marker(client.block);
        let block_left = creations
            .get(&block_key)
            .is_none_or(|b| b.tokens + now.duration_since(b.last).as_secs_f64() * block_rate / 60.0 >= 1.0);
        block_left
            && take(&mut creations, client.address, burst, per_minute, now)
            && take(&mut creations, block_key, block_burst, block_rate, now)
    }

    /// A place for one more room of bots alone from `client`'s address, if it has fewer than
    /// `most` playing. The place is given back when the returned slot is dropped (the match is
    /// over, or the room leaves memory).
    pub fn bot_room(&self, client: Client, most: usize) -> Option<Slot> {
        let mut rooms = self.bot_rooms.lock().unwrap_or_else(|e| e.into_inner());
        let count = rooms.entry(client.address).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(Slot { key: client.address, counts: self.bot_rooms.clone() })
    }

    /// A place for one more connection from `client`, counted in `open` (every connection):
    /// refused past `cap`, past `per_address` from its address, and, in the last
    /// [`CONNECTIONS_KEPT`]th of `cap`, for an address that already holds [`FEW_CONNECTIONS`].
    pub fn connection(
        &self,
        client: Client,
        open: &Arc<AtomicUsize>,
        cap: usize,
        per_address: usize,
    ) -> Result<Connection, ApiError> {
        let mut connections = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        let held = connections.get(&client.address).copied().unwrap_or(0);
        let total = open.load(Ordering::Relaxed);
        let kept = cap / CONNECTIONS_KEPT;
        if total >= cap || (total >= cap - kept && held >= FEW_CONNECTIONS) {
            return Err(ApiError::TooManyConnections);
        }
        if held >= per_address {
            return Err(ApiError::TooManyFromAddress);
        }
        open.fetch_add(1, Ordering::Relaxed);
        connections.insert(client.address, held + 1);
        Ok(Connection { _slot: Slot { key: client.address, counts: self.connections.clone() }, open: open.clone() })
    }

    /// A place for one more room in memory, from `client`, counted in `open` (every room in
    /// memory): refused past `cap`, and, in the last [`ROOMS_KEPT`]th of `cap`, for a block
    /// that already holds a room. The place is given back when the room leaves memory.
    pub fn room(&self, client: Option<Client>, open: &Arc<AtomicUsize>, cap: usize) -> Result<RoomPlace, ApiError> {
        let mut held = self.held_rooms.lock().unwrap_or_else(|e| e.into_inner());
        let total = open.load(Ordering::Relaxed);
        let kept = cap / ROOMS_KEPT;
        let holds = client.is_some_and(|c| held.get(&c.block).is_some_and(|n| *n > 0));
        // A room brought back from the store for nobody in particular (a node taking over)
        // counts as a block that holds rooms.
        if total >= cap || (total >= cap - kept && (holds || client.is_none())) {
            return Err(ApiError::TooManyRooms);
        }
        open.fetch_add(1, Ordering::Relaxed);
        let slot = client.map(|c| {
            *held.entry(c.block).or_insert(0) += 1;
            Slot { key: c.block, counts: self.held_rooms.clone() }
        });
        Ok(RoomPlace { _slot: slot, open: open.clone() })
    }

    /// Whether the rooms in memory, `open`, reached the part of `cap` kept for new blocks.
    pub fn rooms_nearly_full(open: usize, cap: usize) -> bool {
        open >= cap - cap / ROOMS_KEPT
    }
}

/// The key under which a block's room allowance is kept beside its addresses' (an IPv4 block is
/// kept as an IPv6 address of the discard prefix, an IPv6 block as itself with its last bit set,
/// which no cut address has): the two never meet in one map.
fn block_marker(block: IpAddr) -> IpAddr {
    match block {
        IpAddr::V4(v4) => IpAddr::V6(Ipv6Addr::from((0x0100u128 << 112) | u128::from(u32::from(v4)))),
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) | 1)),
    }
}

/// One thing counted against a key while it lives: a room of bots alone, a connection, a room in
/// memory.
pub struct Slot {
    key: IpAddr,
    counts: Arc<Mutex<BTreeMap<IpAddr, usize>>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

/// A room of bots alone, counted against its creator's address while it plays.
pub type BotRoomSlot = Slot;

/// A TCP connection, counted against its address and among all while it is open.
pub struct Connection {
    _slot: Slot,
    open: Arc<AtomicUsize>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A room in memory, counted against its block and among all while it is in memory.
pub struct RoomPlace {
    _slot: Option<Slot>,
    open: Arc<AtomicUsize>,
}

impl Drop for RoomPlace {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_is_cut_to_its_subscriber_and_its_block() {
        let prefixes = Prefixes::default();
        let v4 = prefixes.client(ip("203.0.113.77"));
        assert_eq!((v4.address, v4.block), (ip("203.0.113.77"), ip("203.0.113.0")));
        let v6 = prefixes.client(ip("2001:db8:aa:bb:1:2:3:4"));
        assert_eq!((v6.address, v6.block), (ip("2001:db8:aa:bb::"), ip("2001:db8:aa::")));
        assert_eq!(prefixes.client(ip("::ffff:203.0.113.77")), v4, "an IPv4 address mapped into IPv6");
        let whole = Prefixes { address_v4: 0, address_v6: 128, block_v4: 32, block_v6: 0 };
        let c = whole.client(ip("203.0.113.77"));
        assert_eq!((c.address, c.block), (ip("0.0.0.0"), ip("203.0.113.77")));
        assert_eq!(whole.client(ip("2001:db8::1")).block, ip("::"));
        assert_ne!(block_marker(ip("10.0.0.0")), ip("::a00:0"));
    }

    #[test]
    fn a_block_opens_four_times_what_an_address_may() {
        let limits = Limits::default();
        let prefixes = Prefixes::default();
        let one = prefixes.client(ip("198.51.100.1"));
        let opened = (0..100).filter(|_| limits.may_open_room(one, 10.0, 1.0)).count();
        assert_eq!(opened, 10, "an address's burst");
        let neighbours = (2..20).map(|i| prefixes.client(ip(&format!("198.51.100.{i}"))));
        let opened: usize = neighbours.map(|c| (0..100).filter(|_| limits.may_open_room(c, 10.0, 1.0)).count()).sum();
        assert_eq!(opened, 30, "the block's burst of 40, 10 taken by the first address");
        let elsewhere = prefixes.client(ip("198.51.101.1"));
        assert!(limits.may_open_room(elsewhere, 10.0, 1.0), "another block");
    }

    #[test]
    fn connections_keep_room_for_new_addresses() {
        let limits = Limits::default();
        let prefixes = Prefixes::default();
        let open = Arc::new(AtomicUsize::new(0));
        let greedy = prefixes.client(ip("192.0.2.1"));
        let mut held = Vec::new();
        while let Ok(connection) = limits.connection(greedy, &open, 100, 95) {
            held.push(connection);
        }
        assert_eq!(held.len(), 90, "up to the part kept for new addresses");
        let newcomer = prefixes.client(ip("192.0.2.2"));
        let theirs: Vec<_> = (0..4).map(|_| limits.connection(newcomer, &open, 100, 95).unwrap()).collect();
        assert!(matches!(limits.connection(newcomer, &open, 100, 95), Err(ApiError::TooManyConnections)));
        assert_eq!(open.load(Ordering::Relaxed), 94);
        drop(theirs);
        held.truncate(10);
        assert_eq!(open.load(Ordering::Relaxed), 10);
        // Under a larger cap, the address's own.
        for _ in 0..85 {
            held.push(limits.connection(greedy, &open, 1000, 95).unwrap());
        }
        assert!(matches!(limits.connection(greedy, &open, 1000, 95), Err(ApiError::TooManyFromAddress)));
    }

    #[test]
    fn rooms_keep_room_for_blocks_that_hold_none() {
        let limits = Limits::default();
        let prefixes = Prefixes::default();
        let open = Arc::new(AtomicUsize::new(0));
        let mut held = Vec::new();
        for i in 0..95 {
            held.push(limits.room(Some(prefixes.client(ip(&format!("10.{i}.0.1")))), &open, 100).unwrap());
        }
        let again = prefixes.client(ip("10.0.0.2"));
        assert!(matches!(limits.room(Some(again), &open, 100), Err(ApiError::TooManyRooms)), "its block holds one");
        assert!(limits.room(None, &open, 100).is_err(), "nobody's room counts as held");
        for i in 0..5 {
            held.push(limits.room(Some(prefixes.client(ip(&format!("10.200.{i}.1")))), &open, 100).unwrap());
        }
        assert!(limits.room(Some(prefixes.client(ip("10.201.0.1"))), &open, 100).is_err(), "the cap itself");
        held.clear();
        assert_eq!(open.load(Ordering::Relaxed), 0);
        assert!(limits.held_rooms.lock().unwrap().is_empty());
    }
}
