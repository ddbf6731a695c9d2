//! Limits per client address: how fast it may open rooms, and how many rooms of bots alone it
//! may have playing at once. The address is the TCP peer's (behind a proxy, every client is the
//! proxy: run `tapis serve` where it sees its clients).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Addresses remembered at most; past that, those whose bucket is full again are forgotten.
const REMEMBERED: usize = 10_000;

#[derive(Default)]
pub struct Limits {
    creations: Mutex<BTreeMap<IpAddr, Bucket>>,
    bot_rooms: Arc<Mutex<BTreeMap<IpAddr, usize>>>,
}

struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Limits {
    /// Takes one room from `ip`'s allowance: `burst` at once, `per_minute` after (0: no limit).
    pub fn may_open_room(&self, ip: IpAddr, burst: f64, per_minute: f64) -> bool {
        if per_minute <= 0.0 {
            return true;
        }
        #[allow(clippy::disallowed_methods)] // rate limits measure real time, outside the engine
        let now = Instant::now();
        let mut creations = self.creations.lock().unwrap_or_else(|e| e.into_inner());
        if creations.len() >= REMEMBERED {
            creations.retain(|_, b| b.tokens + now.duration_since(b.last).as_secs_f64() * per_minute / 60.0 < burst);
        }
        let bucket = creations.entry(ip).or_insert(Bucket { tokens: burst, last: now });
        bucket.tokens = (bucket.tokens + now.duration_since(bucket.last).as_secs_f64() * per_minute / 60.0).min(burst);
        bucket.last = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// A place for one more room of bots alone from `ip`, if it has fewer than `most` playing.
    /// The place is given back when the returned slot is dropped (the match is over, or the room
    /// leaves memory).
    pub fn bot_room(&self, ip: IpAddr, most: usize) -> Option<BotRoomSlot> {
        let mut rooms = self.bot_rooms.lock().unwrap_or_else(|e| e.into_inner());
        let count = rooms.entry(ip).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(BotRoomSlot { ip, rooms: self.bot_rooms.clone() })
    }
}

/// One playing room of bots alone, counted against its creator's address while it lives.
pub struct BotRoomSlot {
    ip: IpAddr,
    rooms: Arc<Mutex<BTreeMap<IpAddr, usize>>>,
}

impl Drop for BotRoomSlot {
    fn drop(&mut self) {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = rooms.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                rooms.remove(&self.ip);
            }
        }
    }
}
