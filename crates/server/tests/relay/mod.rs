//! Any node serves any client (`tapis serve --nats`): two nodes on one PostgreSQL and one NATS,
//! both started by the tests, rooms opened on one node and their clients on the other. Whole
//! matches of every game through the relay, every frame checked against the engine's view of its
//! recipient; a client coming back through the other node with `since`; bad messages through the
//! relay answered as a local connection answers them.

mod nats;

use super::store::postgres::Postgres;
use super::*;
use nats::Nats;
use std::sync::Arc;
use std::time::Duration;

/// Two nodes, `a` and `b`, on one new database of the shared PostgreSQL and one NATS of their
/// own; the addresses, and what must outlive the test.
async fn two_nodes() -> ([SocketAddr; 2], (Arc<Postgres>, Nats)) {
    two_nodes_with(tapis_server::ServeConfig::default().outbox_bytes).await
}

/// [`two_nodes`] whose connections' outboxes hold `outbox_bytes`.
async fn two_nodes_with(outbox_bytes: usize) -> ([SocketAddr; 2], (Arc<Postgres>, Nats)) {
    let pg = Postgres::shared();
    let url = pg.database();
    let nats = Nats::start();
    let mut addrs = Vec::new();
    for node in ["a", "b"] {
        let config = tapis_server::ServeConfig {
            burst: 1e9,
            per_second: 1e9,
            store: Some(url.clone()),
            node: node.into(),
            nats: Some(nats.url()),
            outbox_bytes,
            ..relaxed()
        };
        addrs.push(start_with(config).await);
    }
    ([addrs[0], addrs[1]], (pg, nats))
}

/// Every game to the end with the spectator and half the people on the node that does not hold
/// the room: every frame they got through the relay is their view's, and the room never left
/// its owner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_to_the_end_by_clients_of_another_node() {
    let ([a, b], _engines) = two_nodes().await;
    for (i, &game) in GameId::ALL.iter().enumerate() {
        let players = game.players().0.max(3).min(game.players().1);
        whole_match_spread(a, b, game, players, players, 40 + i as u64, 0).await;
        whole_match_spread(a, b, game, players, 1, 50 + i as u64, 0).await;
    }
    let (_, on_a) = http(a, "GET", "/api/health", None).await.unwrap();
    let (_, on_b) = http(b, "GET", "/api/health", None).await.unwrap();
    assert_eq!((&on_a["nats"], &on_b["nats"]), (&json!("ok"), &json!("ok")));
    assert_eq!(on_a["leases"].as_object().unwrap().len(), 2 * GameId::ALL.len(), "{on_a}");
    assert_eq!(on_b["leases"], json!({}), "the node that relayed holds no room: {on_b}");
}

/// A client leaves its room's owner and comes back on the other node with `since`: every update
/// it missed, from the next, then play to the end there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_comes_back_through_the_other_node_without_a_gap() {
    let ([a, b], _engines) = two_nodes().await;
    let room = create(a, json!({"game": "nainjaune", "players": 3, "options": {"rounds": 1}, "seats": ["human", "bot:easy", "bot:easy"], "bot_delay_ms": 0})).await;
    let (_, token) = join(b, &room, "Alice").await;
    let (mut frames, back, first) = leave_and_come_back(a, b, &room, &token).await;
    frames.extend(play_from(back, 9, Some(first), 0).await);
    let record = record_of(b, &room).await;
    check_frames(GameId::NainJaune, &record, Some(Seat(0)), &frames, &names_at(a, &room).await);
}

/// [`a_catch_up_past_the_budget_is_served_whole`] through the relay, with outboxes of a little
/// more than the relay's window: the first batch of the catch-up crosses NATS in two messages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_far_behind_gets_every_update_it_missed_through_the_other_node() {
    let budget = tapis_server::relay::WINDOW as usize * 5 / 4;
    let ([a, b], _engines) = two_nodes_with(budget).await;
    a_catch_up_past_the_budget_is_served_whole(a, b, budget).await;
}

/// Every bad message a spectator sends is answered the same, word for word, whether its
/// connection is on the room's owner or relayed from the other node; a seat's bad moves through
/// the relay are refused and change nothing; a message too large closes the relayed connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_through_the_relay_are_answered_as_locally_and_change_nothing() {
    let ([a, b], _engines) = two_nodes().await;
    let room = create(a, json!({"game": "njet", "players": 3, "seats": ["human", "human", "bot:easy"]})).await;
    let (_, alice_token) = join(b, &room, "Alice").await;
    let (_, _bob_token) = join(a, &room, "Bob").await;
    let mut local = hello(a, &room, None, None).await;
    let mut relayed = hello(b, &room, None, None).await;
    let (first_local, first_relayed) = (next_game_frame(&mut local).await, next_game_frame(&mut relayed).await);
    assert_eq!(first_local, first_relayed, "the same snapshot");
    let seq = first_local["seq"].as_u64().unwrap();
    let bad = [
        "{not json".to_string(),
        "[1]".into(),
        json!({"type": "dance"}).to_string(),
        json!({"type": "act", "seq": "zero", "action": 7}).to_string(),
        json!({"type": "act", "seq": seq, "action": "njet trump R"}).to_string(),
        json!({"type": "chat", "text": "hi"}).to_string(),
        json!({"type": "hello"}).to_string(),
        json!({"type": "hand_over", "seat": 300}).to_string(),
    ];
    for text in &bad {
        local.send_text(text.clone()).await.unwrap();
        relayed.send_text(text.clone()).await.unwrap();
        let (l, r) = (next_game_frame(&mut local).await, next_game_frame(&mut relayed).await);
        assert_eq!(l["type"], json!("error"), "{text}: {l}");
        assert_eq!(l, r, "{text}");
    }
    // A seat's bad moves through the relay.
    let mut alice = hello(b, &room, Some(&alice_token), None).await;
    assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"));
    alice.send(&json!({"type": "act", "seq": seq, "action": "fly away"})).await.unwrap();
    expect_error(&mut alice, "bad_action").await;
    alice.send(&json!({"type": "act", "seq": seq + 5, "action": "njet trump R"})).await.unwrap();
    expect_error(&mut alice, "stale").await;
    let (_, info) = http(b, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["seq"].as_u64().unwrap(), seq, "nothing changed");
    // Too large: refused alike, then both connections close.
    let huge = format!("{{\"type\":\"chat\",\"text\":\"{}\"}}", "x".repeat(70 * 1024));
    local.send_text(huge.clone()).await.unwrap();
    relayed.send_text(huge).await.unwrap();
    let (l, r) = (expect_error(&mut local, "too_large").await, expect_error(&mut relayed, "too_large").await);
    assert_eq!(l, r);
    for ws in [&mut local, &mut relayed] {
        assert!(tokio::time::timeout(Duration::from_secs(10), ws.next()).await.unwrap().is_none(), "closed");
    }
    // A wrong token through the relay: refused, then closed.
    let mut stranger = hello(b, &room, Some("0123456789abcdef0123456789abcdef"), None).await;
    let refused = expect_error(&mut stranger, "bad_token").await;
    assert_eq!(refused["message"], json!("this token holds no seat of this room"));
    assert!(stranger.next().await.is_none());
    // A join through the relay checks as locally, and a relayed room call answers as the owner.
    let (status, full) =
        http(b, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": "Carol"}))).await.unwrap();
    assert_eq!((status, &full["error"]["code"]), (409, &json!("room_full")), "{full}");
    let (status, none) = http(b, "GET", "/api/rooms/abcdefghjkmnpqrs", None).await.unwrap();
    assert_eq!((status, &none["error"]["code"]), (404, &json!("no_room")), "{none}");
    let (_, info) = http(b, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["seq"].as_u64().unwrap(), seq, "nothing changed");
}

/// Polls `addr`'s health until its `nats` is `want`.
async fn nats_becomes(addr: SocketAddr, want: &str) {
    for _ in 0..600 {
        let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        if health["nats"] == json!(want) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the node never says NATS is {want}");
}

/// NATS goes away under a relayed client: the node that relays hears nothing from the owner, says
/// so in its health and closes the socket; once NATS is back, the client comes back through the
/// same node with `since` and gets every update it missed (the bots played on at the owner),
/// without a gap, then plays to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relayed_client_closed_by_a_nats_outage_comes_back_without_a_gap() {
    let ([a, b], (_pg, mut nats)) = two_nodes().await;
    let room = create(a, json!({"game": "nainjaune", "players": 3, "options": {"rounds": 1}, "seats": ["human", "bot:easy", "bot:easy"], "bot_delay_ms": 0})).await;
    let (_, token) = join(b, &room, "Alice").await;
    let mut alice = hello(b, &room, Some(&token), None).await;
    let mut frames = Vec::new();
    loop {
        let frame = next_game_frame(&mut alice).await;
        frames.push(frame.clone());
        let legal = frame["legal"].as_array().unwrap().clone();
        if frame["seq"].as_u64().unwrap() >= 4 && !legal.is_empty() {
            // Her move, and NATS goes: the move may be lost, or played and its updates (and the
            // bots' after it) missed.
            alice.send(&json!({"type": "act", "seq": frame["seq"], "action": legal[0]})).await.unwrap();
            nats.kill();
            break;
        }
        if !legal.is_empty() {
            alice.send(&json!({"type": "act", "seq": frame["seq"], "action": legal[0]})).await.unwrap();
        }
    }
    nats_becomes(b, "unreachable").await;
    // Whatever still came, then the close.
    while let Some(frame) = tokio::time::timeout(Duration::from_secs(30), alice.next()).await.expect("closed in time") {
        if !["room", "chat"].contains(&frame["type"].as_str().unwrap_or("")) {
            frames.push(frame);
        }
    }
    let seen = frames.iter().filter_map(|f| f["seq"].as_u64()).max().unwrap();
    nats.restart();
    nats_becomes(a, "ok").await;
    nats_becomes(b, "ok").await;
    let mut back = None;
    // The owner's subscriptions come back with its connection: asked again until they have.
    for _ in 0..100 {
        let mut ws = hello(b, &room, Some(&token), Some(seen)).await;
        let first = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.unwrap();
        if let Some(first) = first.filter(|first| first["type"] != json!("error")) {
            back = Some((ws, first));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (mut back, mut first) = back.expect("served again through the relay");
    while ["room", "chat"].contains(&first["type"].as_str().unwrap_or("")) {
        first = next_game_frame(&mut back).await;
    }
    // Every update from the next, or, if her move was lost and so nothing happened, a snapshot
    // where she was.
    match first["type"].as_str() {
        Some("update") => assert_eq!(first["seq"].as_u64(), Some(seen + 1), "no gap: {first}"),
        _ => assert_eq!((first["type"].as_str(), first["seq"].as_u64()), (Some("snapshot"), Some(seen)), "{first}"),
    }
    frames.extend(play_from(back, 11, Some(first), 0).await);
    let record = record_of(b, &room).await;
    check_frames(GameId::NainJaune, &record, Some(Seat(0)), &frames, &names_at(a, &room).await);
}
