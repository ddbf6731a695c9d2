//! What a node sharing a PostgreSQL store with others does beside serving its clients: it takes
//! the rooms of dead nodes, lets go of the rooms it lost, and hands its rooms over when it stops.
//!
//! **Takeover.** Every third of a lease (3.3 s by default) the node scans
//! ([`PostgresStore::claim_lapsed`]): it marks itself alive in `nodes`, then takes its share of
//! the leases that ran out by the database's clock — their number divided by the nodes alive,
//! rounded up — in one statement that locks them `FOR UPDATE SKIP LOCKED` and raises their epoch:
//! two nodes scanning at once never take the same room, and a dead node's rooms spread over the
//! live ones. Each room taken is brought into memory at once, by replaying its log, its bots and
//! clocks resumed, as when a client asks for it. A room that cannot be rebuilt is given up idle.
//!
//! Not taken: the rooms given up because nobody touched them for `archive_after` (they left
//! memory on purpose, and come back where a client asks for them), and the leases that ran out
//! longer than `archive_after` ago (a cluster down that long: the room would have left memory
//! by then). A finished room is taken like any other: its players may be about to ask for a
//! rematch, its replay is short, and it leaves memory after `archive_after` as everywhere.
//!
//! **A lease lost** (PostgreSQL out of reach for two renewals, or another node took the room):
//! the room's writes are refused already by the store; the scan makes the room leave memory,
//! its clients closed with 1012 so that they reconnect to the room's next node.
//!
//! **Drain** ([`drain`], on SIGTERM): the node takes no room any more, every room leaves memory
//! (its clients closed with 1012), the writes handed over are committed, and every lease is
//! given up at once, so that the live nodes take the rooms at their next scan rather than once
//! the leases run out. Each step is bounded in time; no client is waited for.

use crate::room::RoomMsg;
use crate::store::PostgresStore;
use crate::{ApiError, Server};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, MissedTickBehavior};

/// How long a drain waits for the rooms to leave memory, and for the background task to end.
pub const DRAIN_WITHIN: Duration = Duration::from_secs(2);

/// The node's background task, until `quit` turns true.
pub async fn run(server: Arc<Server>, store: Arc<PostgresStore>, mut quit: watch::Receiver<bool>) {
    let mut scans = tokio::time::interval(store.lease() / 3);
    scans.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = scans.tick() => {}
            _ = crate::stopped(&mut quit) => return,
        }
        let in_memory = server.rooms.codes();
        // The rooms whose lease this node lost go: another node writes them, or will.
        for code in &in_memory {
            if store.epoch(code).is_none()
                && let Some(room) = server.rooms.get(code)
            {
                let _ = room.inbox.try_send(RoomMsg::Leave);
                store.forget(code);
            }
        }
        let room_for = server.config.max_rooms.saturating_sub(server.open_rooms.load(Ordering::Relaxed));
        match store.claim_lapsed(&in_memory, room_for, server.config.archive_after).await {
            Ok(taken) => {
                for (code, _) in taken {
                    bring(&server, &store, &code).await;
                }
            }
            // Said once, by the store, when PostgreSQL stops answering.
            Err(e) => tracing::debug!(error = %e, "a scan for lapsed leases failed"),
        }
    }
}

/// Brings a room just taken over into memory; one that cannot be is given up idle, so that no
/// node takes it again and again (a client asking for it gets the reason).
async fn bring(server: &Arc<Server>, store: &PostgresStore, code: &str) {
    match server.room(code).await {
        Ok(_) => tracing::info!(room = %code, "room taken over"),
        Err(e) => {
            let why = match e {
                ApiError::DamagedRoom => "its log cannot be replayed",
                _ => "it could not be read",
            };
            tracing::error!(room = %code, why, "a room taken over could not be brought into memory");
            crate::store::Store::release(store, code);
        }
    }
}

/// Hands every room of this node over to the live ones (see the module's documentation), then
/// returns; `background` is the task of [`run`], told to end through `quit`.
pub async fn drain(
    server: &Arc<Server>,
    store: &PostgresStore,
    quit: watch::Sender<bool>,
    background: tokio::task::JoinHandle<()>,
) {
    let started = Instant::now();
    store.stop_taking();
    let _ = quit.send(true);
    if tokio::time::timeout(DRAIN_WITHIN, background).await.is_err() {
        tracing::warn!("the background task did not end in time");
    }
    let rooms = server.rooms.len();
    let deadline = Instant::now() + DRAIN_WITHIN;
    // A room that is committing a move leaves once it is done; one whose queue is full is told
    // again at the next round.
    while !server.rooms.is_empty() && Instant::now() < deadline {
        for code in server.rooms.codes() {
            if let Some(room) = server.rooms.get(&code) {
                let _ = room.inbox.try_send(RoomMsg::Leave);
            }
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    if let Err(e) = crate::store::Store::flush(store).await {
        tracing::error!(error = %e, "the store could not finish its writes before the drain");
    }
    match store.release_all().await {
        Ok(released) => tracing::info!(
            rooms,
            released,
            ms = started.elapsed().as_millis() as u64,
            "drained: the rooms go to the live nodes"
        ),
        Err(e) => {
            tracing::error!(error = %e, "the leases could not be given up: the live nodes take them once they run out")
        }
    }
}
