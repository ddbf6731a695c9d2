//! `tapis serve` from outside: a real server on a free port with a real SQLite file, real
//! WebSocket clients. Whole matches of every game (people only; people, bots and a spectator),
//! every frame checked against the engine's view of its recipient, reconnection, races, and
//! every kind of bad input.

use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use tapis_client::{Ws, http, http_raw};
use tapis_core::{GameRng, Lang, Seat};
use tapis_table::{Controller, GameId, Table, TableSetup};

mod debian;
mod relay;
mod store;

/// The allocator `tapis serve` runs on: the server is tested as it runs, and the checks here,
/// which build and drop a great many JSON values, no longer spend most of their time in glibc's
/// `malloc` and `free`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

static NEXT_DIR: AtomicU64 = AtomicU64::new(0);

fn data_dir() -> PathBuf {
    let n = NEXT_DIR.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tapis-server-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A server on a free port, in this process, with the default limits.
async fn start() -> SocketAddr {
    start_with(relaxed()).await
}

/// A server whose clients may play as fast as they like: the flood limit is off.
async fn start_unlimited() -> SocketAddr {
    start_with(tapis_server::ServeConfig { burst: 1e9, per_second: 1e9, ..relaxed() }).await
}

/// The limits meant for the public relaxed where a test plays many rooms from one address: no
/// limit on opening rooms, bots alone as fast as asked.
fn relaxed() -> tapis_server::ServeConfig {
    tapis_server::ServeConfig {
        rooms_per_minute: 0.0,
        min_bot_delay_ms: 0,
        bot_rooms_per_client: 1000,
        ..Default::default()
    }
}

async fn start_with(config: tapis_server::ServeConfig) -> SocketAddr {
    let (ready, bound) = tokio::sync::oneshot::channel();
    let config = tapis_server::ServeConfig { addr: "127.0.0.1:0".parse().unwrap(), data: data_dir(), ..config };
    tokio::spawn(async move {
        tapis_server::serve(config, move |addr| {
            let _ = ready.send(addr);
        })
        .await
        .unwrap();
    });
    bound.await.unwrap()
}

/// Short matches: one round where the game has rounds.
fn short_options(game: GameId) -> Value {
    match game {
        GameId::Nantais => json!({"rounds_to_win": 1}),
        GameId::NurMut | GameId::NainJaune | GameId::Njet => json!({"rounds": 1}),
        _ => json!({}),
    }
}

async fn create(addr: SocketAddr, body: Value) -> String {
    let (status, created) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{created}");
    created["room"].as_str().unwrap().to_string()
}

async fn join(addr: SocketAddr, room: &str, name: &str) -> (u8, String) {
    let (status, joined) =
        http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": name}))).await.unwrap();
    assert_eq!(status, 200, "{joined}");
    (joined["seat"].as_u64().unwrap() as u8, joined["token"].as_str().unwrap().to_string())
}

async fn hello(addr: SocketAddr, room: &str, token: Option<&str>, since: Option<u64>) -> Ws {
    let mut ws = Ws::connect(addr, room).await.unwrap();
    let mut hello = json!({"type": "hello", "lang": "en"});
    if let Some(token) = token {
        hello["token"] = json!(token);
    }
    if let Some(since) = since {
        hello["since"] = json!(since);
    }
    ws.send(&hello).await.unwrap();
    ws
}

/// The next frame of a given type, skipping `room` and `chat` frames.
async fn next_game_frame(ws: &mut Ws) -> Value {
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(30), ws.next())
            .await
            .expect("a frame in time")
            .expect("open");
        match frame["type"].as_str() {
            Some("room") | Some("chat") => continue,
            _ => return frame,
        }
    }
}

/// Plays random legal moves for one client until the match is over (the client having already
/// read `first`, if given), waiting `pace_ms` before each move; returns every game frame.
async fn play_from(mut ws: Ws, seed: u64, mut first: Option<Value>, pace_ms: u64) -> Vec<Value> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut frames = Vec::new();
    loop {
        let frame = match first.take() {
            Some(frame) => frame,
            None => next_game_frame(&mut ws).await,
        };
        if frame["type"] == "error" {
            // A race lost, or a window closed: the next update brings the new position.
            assert!(["stale", "illegal_action"].contains(&frame["code"].as_str().unwrap()), "{frame}");
            frames.push(frame);
            continue;
        }
        if frame["status"]["over"] == json!(true) {
            frames.push(frame);
            break;
        }
        let legal = frame["legal"].as_array().unwrap();
        if !legal.is_empty() {
            if pace_ms > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(pace_ms)).await;
            }
            let action = &legal[rng.index(legal.len())];
            ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.unwrap();
        }
        frames.push(frame);
    }
    ws.close().await;
    frames
}

/// Watches as a spectator until the match is over.
async fn watch(mut ws: Ws) -> Vec<Value> {
    let mut frames = Vec::new();
    loop {
        let frame = next_game_frame(&mut ws).await;
        let over = frame["status"]["over"] == json!(true);
        frames.push(frame);
        if over {
            return frames;
        }
    }
}

/// Every frame a recipient got must be exactly what the engine's view of that recipient gives:
/// rebuilt from the record, action by action.
fn check_frames(game: GameId, record: &Value, seat: Option<Seat>, frames: &[Value], names: &[String]) {
    let record: tapis_core::Record = serde_json::from_value(record.clone()).unwrap();
    let players = record.players;
    let setup = TableSetup {
        game,
        request: record.request(),
        controllers: vec![Controller::Person; players],
        bot_delay_ms: 0,
        turn_clock_ms: None,
        names: names.to_vec(),
        reader: None,
    };
    let mut table = Table::restore(setup, 1, &record.until(0), 0).unwrap();
    // Each expected update is built once, as JSON, and compared where it lies.
    let mut expected_updates = vec![None];
    for (i, (s, action)) in record.actions.iter().enumerate() {
        let accepted = table.replay(Seat(*s), action, record.stored_at(i as u64 + 1), 0).unwrap();
        let events: Vec<Value> = accepted
            .told_to(seat)
            .into_iter()
            .map(|e| {
                let mut event = e.event.clone();
                event["text"] = json!({"fr": e.fr, "en": e.en});
                event
            })
            .collect();
        let legal = seat.map(|s| table.current().legal(s)).unwrap_or_default();
        expected_updates.push(Some((
            Value::from(events),
            table.client_view(seat),
            json!(legal),
            serde_json::to_value(table.status_for(seat)).unwrap(),
        )));
    }
    let (seed, written) = (record.seed, record.seed.to_string());
    let mut last_seq = None;
    for frame in frames {
        assert!(!holds_seed(frame, seed, &written), "a frame holds the seed: {frame}");
        assert!(frame.get("action").is_none(), "no action text in frames: {frame}");
        match frame["type"].as_str().unwrap() {
            "update" => {
                let seq = frame["seq"].as_u64().unwrap();
                if let Some(last) = last_seq {
                    assert_eq!(seq, last + 1, "seq rises by exactly 1 on a connection");
                }
                last_seq = Some(seq);
                let (events, view, legal, status) = expected_updates[seq as usize].as_ref().unwrap();
                assert_eq!(&frame["events"], events, "{game} seq {seq} seat {seat:?}: events");
                assert_eq!(&frame["view"], view, "{game} seq {seq} seat {seat:?}: view");
                assert_eq!(&frame["legal"], legal);
                assert_eq!(&frame["status"], status);
            }
            "snapshot" => {
                last_seq = frame["seq"].as_u64();
                assert_eq!(frame["seat"], json!(seat));
            }
            _ => {}
        }
    }
}

/// Whether `value` holds the match's seed anywhere: as a `seed` field, or as text (`written`,
/// a key or a string).
fn holds_seed(value: &Value, seed: u64, written: &str) -> bool {
    match value {
        Value::Object(fields) => fields.iter().any(|(key, field)| {
            (key == "seed" && field.as_u64() == Some(seed)) || key == written || holds_seed(field, seed, written)
        }),
        Value::Array(items) => items.iter().any(|item| holds_seed(item, seed, written)),
        Value::String(text) => text == written,
        _ => false,
    }
}

/// What the server calls each seat in its words: bots by their name, people by theirs.
async fn names_at(addr: SocketAddr, room: &str) -> Vec<String> {
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    info["seats"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, s)| match s["kind"].as_str() {
            Some("bot") => tapis_table::bot_name(Seat(i as u8)).to_string(),
            _ => s["name"].as_str().unwrap_or_default().to_string(),
        })
        .collect()
}

async fn record_of(addr: SocketAddr, room: &str) -> Value {
    let (status, record) = http(addr, "GET", &format!("/api/rooms/{room}/record"), None).await.unwrap();
    assert_eq!(status, 200, "{record}");
    record
}

/// One whole match: `people` humans (the rest bots), a spectator, every frame checked.
async fn whole_match(addr: SocketAddr, game: GameId, players: usize, people: usize, seed: u64) {
    whole_match_paced(addr, game, players, people, seed, 0).await
}

/// [`whole_match`] with every person waiting `pace_ms` before each move.
async fn whole_match_paced(addr: SocketAddr, game: GameId, players: usize, people: usize, seed: u64, pace_ms: u64) {
    whole_match_spread(addr, addr, game, players, people, seed, pace_ms).await
}

/// One whole match in a room opened on `owner`: its spectator and every other person on `edge`
/// (the same node for one server), the rest on `owner`, each person waiting `pace_ms` before each
/// move; every frame checked; the record and room asked of `edge`.
async fn whole_match_spread(
    owner: SocketAddr,
    edge: SocketAddr,
    game: GameId,
    players: usize,
    people: usize,
    seed: u64,
    pace_ms: u64,
) {
    let mut seats = vec!["bot:easy"; players];
    for s in seats.iter_mut().take(people) {
        *s = "human";
    }
    let room = create(owner, json!({"game": game.id(), "players": players, "options": short_options(game), "seats": seats, "bot_delay_ms": 0})).await;
    let spectator = hello(edge, &room, None, None).await;
    let watching = tokio::spawn(watch(spectator));
    let mut clients = Vec::new();
    for i in 0..people {
        let at = if i % 2 == 0 { edge } else { owner };
        let (seat, token) = join(at, &room, &format!("Player {i}")).await;
        let ws = hello(at, &room, Some(&token), None).await;
        clients.push((seat, tokio::spawn(play_from(ws, seed * 31 + i as u64, None, pace_ms))));
    }
    let mut seen = Vec::new();
    for (seat, client) in clients {
        seen.push((Some(Seat(seat)), client.await.unwrap()));
    }
    seen.push((None, watching.await.unwrap()));
    let record = record_of(edge, &room).await;
    let (_, info) = http(edge, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["phase"], json!("over"), "{info}");
    let names = names_at(edge, &room).await;
    for (seat, frames) in &seen {
        check_frames(game, &record, *seat, frames, &names);
        let last = frames.iter().rev().find(|f| f["type"] != json!("error")).unwrap();
        assert_eq!(
            last["seq"].as_u64().unwrap(),
            record["actions"].as_array().unwrap().len() as u64,
            "every client saw the end"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_to_the_end_by_people_bots_and_a_spectator() {
    let addr = start_unlimited().await;
    for &game in GameId::ALL {
        let players = game.players().0.max(3).min(game.players().1);
        whole_match(addr, game, players, players, 1).await;
        whole_match(addr, game, players, 1, 2).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_holds_what_its_recipient_may_not_see() {
    let addr = start_unlimited().await;
    // 50 matches per game, over every player count up to 5; the kit re-deals hidden cards for
    // the engine's own secrecy, this checks what the server sends. `TAPIS_SOAK=N`: N times as many.
    let matches = tapis_core::kit::soak(300);
    let per_game = matches / GameId::ALL.len() as u64;
    // At most 48 matches at once, a new one started as soon as one ends.
    let mut running = tokio::task::JoinSet::new();
    for &game in GameId::ALL {
        for i in 0..per_game {
            let (low, high) = game.players();
            let players = low + (i as usize % (high.min(5) - low + 1));
            running.spawn(whole_match(addr, game, players, players, 1000 + i));
            if running.len() >= 48 {
                running.join_next().await.unwrap().unwrap();
            }
        }
    }
    while let Some(done) = running.join_next().await {
        done.unwrap();
    }
}

/// A Le 8 Nantais deal for two: these hands and discard, every other card in the stock.
fn nantais_deal(seat0: &[&str], seat1: &[&str], discard: &[&str]) -> Value {
    serde_json::to_value(tapis_nantais::Deal::with_rest_in_stock(&[seat0, seat1], discard)).unwrap()
}

/// A Le 8 Nantais room for two on a fixed deal, Alice and Bob seated and connected, each past
/// their snapshot; Alice to play, holding 5♠ 9♣ over a 5♥: `play 5S` leaves her one card, and
/// Bob may then call CONTRE UNIQUE. Gives the room's code, Alice's socket and Bob's.
async fn one_card_from_unique(addr: SocketAddr) -> (String, Ws, Ws) {
    let deal = nantais_deal(&["5S", "9C"], &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    let room = create(addr, json!({"game": "nantais", "players": 2, "deal": deal, "seed": 3})).await;
    let (_, token0) = join(addr, &room, "Alice").await;
    let (_, token1) = join(addr, &room, "Bob").await;
    let mut alice = hello(addr, &room, Some(&token0), None).await;
    let mut bob = hello(addr, &room, Some(&token1), None).await;
    assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"));
    assert_eq!(next_game_frame(&mut bob).await["type"], json!("snapshot"));
    (room, alice, bob)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_in_a_reaction_window_is_won_by_the_first() {
    let addr = start().await;
    let (_, mut alice, mut bob) = one_card_from_unique(addr).await;
    alice.send(&json!({"type": "act", "seq": 0, "action": "play 5S"})).await.unwrap();
    let update = next_game_frame(&mut alice).await;
    assert_eq!(update["seq"], json!(1));
    assert!(update["legal"].as_array().unwrap().contains(&json!("unique")));
    let update = next_game_frame(&mut bob).await;
    assert_eq!(update["legal"], json!(["contre 0"]));
    // Both race with seq 1: the first to arrive is applied, the second is stale.
    bob.send(&json!({"type": "act", "seq": 1, "action": "contre 0"})).await.unwrap();
    let bob_update = next_game_frame(&mut bob).await;
    assert_eq!(bob_update["seq"], json!(2));
    alice.send(&json!({"type": "act", "seq": 1, "action": "unique"})).await.unwrap();
    let alice_update = next_game_frame(&mut alice).await;
    assert_eq!(alice_update["seq"], json!(2));
    let refused = next_game_frame(&mut alice).await;
    assert_eq!((refused["type"].as_str(), refused["code"].as_str()), (Some("error"), Some("stale")), "{refused}");
    assert_eq!(alice_update["status"]["cards"], json!([3, 7]), "the CONTRE made Alice draw 2");
}

/// « Poser et annoncer UNIQUE »: a move sent with `then` is applied with its second move, so
/// that no CONTRE UNIQUE comes between them, however slow the person's network; a `then` that is
/// not legal after the first move is dropped, and the first stands alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_and_its_then_are_applied_together() {
    let addr = start().await;
    let (room, mut alice, mut bob) = one_card_from_unique(addr).await;
    alice.send(&json!({"type": "act", "seq": 0, "action": "play 5S", "then": "unique"})).await.unwrap();
    let laid = next_game_frame(&mut bob).await;
    assert_eq!(laid["seq"], json!(1));
    // Bob answers the card at once, with the table as it was after it: too late.
    bob.send(&json!({"type": "act", "seq": 1, "action": "contre 0"})).await.unwrap();
    let said = next_game_frame(&mut bob).await;
    assert_eq!(said["seq"], json!(2), "{said}");
    assert!(said["events"].as_array().unwrap().iter().any(|e| e["type"] == json!("unique")), "{said}");
    assert_eq!(said["legal"], json!([]));
    let refused = next_game_frame(&mut bob).await;
    assert_eq!((refused["type"].as_str(), refused["code"].as_str()), (Some("error"), Some("stale")), "{refused}");
    for seq in 1..=2 {
        assert_eq!(next_game_frame(&mut alice).await["seq"], json!(seq));
    }
    // A second move that is not legal then is dropped: the first goes alone.
    alice.send(&json!({"type": "act", "seq": 2, "action": "end", "then": "unique"})).await.unwrap();
    let ended = next_game_frame(&mut alice).await;
    assert_eq!((ended["type"].as_str(), ended["seq"].as_u64()), (Some("update"), Some(3)), "{ended}");
    let (status, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!((status, &info["seq"]), (200, &json!(3)), "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_answers_while_its_bot_thinks_and_a_person_who_acts_first_wins() {
    // Alice lays her second-to-last card: she may announce UNIQUE, and the hard bot may call
    // CONTRE UNIQUE at once (no delay). The bot's answer is held back until the end of the test,
    // so that its search is still out while Alice chats, someone asks for the room, and Alice
    // announces.
    let hold = std::sync::Arc::new(tokio::sync::Semaphore::new(0));
    let addr = start_with(tapis_server::ServeConfig { hold_bots: Some(hold.clone()), ..relaxed() }).await;
    let deal = nantais_deal(&["5S", "9C"], &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    // Left alone, the hard bot would call CONTRE UNIQUE there.
    let request = tapis_core::MatchRequest {
        players: 2,
        seed: 3,
        dealer: None,
        options: Default::default(),
        deal: Some(deal.clone()),
    };
    let mut alone = tapis_table::AnyMatch::new(GameId::Nantais, &request).unwrap();
    alone.act(Seat(0), "play 5S").unwrap();
    assert_eq!(alone.bot(Seat(1), tapis_bots::Level::Hard.bot()), Ok(Some("contre 0".to_string())));
    let body = json!({"game": "nantais", "players": 2, "deal": deal, "seed": 3, "seats": ["human", "bot:hard"], "bot_delay_ms": 0});
    let room = create(addr, body).await;
    let (_, token) = join(addr, &room, "Alice").await;
    let mut alice = hello(addr, &room, Some(&token), None).await;
    assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"));
    alice.send(&json!({"type": "act", "seq": 0, "action": "play 5S"})).await.unwrap();
    let update = next_game_frame(&mut alice).await;
    assert_eq!(update["seq"], json!(1));
    assert!(update["legal"].as_array().unwrap().contains(&json!("unique")), "{update}");
    // The bot has been asked (its move was due at once) and has not answered.
    let within = std::time::Duration::from_secs(10);
    alice.send(&json!({"type": "chat", "text": "à toi de jouer"})).await.unwrap();
    let chat = loop {
        let frame = tokio::time::timeout(within, alice.next()).await.expect("the chat is answered").unwrap();
        if frame["type"] == json!("chat") {
            break frame;
        }
    };
    assert_eq!(chat["text"], json!("à toi de jouer"));
    let (status, info) = tokio::time::timeout(within, http(addr, "GET", &format!("/api/rooms/{room}"), None))
        .await
        .expect("the room answers while its bot thinks")
        .unwrap();
    assert_eq!((status, &info["seq"]), (200, &json!(1)), "{info}");
    alice.send(&json!({"type": "act", "seq": 1, "action": "unique"})).await.unwrap();
    let announced = next_game_frame(&mut alice).await;
    assert_eq!((announced["type"].as_str(), announced["seq"].as_u64()), (Some("update"), Some(2)), "{announced}");
    assert_eq!(announced["status"]["cards"], json!([1, 7]), "no CONTRE UNIQUE: Alice drew nothing");
    // The bot's answer comes now: for a table that has moved on, it is dropped, and the bot plays
    // its turn from where the table is.
    assert_eq!(announced["legal"], json!(["end"]));
    // The bot's answer comes now: for a table that has moved on, it is dropped. Alice ends her
    // turn, and the bot plays its own from where the table is.
    hold.add_permits(1_000);
    alice.send(&json!({"type": "act", "seq": 2, "action": "end"})).await.unwrap();
    for seq in 3..=4 {
        let update = next_game_frame(&mut alice).await;
        assert_eq!((update["type"].as_str(), update["seq"].as_u64()), (Some("update"), Some(seq)), "{update}");
        let events = update["events"].as_array().unwrap();
        assert!(events.iter().all(|e| e["type"] != json!("contre")), "{update}");
        if seq == 4 {
            assert!(events.iter().all(|e| e["seat"] == json!(1)), "the bot's move: {update}");
        }
    }
}

/// The person of `token` plays `room` (a room of bots beside her) on `play_on` until a few
/// actions have gone by and the bots are to move, leaves, and once the bots have played on comes
/// back on `back_on` with `since`: the first frame is the update after the last she saw. The game
/// frames she got before she left, her connection, and that first frame.
async fn leave_and_come_back(
    play_on: SocketAddr,
    back_on: SocketAddr,
    room: &str,
    token: &str,
) -> (Vec<Value>, Ws, Value) {
    let mut alice = hello(play_on, room, Some(token), None).await;
    let mut frames = Vec::new();
    loop {
        let frame = next_game_frame(&mut alice).await;
        frames.push(frame.clone());
        let legal = frame["legal"].as_array().unwrap().clone();
        if frame["seq"].as_u64().unwrap() >= 6 && frame["type"] == json!("update") && legal.is_empty() {
            break;
        }
        if !legal.is_empty() {
            alice.send(&json!({"type": "act", "seq": frame["seq"], "action": legal[0]})).await.unwrap();
        }
    }
    let left_at = frames.last().unwrap()["seq"].as_u64().unwrap();
    alice.close().await;
    // The bots play on while she is away.
    let mut waited = 0;
    loop {
        let (_, info) = http(back_on, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
        if info["seq"].as_u64().unwrap() > left_at {
            break;
        }
        waited += 1;
        assert!(waited < 1000, "the bots play while Alice is away");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let mut back = hello(back_on, room, Some(token), Some(left_at)).await;
    let first = next_game_frame(&mut back).await;
    assert_eq!((first["type"].as_str(), first["seq"].as_u64()), (Some("update"), Some(left_at + 1)), "no gap: {first}");
    (frames, back, first)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_comes_back_with_or_without_since() {
    let addr = start_unlimited().await;
    let room = create(addr, json!({"game": "nainjaune", "players": 3, "options": {"rounds": 1}, "seats": ["human", "bot:easy", "bot:easy"], "bot_delay_ms": 0})).await;
    let (_, token) = join(addr, &room, "Alice").await;
    let (_, back, _) = leave_and_come_back(addr, addr, &room, &token).await;
    back.close().await;
    // Without `since`: a snapshot.
    let mut fresh = hello(addr, &room, Some(&token), None).await;
    let snapshot = next_game_frame(&mut fresh).await;
    assert_eq!(snapshot["type"], json!("snapshot"));
    assert_eq!(snapshot["seat"], json!(0));
    let frames = play_from(fresh, 5, Some(snapshot), 0).await;
    let record = record_of(addr, &room).await;
    check_frames(GameId::NainJaune, &record, Some(Seat(0)), &frames, &names_at(addr, &room).await);
}

/// A spectator of a room of bots played on `play_on` comes back on `back_on` once the match is
/// over, with `since` 0: more updates to catch up than its outbox's budget (the servers'
/// `outbox_bytes`, `budget`). It gets every one, from the first, each as its view gives it:
/// never dropped as too slow to read (as it was before), never a snapshot instead.
async fn a_catch_up_past_the_budget_is_served_whole(play_on: SocketAddr, back_on: SocketAddr, budget: usize) {
    let game = GameId::Nantais;
    // Seeded, so that the match is the same on every run: 676 actions, about 680 KB of updates
    // for a spectator, under the room's catch-up of 1,000 actions (unseeded, a match of two
    // rounds may be short enough to fit in the budget, or too long to be caught up).
    let body = json!({"game": game.id(), "players": 4, "options": {"rounds_to_win": 2}, "seed": 4_000_004,
        "seats": ["bot:easy", "bot:easy", "bot:easy", "bot:easy"], "bot_delay_ms": 0});
    let room = create(play_on, body).await;
    let watched = watch(hello(play_on, &room, None, None).await).await;
    let last = watched.last().unwrap()["seq"].as_u64().unwrap();
    let mut back = hello(back_on, &room, None, Some(0)).await;
    let (mut frames, mut bytes) = (Vec::new(), 0);
    while (frames.len() as u64) < last {
        let text = tokio::time::timeout(std::time::Duration::from_secs(30), back.next_text()).await.expect("in time");
        let text = text.unwrap_or_else(|| panic!("closed after {} of {last} updates", frames.len()));
        let frame: Value = serde_json::from_str(&text).unwrap();
        if ["room", "chat"].contains(&frame["type"].as_str().unwrap_or("")) {
            continue;
        }
        let expected = frames.len() as u64 + 1;
        assert_eq!((frame["type"].as_str(), frame["seq"].as_u64()), (Some("update"), Some(expected)), "{frame}");
        bytes += text.len();
        frames.push(frame);
    }
    assert!(bytes > budget, "{bytes} bytes of updates, for a budget of {budget}");
    check_frames(game, &record_of(back_on, &room).await, None, &frames, &names_at(back_on, &room).await);
    for frame in watched.iter().filter(|f| f["type"] == json!("update")) {
        let again = &frames[frame["seq"].as_u64().unwrap() as usize - 1];
        assert_eq!(again["events"], frame["events"], "the same update as live");
    }
}

/// [`a_catch_up_past_the_budget_is_served_whole`] on one server whose outboxes hold 16 KiB:
/// the catch-up goes out in several batches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_far_behind_gets_every_update_it_missed_whatever_its_budget() {
    let budget = 16 * 1024;
    let addr = start_with(tapis_server::ServeConfig { outbox_bytes: budget, ..relaxed() }).await;
    a_catch_up_past_the_budget_is_served_whole(addr, addr, budget).await;
}

async fn expect_error(ws: &mut Ws, code: &str) -> Value {
    let frame = next_game_frame(ws).await;
    assert_eq!((frame["type"].as_str(), frame["code"].as_str()), (Some("error"), Some(code)), "{frame}");
    assert!(!frame["message"].as_str().unwrap().is_empty());
    frame
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_are_refused_and_change_nothing() {
    let addr = start().await;
    let room = create(addr, json!({"game": "njet", "players": 3, "seats": ["human", "human", "bot:easy"]})).await;
    let (_, token0) = join(addr, &room, "Alice").await;
    let mut alice = hello(addr, &room, Some(&token0), None).await;
    assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"));
    // Before every seat is taken.
    alice.send(&json!({"type": "act", "seq": 0, "action": "alone"})).await.unwrap();
    expect_error(&mut alice, "not_started").await;
    let (_, token1) = join(addr, &room, "Bob").await;
    assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"), "the match starts");
    let mut bob = hello(addr, &room, Some(&token1), None).await;
    let snapshot = next_game_frame(&mut bob).await;
    let seq = snapshot["seq"].as_u64().unwrap();
    alice.send_text("{not json".into()).await.unwrap();
    expect_error(&mut alice, "bad_request").await;
    alice.send(&json!({"type": "dance"})).await.unwrap();
    expect_error(&mut alice, "bad_request").await;
    alice.send(&json!({"type": "act", "seq": "zero", "action": 7})).await.unwrap();
    expect_error(&mut alice, "bad_request").await;
    alice.send(&json!({"type": "act", "seq": seq, "action": "fly away"})).await.unwrap();
    expect_error(&mut alice, "bad_action").await;
    alice.send(&json!({"type": "act", "seq": seq + 5, "action": "njet trump R"})).await.unwrap();
    expect_error(&mut alice, "stale").await;
    // Bob is not the one the match waits for.
    bob.send(&json!({"type": "act", "seq": seq, "action": "njet trump R"})).await.unwrap();
    let refused = expect_error(&mut bob, "illegal_action").await;
    assert_eq!(refused["message"], json!("You may not act now: waiting for Alice"), "by name");
    alice.send(&json!({"type": "chat", "text": ""})).await.unwrap();
    expect_error(&mut alice, "bad_request").await;
    alice.send(&json!({"type": "chat", "text": "x".repeat(501)})).await.unwrap();
    expect_error(&mut alice, "bad_request").await;
    alice.send(&json!({"type": "rematch"})).await.unwrap();
    expect_error(&mut alice, "not_over").await;
    // A spectator may not act or chat.
    let mut spectator = hello(addr, &room, None, None).await;
    assert_eq!(next_game_frame(&mut spectator).await["type"], json!("snapshot"));
    spectator.send(&json!({"type": "act", "seq": seq, "action": "njet trump R"})).await.unwrap();
    expect_error(&mut spectator, "spectator").await;
    spectator.send(&json!({"type": "chat", "text": "hi"})).await.unwrap();
    expect_error(&mut spectator, "spectator").await;
    // Nothing changed.
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["seq"].as_u64().unwrap(), seq);
    // A chat line reaches everyone, with the name.
    alice.send(&json!({"type": "chat", "text": "bonjour"})).await.unwrap();
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(10), bob.next()).await.unwrap().unwrap();
        if frame["type"] == json!("chat") {
            assert_eq!(frame, json!({"type": "chat", "seat": 0, "name": "Alice", "text": "bonjour"}));
            break;
        }
    }
    // Too large: refused, then the connection closes.
    alice.send_text(format!("{{\"type\":\"chat\",\"text\":\"{}\"}}", "x".repeat(70 * 1024))).await.unwrap();
    expect_error(&mut alice, "too_large").await;
    assert!(tokio::time::timeout(std::time::Duration::from_secs(10), alice.next()).await.unwrap().is_none(), "closed");
    // A wrong token: refused, then closed.
    let mut stranger = hello(addr, &room, Some("0123456789abcdef0123456789abcdef"), None).await;
    expect_error(&mut stranger, "bad_token").await;
    assert!(stranger.next().await.is_none());
    // No such room.
    let mut lost = hello(addr, "nosuchroom", None, None).await;
    expect_error(&mut lost, "no_room").await;
    assert!(lost.next().await.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooded_room_does_not_hold_up_another() {
    // Low limits, so that the flood is caught however loaded the machine running the tests is.
    let addr = start_with(tapis_server::ServeConfig { burst: 20.0, per_second: 10.0, ..relaxed() }).await;
    let flooded = create(addr, json!({"game": "nantais", "players": 2, "seats": ["human", "bot:easy"]})).await;
    let (_, token) = join(addr, &flooded, "Flood").await;
    let mut flood = hello(addr, &flooded, Some(&token), None).await;
    let flooding = tokio::spawn(async move {
        let mut limited = false;
        for i in 0..2000 {
            if flood.send(&json!({"type": "act", "seq": 999, "action": format!("play {i}")})).await.is_err() {
                break;
            }
            // Read what came back meanwhile, as a client does, so that the server's frames
            // never pile up unread.
            while let Ok(Some(frame)) = tokio::time::timeout(std::time::Duration::ZERO, flood.next()).await {
                limited |= frame["code"] == json!("rate_limited");
            }
        }
        while let Some(frame) = flood.next().await {
            limited |= frame["code"] == json!("rate_limited");
        }
        limited
    });
    // Meanwhile a whole match is played in another room, by a person at a person's pace (well
    // under 10 messages a second) with two bots.
    whole_match_paced(addr, GameId::Njet, 3, 1, 9, 150).await;
    assert!(flooding.await.unwrap(), "the flood was rate limited, then closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_names_and_levels_are_served_for_the_browser() {
    let addr = start().await;
    let (status, bots) = http(addr, "GET", "/api/bots", None).await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(
        bots,
        json!({
            "names": ["Ada", "Blaise", "Colette", "Denis", "Émilie", "Fernand", "Gaston", "Hortense", "Irène", "Jules"],
            "levels": [
                {"kind": "bot:easy", "fr": "facile", "en": "easy"},
                {"kind": "bot:medium", "fr": "moyen", "en": "medium"},
                {"kind": "bot:hard", "fr": "difficile", "en": "hard"},
            ],
        })
    );
    assert_eq!(tapis_table::bot_name(Seat(11)), "Blaise");
}

/// The browser holds no game's words nor its look: `GET /api/games` gives each game's line, the
/// name a table calls it by and its word for a round in both languages (extensions of
/// SERVER.md), and `/web/games/<id>.css` its style sheet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_served_with_its_words_and_its_look() {
    let addr = start().await;
    let (status, answer) = http(addr, "GET", "/api/games", None).await.unwrap();
    assert_eq!(status, 200);
    let games = answer["games"].as_array().unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, GameId::ALL.iter().map(|g| g.id()).collect::<Vec<_>>());
    let mut lines = Vec::new();
    for (game, id) in games.iter().zip(GameId::ALL) {
        for (field, lang) in [("", Lang::En), ("_fr", Lang::Fr)] {
            let words =
                |key: &str| game[format!("{key}{field}")].as_str().unwrap_or_else(|| panic!("{id}: {key}{field}"));
            assert_eq!(words("tagline"), id.tagline(lang), "{id}");
            assert_eq!(words("short_name"), id.short_name(lang), "{id}");
            assert_eq!(words("round_word"), id.round_word(lang), "{id}");
            let line = words("tagline");
            assert!(line.len() > 40 && [".", "!"].iter().any(|end| line.ends_with(end)), "{id}: a sentence: {line}");
            if lang == Lang::Fr {
                // French typography: a non-breaking space inside « » and before : ; ! ?, never a plain one.
                for bad in [" :", " ;", " !", " ?", "« ", " »"] {
                    assert!(!line.contains(bad), "{id}: « {bad} » in {line}");
                }
            }
            lines.push(line.to_string());
        }
    }
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 2 * GameId::ALL.len(), "every game has its own line in each language");
    let nantais = &games[0];
    assert_eq!(
        nantais["tagline_fr"],
        json!(
            "Le 8 américain d’une famille nantaise\u{a0}: séries, suites, 7 et Jokers qui font piocher, UNIQUE\u{a0}!"
        )
    );
    assert_eq!(
        nantais["tagline"],
        json!("A Nantes family’s Crazy Eights: runs, sequences, 7s and Jokers that make you draw, UNIQUE!")
    );
    assert_eq!(
        (nantais["short_name"].as_str(), nantais["round_word_fr"].as_str()),
        (Some("Le 8 Nantais"), Some("manche"))
    );
    let by_id = |id: GameId| &games[GameId::ALL.iter().position(|g| *g == id).unwrap()];
    let crazyeights = by_id(GameId::CrazyEights);
    assert_eq!(crazyeights["name"], json!("Crazy Eights (OpenSpiel)"), "the researcher's name is kept");
    assert_eq!(
        (crazyeights["short_name"].as_str(), crazyeights["short_name_fr"].as_str()),
        (Some("Crazy Eights"), Some("Crazy Eights"))
    );
    let gum = by_id(GameId::Gum);
    assert_eq!((gum["round_word"].as_str(), gum["round_word_fr"].as_str()), (Some("game"), Some("partie")));

    // Every game's module and style sheet, with their types, revalidated by their hash.
    for id in GameId::ALL {
        for (file, kind) in [("js", "text/javascript"), ("css", "text/css")] {
            let path = format!("/web/games/{id}.{file}");
            let (status, head, body) = get_text(addr, &path, "").await;
            assert_eq!(status, 200, "{path}");
            assert!(head.contains(&format!("content-type: {kind}; charset=utf-8")), "{path}: {head}");
            assert!(head.contains("cache-control: no-cache"), "{path}: {head}");
            assert!(body.len() > 1000, "{path}");
            let etag = head.lines().find_map(|l| l.strip_prefix("etag: ")).unwrap().trim().to_string();
            let (status, _, _) = get_text(addr, &path, &format!("If-None-Match: {etag}\r\n")).await;
            assert_eq!(status, 304, "{path}");
        }
    }
    assert_eq!(get_text(addr, "/web/games/chess.css", "").await.0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_requests_are_checked() {
    let addr = start().await;
    let refused = |body: Value| async move { http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap() };
    let cases = [
        (json!({"game": "chess", "players": 2}), 400, "unknown_game"),
        (json!({"game": "nantais"}), 400, "bad_request"),
        (json!({"game": "nantais", "players": 12}), 400, "bad_request"),
        (json!({"game": "nantais", "players": 1_000_000_000_000u64}), 400, "bad_request"),
        (json!({"game": "nantais", "players": 2, "options": {"joker_drw": 5}}), 400, "bad_option"),
        (
            json!({"game": "nantais", "players": 2, "deal": {"hands": [["7H"], ["8H"]], "discard": ["5H"]}}),
            400,
            "bad_deal",
        ),
        (json!({"game": "nantais", "players": 2, "seats": ["human"]}), 400, "bad_request"),
        (json!({"game": "nantais", "players": 2, "seats": ["human", "bot:genius"]}), 400, "bad_request"),
    ];
    for (body, status, code) in cases {
        let (got, answer) = refused(body.clone()).await;
        assert_eq!((got, answer["error"]["code"].as_str().unwrap()), (status, code), "{body}: {answer}");
        assert!(!answer["error"]["message"].as_str().unwrap().is_empty());
    }
    let (status, answer) = http_raw(addr, "POST", "/api/rooms", Some("{nope"), &[]).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (400, Some("bad_request")));
    let (status, answer) = http_raw(
        addr,
        "POST",
        "/api/rooms",
        Some("{\"game\":\"chess\",\"players\":2}"),
        &[("Accept-Language", "fr-FR,fr;q=0.9")],
    )
    .await
    .unwrap();
    assert_eq!(status, 400);
    assert!(answer["error"]["message"].as_str().unwrap().starts_with("jeu inconnu"), "{answer}");

    // A bot's seat is not for a person.
    let with_bot = create(addr, json!({"game": "nantais", "players": 2, "seats": ["human", "bot:easy"]})).await;
    let (status, answer) =
        http(addr, "POST", &format!("/api/rooms/{with_bot}/join"), Some(&json!({"name": "Eve", "seat": 1})))
            .await
            .unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (409, Some("seat_taken")));

    let room = create(addr, json!({"game": "nantais", "players": 2, "seed": 7})).await;
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["fixed_deal"], json!(true));
    assert_eq!(info["phase"], json!("waiting"));
    assert_eq!(info["match"], json!(1));
    let (status, answer) =
        http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": ""}))).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (400, Some("bad_request")));
    let (status, _) =
        http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": "x".repeat(33)}))).await.unwrap();
    assert_eq!(status, 400);
    let (seat, _) = join(addr, &room, "Alice").await;
    assert_eq!(seat, 0);
    let (status, answer) =
        http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": "Eve", "seat": 0}))).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (409, Some("seat_taken")));
    join(addr, &room, "Bob").await;
    let (status, answer) =
        http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": "Carol"}))).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (409, Some("room_full")));
    let (status, answer) = http(addr, "GET", &format!("/api/rooms/{room}/record"), None).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (409, Some("not_over")));
    let (status, answer) = http(addr, "GET", "/api/rooms/nosuchroom", None).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (404, Some("no_room")));
    let (status, games) = http(addr, "GET", "/api/games", None).await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(games["games"].as_array().unwrap().len(), GameId::ALL.len());
    let (status, health) = http(addr, "GET", "/api/health", None).await.unwrap();
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
}

/// A GET answered as text: status, headers, body.
async fn get_text(addr: SocketAddr, path: &str, headers: &str) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head.to_ascii_lowercase(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_table_is_served_and_a_finished_match_replays_step_by_step() {
    let addr = start().await;
    // The page, at every path the table routes on, and its files with their types.
    for path in ["/", "/r/abc", "/r/abc/replay"] {
        let (status, head, body) = get_text(addr, path, "").await;
        assert_eq!(status, 200, "{path}");
        assert!(head.contains("content-type: text/html"), "{head}");
        assert!(body.contains(r#"<div id="app">"#), "{path}");
    }
    let (status, head, body) = get_text(addr, "/web/app.js", "").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/javascript"), "{head}");
    assert!(body.contains("export") || body.contains("import"));
    let etag = head.lines().find_map(|l| l.strip_prefix("etag: ")).unwrap().trim().to_string();
    let (status, _, _) = get_text(addr, "/web/app.js", &format!("If-None-Match: {etag}\r\n")).await;
    assert_eq!(status, 304, "an unchanged file is not sent again");
    for missing in ["/web/nothing.js", "/web/tests/package.json", "/web/README.md", "/web/../Cargo.toml"] {
        assert_eq!(get_text(addr, missing, "").await.0, 404, "{missing}");
    }

    // Three bots play a match alone; the replay is refused until it is over.
    let room = create(
        addr,
        json!({"game": "nainjaune", "players": 3, "options": {"rounds": 2}, "seats": ["bot:easy", "bot:easy", "bot:easy"], "bot_delay_ms": 0}),
    )
    .await;
    let mut info = json!(null);
    for _ in 0..600 {
        info = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap().1;
        if info["phase"] == json!("over") {
            break;
        }
        let (status, answer) = http(addr, "GET", &format!("/api/rooms/{room}/replay"), None).await.unwrap();
        if status == 200 {
            // The bots may finish between the two requests: a replay given must be of a match now over.
            info = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap().1;
            assert_eq!(info["phase"], json!("over"), "a replay was given before the end: {info}");
            break;
        }
        assert_eq!((status, answer["error"]["code"].as_str()), (409, Some("not_over")));
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(info["phase"], json!("over"), "{info}");
    let record = record_of(addr, &room).await;
    let (status, replay) = http(addr, "GET", &format!("/api/rooms/{room}/replay"), None).await.unwrap();
    assert_eq!(status, 200, "{replay}");
    let actions = record["actions"].as_array().unwrap();
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len(), actions.len() + 1, "the deal, then one step per action");
    for (i, step) in steps.iter().enumerate() {
        let views = step["views"].as_array().unwrap();
        assert_eq!(views.len(), 3);
        for (seat, view) in views.iter().enumerate() {
            assert_eq!((view["seq"].as_u64(), view["seat"].as_u64()), (Some(i as u64), Some(seat as u64)));
            assert!(view["table"]["hand"].is_array(), "every hand is shown");
            assert_eq!(view["legal"], json!([]), "nobody acts in a replay");
        }
        if i > 0 {
            assert_eq!((&step["seat"], &step["action"]), (&actions[i - 1][0], &actions[i - 1][1]));
            assert!(step["events"].as_array().unwrap().iter().all(|e| e["text"]["fr"].is_string()));
            assert!(!step["words"]["en"].as_str().unwrap().is_empty());
        }
    }
    let last = &steps.last().unwrap()["views"][0];
    let (_, sheet) = http(addr, "GET", &format!("/api/rooms/{room}/rounds"), None).await.unwrap();
    assert_eq!(sheet["match"], json!(1));
    assert_eq!(sheet["rounds"], replay["rounds"], "the score sheet and the replay agree");
    let rounds = sheet["rounds"].as_array().unwrap();
    assert!(!rounds.is_empty() && rounds.len() <= 2, "{sheet}");
    assert_eq!(rounds.last().unwrap()["scores_after"], last["result"]["scores"]);
    assert_eq!(last["result"]["scores"], last["scores"]);
    assert_eq!(http(addr, "GET", "/api/rooms/nosuchroom/replay", None).await.unwrap().0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_earlier_match_keeps_its_record_and_replay_after_a_rematch() {
    let addr = start().await;
    let room = create(
        addr,
        json!({"game": "nainjaune", "players": 3, "options": {"rounds": 1}, "seats": ["human", "bot:easy", "bot:easy"], "bot_delay_ms": 0}),
    )
    .await;
    let (_, token) = join(addr, &room, "Alice").await;
    let alice = hello(addr, &room, Some(&token), None).await;
    play_from(alice, 3, None, 0).await;
    let first_record = record_of(addr, &room).await;
    let (status, first_replay) = http(addr, "GET", &format!("/api/rooms/{room}/replay"), None).await.unwrap();
    assert_eq!(status, 200, "{first_replay}");
    assert_eq!(first_replay["match"], json!(1));

    // A rematch: the room's current match is the second, not over yet.
    let mut alice = hello(addr, &room, Some(&token), None).await;
    assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"));
    alice.send(&json!({"type": "rematch"})).await.unwrap();
    let snapshot = next_game_frame(&mut alice).await;
    assert_eq!((snapshot["type"].as_str(), snapshot["match"].as_u64()), (Some("snapshot"), Some(2)), "{snapshot}");
    let get = |path: String| async move { http(addr, "GET", &path, None).await.unwrap() };
    assert_eq!(get(format!("/api/rooms/{room}/record")).await.1["error"]["code"], json!("not_over"));
    assert_eq!(get(format!("/api/rooms/{room}/record?match=2")).await.1["error"]["code"], json!("not_over"));

    // The first match, read back from the store, is what it was when it ended.
    let (status, record) = get(format!("/api/rooms/{room}/record?match=1")).await;
    assert_eq!((status, &record), (200, &first_record));
    let (status, replay) = get(format!("/api/rooms/{room}/replay?match=1")).await;
    assert_eq!((status, &replay), (200, &first_replay));

    // Matches the room never played, and a number that is not one.
    for (query, status, code) in
        [("match=3", 404, "no_match"), ("match=0", 404, "no_match"), ("match=first", 400, "bad_request")]
    {
        for route in ["record", "replay"] {
            let (got, answer) = get(format!("/api/rooms/{room}/{route}?{query}")).await;
            assert_eq!((got, answer["error"]["code"].as_str()), (status, Some(code)), "{route}?{query}: {answer}");
            assert!(!answer["error"]["message"].as_str().unwrap().is_empty());
        }
    }
    assert_eq!(get("/api/rooms/nosuchroom/replay?match=1".to_string()).await.0, 404);
}

/// The next frame of type `kind`, skipping the others.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(30), ws.next())
            .await
            .expect("a frame in time")
            .expect("open");
        if frame["type"] == json!(kind) {
            return frame;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_is_sent_and_its_moves_are_told_as_such() {
    let addr = start().await;
    // Alice plays first (seat 1 deals) and lets her clock run out.
    let body = json!({"game": "nantais", "players": 2, "options": {"rounds_to_win": 1}, "seats": ["human", "bot:easy"],
        "bot_delay_ms": 0, "turn_clock_ms": 1000, "dealer": 1, "seed": 3});
    let room = create(addr, body).await;
    let (_, token) = join(addr, &room, "Alice").await;
    let mut alice = hello(addr, &room, Some(&token), None).await;
    let snapshot = next_of(&mut alice, "snapshot").await;
    let left = snapshot["clock_ms"].as_u64().expect("the clock runs while the table waits for Alice");
    assert!(left <= 1000, "{snapshot}");
    let update = next_of(&mut alice, "update").await;
    assert_eq!(update["auto"], json!(true), "{update}");
    let told = &update["events"][0];
    assert_eq!((told["type"].as_str(), told["seat"].as_u64()), (Some("auto_move"), Some(0)), "{update}");
    assert_eq!(told["text"]["en"], json!("Move played automatically for Alice:"));
    assert_eq!(told["text"]["fr"], json!("Coup joué automatiquement pour Alice\u{a0}:"));
    // A table without a clock sends none.
    let room =
        create(addr, json!({"game": "nantais", "players": 2, "seats": ["human", "bot:easy"], "dealer": 1})).await;
    let (_, token) = join(addr, &room, "Alice").await;
    let mut alice = hello(addr, &room, Some(&token), None).await;
    let snapshot = next_of(&mut alice, "snapshot").await;
    assert!(snapshot.get("clock_ms").is_none(), "{snapshot}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_gives_the_seat_of_someone_who_left_to_a_bot_for_good() {
    let data = data_dir();
    let config =
        || tapis_server::ServeConfig { addr: "127.0.0.1:0".parse().unwrap(), data: data.clone(), ..Default::default() };
    let (ready, bound) = tokio::sync::oneshot::channel();
    let first = config();
    tokio::spawn(async move {
        tapis_server::serve(first, move |a| {
            let _ = ready.send(a);
        })
        .await
        .unwrap()
    });
    let addr = bound.await.unwrap();
    // Bob plays first (Alice deals).
    let body = json!({"game": "nantais", "players": 2, "options": {"rounds_to_win": 1}, "seats": ["human", "human"],
        "bot_delay_ms": 0, "dealer": 0, "seed": 9});
    let room = create(addr, body).await;
    let (_, alice_token) = join(addr, &room, "Alice").await;
    let (_, bob_token) = join(addr, &room, "Bob").await;
    let mut alice = hello(addr, &room, Some(&alice_token), None).await;
    let mut bob = hello(addr, &room, Some(&bob_token), None).await;
    next_of(&mut bob, "snapshot").await;
    // Only the host, and only for someone gone.
    bob.send(&json!({"type": "hand_over", "seat": 0})).await.unwrap();
    expect_error(&mut bob, "bad_request").await;
    alice.send(&json!({"type": "hand_over", "seat": 1})).await.unwrap();
    let refused = next_of(&mut alice, "error").await;
    assert_eq!(refused["code"], json!("bad_request"), "{refused}");
    alice.send(&json!({"type": "hand_over", "seat": 0})).await.unwrap();
    assert_eq!(next_of(&mut alice, "error").await["code"], json!("bad_request"));
    alice.send(&json!({"type": "hand_over"})).await.unwrap();
    assert_eq!(next_of(&mut alice, "error").await["code"], json!("bad_request"));
    bob.close().await;
    loop {
        let frame = next_of(&mut alice, "room").await;
        if frame["seats"][1]["connected"] == json!(false) {
            break;
        }
    }
    alice.send(&json!({"type": "hand_over", "seat": 1})).await.unwrap();
    let room_frame = next_of(&mut alice, "room").await;
    assert_eq!(room_frame["seats"][1]["kind"], json!("bot"), "{room_frame}");
    assert_eq!(room_frame["seats"][1]["bot"], json!("bot:medium"));
    assert!(room_frame["seats"][1].get("name").is_none());
    // The bot plays Bob's move, under its name.
    let update = next_of(&mut alice, "update").await;
    assert_eq!(update["seq"], json!(1));
    assert!(update["events"].to_string().contains("Blaise"), "{update}");
    // Bob's token opens nothing now.
    let mut back = hello(addr, &room, Some(&bob_token), None).await;
    expect_error(&mut back, "bad_token").await;
    // And a server started on the same data finds the seat a bot's.
    let (ready, bound) = tokio::sync::oneshot::channel();
    let second = config();
    tokio::spawn(async move {
        tapis_server::serve(second, move |a| {
            let _ = ready.send(a);
        })
        .await
        .unwrap()
    });
    let again = bound.await.unwrap();
    let (_, info) = http(again, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["seats"][1]["kind"], json!("bot"), "{info}");
    assert!(info["seats"][1].get("name").is_none());
}

/// The table a room of Le 8 Nantais for two builds from this deal and seed, at people's pace
/// (bots move 700 ms after each change): what the server will do, worked out here.
fn nantais_table(deal: &Value, seed: u64, seats: [Controller; 2]) -> Table {
    let setup = TableSetup {
        game: GameId::Nantais,
        request: tapis_core::MatchRequest {
            players: 2,
            seed,
            dealer: None,
            options: Default::default(),
            deal: Some(deal.clone()),
        },
        controllers: seats.to_vec(),
        bot_delay_ms: 700,
        turn_clock_ms: None,
        names: Vec::new(),
        reader: None,
    };
    Table::new(setup, 0).unwrap()
}

/// Frames of a given type, skipping `room` and `chat` frames, until none comes within `ms`.
async fn quiet_for(ws: &mut Ws, ms: u64) -> Option<Value> {
    loop {
        match tokio::time::timeout(std::time::Duration::from_millis(ms), ws.next()).await {
            Err(_) => return None,
            Ok(frame) => {
                let frame = frame.expect("open");
                if !matches!(frame["type"].as_str(), Some("room" | "chat")) {
                    return Some(frame);
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_only_move_is_played_for_them_unless_they_ask_for_it() {
    let addr = start().await;
    // Nothing of Alice's fits the 5♥: her only move is to draw.
    let deal =
        nantais_deal(&["2C", "3C", "4C", "6C", "9C", "TC", "JC"], &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    let delay = nantais_table(&deal, 5, [Controller::Person; 2]).forced(Seat(0)).unwrap().at;
    assert!((800..=2600).contains(&delay), "{delay}");
    let body = json!({"game": "nantais", "players": 2, "deal": deal, "seed": 5});

    // By default the table draws for her, and tells her alone that it did.
    let room = create(addr, body.clone()).await;
    let (_, alice_token) = join(addr, &room, "Alice").await;
    let (_, bob_token) = join(addr, &room, "Bob").await;
    let mut alice = hello(addr, &room, Some(&alice_token), None).await;
    let mut bob = hello(addr, &room, Some(&bob_token), None).await;
    let snapshot = next_game_frame(&mut alice).await;
    assert_eq!((snapshot["seq"].as_u64(), &snapshot["legal"]), (Some(0), &json!(["draw"])));
    assert_eq!(next_game_frame(&mut bob).await["type"], json!("snapshot"));
    let drawn = next_game_frame(&mut alice).await;
    assert_eq!(
        (drawn["type"].as_str(), drawn["seq"].as_u64(), &drawn["forced"]),
        (Some("update"), Some(1), &json!(true))
    );
    assert_eq!(drawn["status"]["cards"], json!([8, 7]), "{drawn}");
    let told = next_game_frame(&mut bob).await;
    assert_eq!(told["seq"], json!(1));
    assert!(told.get("forced").is_none(), "nobody else learns the move was the only one: {told}");

    // Asked not to, the table waits for her, past the delay it would have taken; told again,
    // it plays the move at once, since its time has come.
    let room = create(addr, body).await;
    let (_, alice_token) = join(addr, &room, "Alice").await;
    join(addr, &room, "Bob").await;
    let mut alice = Ws::connect(addr, &room).await.unwrap();
    alice.send(&json!({"type": "hello", "token": alice_token, "lang": "en", "auto_forced": false})).await.unwrap();
    assert_eq!(next_game_frame(&mut alice).await["legal"], json!(["draw"]));
    assert_eq!(quiet_for(&mut alice, delay + 700).await, None, "the table waits");
    alice.send(&json!({"type": "settings"})).await.unwrap();
    expect_error(&mut alice, "bad_request").await;
    alice.send(&json!({"type": "settings", "auto_forced": true})).await.unwrap();
    let drawn = next_game_frame(&mut alice).await;
    assert_eq!((drawn["seq"].as_u64(), &drawn["forced"]), (Some(1), &json!(true)), "{drawn}");
    // A spectator has no move to have played: said in `hello` it is ignored, asked alone it is
    // refused.
    let mut watcher = Ws::connect(addr, &room).await.unwrap();
    watcher.send(&json!({"type": "hello", "lang": "en", "auto_forced": false})).await.unwrap();
    assert_eq!(next_game_frame(&mut watcher).await["type"], json!("snapshot"));
    watcher.send(&json!({"type": "settings", "auto_forced": false})).await.unwrap();
    expect_error(&mut watcher, "spectator").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_contre_unique_comes_at_a_persons_pace_and_a_person_within_1200_ms_wins() {
    let addr = start().await;
    // Alice lays the 5♠ of her two cards; the medium bot may call CONTRE UNIQUE. A seed where it
    // notices, and calls it, worked out on a table here.
    let deal = nantais_deal(&["5S", "9C"], &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    let medium = Controller::Bot(tapis_bots::Level::Medium.bot());
    let calls = |seed: u64| {
        let mut table = nantais_table(&deal, seed, [Controller::Person, medium]);
        table.submit(Seat(0), 0, "play 5S", 0).unwrap();
        let delay = table.window_of(Seat(1))?.delay?;
        let first = table.advance(u64::MAX).into_iter().next()?;
        (first.action == "contre 0").then_some(delay)
    };
    let (seed, delay) = (0..40).find_map(|seed| calls(seed).map(|delay| (seed, delay))).unwrap();
    assert!(delay >= 1500, "{delay}");
    let body = json!({"game": "nantais", "players": 2, "deal": deal, "seed": seed, "seats": ["human", "bot:medium"]});
    let start_room = |body: Value| async move {
        let room = create(addr, body).await;
        let (_, token) = join(addr, &room, "Alice").await;
        let mut alice = hello(addr, &room, Some(&token), None).await;
        assert_eq!(next_game_frame(&mut alice).await["type"], json!("snapshot"));
        alice
    };

    // Left alone, the bot calls it, well after 1.2 s.
    let mut alice = start_room(body.clone()).await;
    alice.send(&json!({"type": "act", "seq": 0, "action": "play 5S"})).await.unwrap();
    assert_eq!(next_game_frame(&mut alice).await["seq"], json!(1));
    #[allow(clippy::disallowed_methods)] // the test measures how long the server's bot waited
    let laid = std::time::Instant::now();
    let contre = next_game_frame(&mut alice).await;
    let waited = laid.elapsed().as_millis() as u64;
    assert_eq!(contre["seq"], json!(2));
    assert!(contre["events"].as_array().unwrap().iter().any(|e| e["type"] == json!("contre")), "{contre}");
    assert!(waited >= 1200, "the bot called CONTRE UNIQUE {waited} ms after the card (drawn: {delay} ms)");

    // Alice says UNIQUE 1.2 s after her card: she is first.
    let mut alice = start_room(body.clone()).await;
    alice.send(&json!({"type": "act", "seq": 0, "action": "play 5S"})).await.unwrap();
    assert_eq!(next_game_frame(&mut alice).await["seq"], json!(1));
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    alice.send(&json!({"type": "act", "seq": 1, "action": "unique"})).await.unwrap();
    let said = next_game_frame(&mut alice).await;
    assert_eq!((said["seq"].as_u64(), &said["status"]["cards"]), (Some(2), &json!([1, 7])), "{said}");

    // « Poser et annoncer »: the card and UNIQUE sent together are both taken, nothing between.
    let mut alice = start_room(body).await;
    alice.send(&json!({"type": "act", "seq": 0, "action": "play 5S"})).await.unwrap();
    alice.send(&json!({"type": "act", "seq": 1, "action": "unique"})).await.unwrap();
    assert_eq!(next_game_frame(&mut alice).await["seq"], json!(1));
    let said = next_game_frame(&mut alice).await;
    assert_eq!((said["type"].as_str(), said["seq"].as_u64()), (Some("update"), Some(2)), "{said}");
    assert!(said["events"].as_array().unwrap().iter().any(|e| e["type"] == json!("unique")), "{said}");
    assert_eq!(said["legal"], json!(["end"]));
}

/// `tapis serve` on PostgreSQL (`--store postgres://…`): a whole match of every game, people and
/// bots and a spectator, every frame checked; every acknowledged action is in the database, in
/// order, under the node's lease.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_to_the_end_on_postgres() {
    let pg = store::postgres::Postgres::shared();
    let url = pg.database();
    let config = tapis_server::ServeConfig {
        burst: 1e9,
        per_second: 1e9,
        store: Some(url.clone()),
        node: "n1".into(),
        ..relaxed()
    };
    let addr = start_with(config).await;
    for (i, &game) in GameId::ALL.iter().enumerate() {
        let players = game.players().0.max(3).min(game.players().1);
        whole_match(addr, game, players, 1 + i % players, 3).await;
    }
    let stored = pg.sql(&url, "SELECT string_agg(room || ':' || n, ',' ORDER BY room) FROM (SELECT room, count(*) AS n FROM actions GROUP BY room) a");
    let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
    assert_eq!(
        (&health["status"], &health["rooms"], &health["node"]),
        (&json!("ok"), &json!(GameId::ALL.len()), &json!("n1"))
    );
    let leases = health["leases"].as_object().unwrap();
    assert_eq!(leases.len(), GameId::ALL.len(), "{health}");
    assert!(
        leases.values().all(|lease| lease["epoch"] == json!(1) && lease["ms_left"].as_u64().unwrap() > 0),
        "{health}"
    );
    let mut expected = Vec::new();
    for room in stored.split(',') {
        let (code, n) = room.split_once(':').unwrap();
        let record = record_of(addr, code).await;
        assert_eq!(record["actions"].as_array().unwrap().len().to_string(), n, "room {code}");
        expected.push(format!("{code}|n1|1"));
    }
    assert_eq!(expected.len(), GameId::ALL.len());
    assert_eq!(
        pg.sql(&url, "SELECT room, node, epoch FROM leases ORDER BY room").replace('\n', ","),
        expected.join(",")
    );
}

/// One request on a connection of its own, its answer read to the end: the status and the body
/// exactly as they came (the JSON errors of SERVER.md are compared byte for byte).
async fn exchange(addr: SocketAddr, method: &str, path: &str, headers: &str, body: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n{headers}\r\n{body}",
        body.len()
    );
    // A body refused for its size may be answered before it is all read: the answer counts.
    let _ = stream.write_all(request.as_bytes()).await;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response).await;
    let text = String::from_utf8_lossy(&response).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no answer to {method} {path}: {text}"));
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

/// The error body of SERVER.md, as the server writes it.
fn error_body(code: &str, message: &str) -> String {
    json!({"error": {"code": code, "message": message}}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refused_body_and_query_is_answered_word_for_word() {
    let addr =
        start_with(tapis_server::ServeConfig { body_timeout: std::time::Duration::from_secs(1), ..relaxed() }).await;
    let json = "Content-Type: application/json\r\n";
    let fr = "Content-Type: application/json\r\nAccept-Language: fr-FR,fr;q=0.9\r\n";
    let bad = |message: &str| (400, error_body("bad_request", message));
    let create_cases: Vec<(&str, &str, (u16, String))> = vec![
        // Not JSON, or not an object.
        (json, "{nope", bad("the body is not JSON (key must be a string at line 1 column 2)")),
        (json, "", bad("the body is not JSON (EOF while parsing a value at line 1 column 0)")),
        (json, "{} x", bad("the body is not JSON (trailing characters at line 1 column 4)")),
        (json, "[1,}", bad("the body is not JSON (expected value at line 1 column 4)")),
        (fr, "{nope", bad("le corps n'est pas du JSON (key must be a string at line 1 column 2)")),
        (json, "[1]", bad("the body must be a JSON object")),
        (json, "null", bad("the body must be a JSON object")),
        (fr, "\"njet\"", bad("le corps doit être un objet JSON")),
        // Each field, in the order they are checked.
        (json, r#"{"players":"x"}"#, bad("\"game\" (a string) is required")),
        (json, r#"{"game":3,"players":2}"#, bad("\"game\" (a string) is required")),
        (fr, r#"{"game":null}"#, bad("« game » (une chaîne) est requis")),
        (
            json,
            r#"{"game":"chess"}"#,
            (
                400,
                error_body(
                    "unknown_game",
                    "unknown game 'chess'; the games are: nantais, nurmut, gum, nainjaune, njet, crazyeights",
                ),
            ),
        ),
        (json, r#"{"game":"nantais"}"#, bad("\"players\" is required")),
        (json, r#"{"game":"nantais","players":null}"#, bad("\"players\" is required")),
        (json, r#"{"game":"nantais","players":"2"}"#, bad("\"players\" must be a non-negative integer")),
        (json, r#"{"game":"nantais","players":-1}"#, bad("\"players\" must be a non-negative integer")),
        (fr, r#"{"game":"nantais","players":2.5}"#, bad("« players » doit être un entier positif ou nul")),
        (json, r#"{"game":"nantais","players":12}"#, bad("Le 8 Nantais is played by 2 to 7 players, not 12")),
        (json, r#"{"game":"nantais","players":2,"options":[]}"#, bad("\"options\" must be an object")),
        (fr, r#"{"game":"nantais","players":2,"deal":3}"#, bad("« deal » doit être un objet")),
        (json, r#"{"game":"nantais","players":2,"seed":-1}"#, bad("\"seed\" must be a non-negative integer")),
        (json, r#"{"game":"nantais","players":2,"dealer":"x"}"#, bad("\"dealer\" must be a non-negative integer")),
        (json, r#"{"game":"nantais","players":2,"dealer":256}"#, bad("\"dealer\" must be a seat")),
        (json, r#"{"game":"nantais","players":2,"bot_delay_ms":60001}"#, bad("\"bot_delay_ms\" is at most 60000")),
        (fr, r#"{"game":"nantais","players":2,"bot_delay_ms":60001}"#, bad("« bot_delay_ms » vaut au plus 60000")),
        (
            json,
            r#"{"game":"nantais","players":2,"turn_clock_ms":999}"#,
            bad("\"turn_clock_ms\" is from 1000 to 3600000"),
        ),
        (json, r#"{"game":"nantais","players":2,"seats":"human"}"#, bad("\"seats\" must be a list")),
        (
            json,
            r#"{"game":"nantais","players":2,"seats":[1,"human"]}"#,
            bad("each seat is \"human\", \"bot:easy\", \"bot:medium\" or \"bot:hard\""),
        ),
        (json, r#"{"game":"nantais","players":2,"seats":["human"]}"#, bad("\"seats\" lists 1 seats for 2 players")),
        (fr, r#"{"game":"nantais","players":2,"seats":["human"]}"#, bad("« seats » décrit 1 places pour 2 joueurs")),
    ];
    for (headers, body, expected) in &create_cases {
        assert_eq!(&exchange(addr, "POST", "/api/rooms", headers, body).await, expected, "{body}");
    }
    // What is not refused: fields nobody asked for, any content type or none, a key given twice
    // (the last one counts).
    for (headers, body) in [
        (json, r#"{"game":"nantais","players":2,"colour":"red"}"#),
        ("Content-Type: text/plain\r\n", r#"{"game":"nantais","players":2}"#),
        ("", r#"{"game":"nantais","players":2}"#),
        (json, r#"{"game":"chess","game":"nantais","players":2}"#),
    ] {
        let (status, answer) = exchange(addr, "POST", "/api/rooms", headers, body).await;
        assert_eq!(status, 201, "{headers}{body}: {answer}");
    }
    // Too large, in the client's language; too slow.
    let big = format!("{{\"game\":\"{}\"}}", "x".repeat(65 << 10));
    let too_large = (413, error_body("too_large", "message too large: 64 KiB at most"));
    assert_eq!(exchange(addr, "POST", "/api/rooms", json, &big).await, too_large);
    let trop_long = (413, error_body("too_large", "message trop long\u{a0}: 64\u{a0}Kio au plus"));
    assert_eq!(exchange(addr, "POST", "/api/rooms", fr, &big).await, trop_long);
    let slow = {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let head = "POST /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 100\r\n\r\n{\"game\"";
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response).await;
        String::from_utf8_lossy(&response).to_string()
    };
    let (head, body) = slow.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 408"), "{head}");
    assert_eq!(body, error_body("timeout", "the request body came too slowly"));

    // Joining: the body is read before the room is looked for.
    let room = create(addr, json!({"game": "nantais", "players": 2})).await;
    let join = format!("/api/rooms/{room}/join");
    let long_name = format!(r#"{{"name":"{}"}}"#, "x".repeat(33));
    let join_cases: Vec<(&str, &str, &str, (u16, String))> = vec![
        (
            "/api/rooms/nosuchroom/join",
            json,
            "{nope",
            bad("the body is not JSON (key must be a string at line 1 column 2)"),
        ),
        (
            "/api/rooms/nosuchroom/join",
            json,
            r#"{"name":"Eve"}"#,
            (404, error_body("no_room", "there is no such room")),
        ),
        (&join, json, "[]", bad("the body must be a JSON object")),
        (&join, json, r#"{"seat":0}"#, bad("\"name\" (a string) is required")),
        (&join, fr, r#"{"name":7}"#, bad("« name » (une chaîne) est requis")),
        (&join, json, r#"{"name":" "}"#, bad("a name is 1 to 32 visible characters long")),
        (&join, json, &long_name, bad("a name is 1 to 32 visible characters long")),
        (&join, json, r#"{"name":"Eve","seat":"0"}"#, bad("\"seat\" must be a non-negative integer")),
        (&join, fr, r#"{"name":"Eve","seat":256}"#, bad("« seat » doit être une place")),
        (&join, json, &big, too_large.clone()),
    ];
    for (path, headers, body, expected) in &join_cases {
        assert_eq!(&exchange(addr, "POST", path, headers, body).await, expected, "{path} {body}");
    }

    // Queries: the room is looked for first, then the number read.
    for route in ["record", "replay"] {
        let path = |query: &str| format!("/api/rooms/{room}/{route}?{query}");
        let query_cases = [
            (path("match=first"), "", bad("\"match\" must be a match number")),
            (path("match=-1"), "", bad("\"match\" must be a match number")),
            (path("match="), "", bad("\"match\" must be a match number")),
            (path("match=first"), fr, bad("« match » doit être un numéro de partie")),
            (path("match=0"), "", (404, error_body("no_match", "this room has no match 0"))),
            (path("match=2"), fr, (404, error_body("no_match", "ce salon n’a pas de partie n°\u{a0}2"))),
            (path("match=1"), "", (409, error_body("not_over", "the match is not over"))),
            (path("other=3&match=1"), "", (409, error_body("not_over", "the match is not over"))),
            (path("other=x"), "", (409, error_body("not_over", "the match is not over"))),
            (
                format!("/api/rooms/nosuchroom/{route}?match=first"),
                "",
                (404, error_body("no_room", "there is no such room")),
            ),
        ];
        for (path, headers, expected) in &query_cases {
            assert_eq!(&exchange(addr, "GET", path, headers, "").await, expected, "{path}");
        }
    }
}

/// A room's task that dies (a panic: a bug) is counted in `/api/health`, its clients are told
/// to reconnect (1012), and it comes back from the store at once, where its clients last saw it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_whose_task_dies_comes_back_from_the_store() {
    let config = tapis_server::ServeConfig { panic_on_chat: Some("die, room".into()), ..relaxed() };
    let addr = start_with(config).await;
    let room =
        create(addr, json!({"game": "nurmut", "players": 2, "seats": ["human", "bot:easy"], "bot_delay_ms": 0})).await;
    let (_, token) = join(addr, &room, "Ann").await;
    let mut ws = hello(addr, &room, Some(&token), None).await;
    let mut frame = next_game_frame(&mut ws).await;
    while frame["seq"].as_u64().unwrap() < 6 {
        if let Some(action) = frame["legal"].as_array().and_then(|legal| legal.first()) {
            ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.unwrap();
        }
        frame = next_of(&mut ws, "update").await;
    }
    let seen = frame["seq"].as_u64().unwrap();
    let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
    assert_eq!((health["status"].as_str(), health["rooms_died"].as_u64()), (Some("ok"), Some(0)), "{health}");
    ws.send(&json!({"type": "chat", "text": "die, room"})).await.unwrap();
    assert_eq!(ws.close_code().await, Some(1012), "told to reconnect");
    // Counted, and brought back from the store by itself (within a moment).
    let mut health = Value::Null;
    for _ in 0..100 {
        health = http(addr, "GET", "/api/health", None).await.unwrap().1;
        if health["rooms"] == json!(1) && health["rooms_died"] == json!(1) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!((health["rooms"].clone(), health["rooms_died"].clone()), (json!(1), json!(1)), "{health}");
    assert_eq!((health["status"].as_str(), health["degraded"].clone()), (Some("degraded"), json!(["room_task_died"])));
    // Back where the client left it, and playing on.
    let mut ws = hello(addr, &room, Some(&token), Some(seen)).await;
    let mut frame = next_game_frame(&mut ws).await;
    assert!(frame["seq"].as_u64().unwrap() >= seen, "{frame}");
    for _ in 0..4 {
        if frame["status"]["over"] == json!(true) {
            break;
        }
        if let Some(action) = frame["legal"].as_array().and_then(|legal| legal.first()) {
            ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.unwrap();
        }
        frame = next_of(&mut ws, "update").await;
    }
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert!(info["seq"].as_u64().unwrap() > seen, "{info}");
}

/// One person at a practice table: plays the hinted move at each choice (the lone move when
/// there is one), until the match ends; every hint is checked to be for this seat and for the
/// table as it stands when it comes, naming one of the moves offered. Returns the hints with
/// the moves offered at each.
async fn follow_hints(mut ws: Ws, seat: u8) -> Vec<(Value, Vec<Value>)> {
    let mut hints = Vec::new();
    let (mut seq, mut legal) = (0, Vec::new());
    loop {
        let frame = next_game_frame(&mut ws).await;
        match frame["type"].as_str() {
            Some("hint") => {
                assert_eq!(frame["seat"], seat, "a hint goes to its seat only");
                assert_eq!(frame["seq"], seq, "a hint is for the table as it stands when it comes");
                let best = &frame["best"]["action"];
                assert!(best.is_null() || legal.contains(best), "{best} is one of the moves offered");
                if !best.is_null() {
                    ws.send(&json!({"type": "act", "seq": seq, "action": best})).await.unwrap();
                }
                hints.push((frame, legal.clone()));
            }
            Some("error") => {}
            _ => {
                seq = frame["seq"].as_u64().unwrap();
                if frame["status"]["over"] == json!(true) {
                    break;
                }
                legal = frame["legal"].as_array().cloned().unwrap_or_default();
                if legal.len() == 1 {
                    ws.send(&json!({"type": "act", "seq": seq, "action": legal[0]})).await.unwrap();
                }
            }
        }
    }
    ws.close().await;
    hints
}

/// A practice table (`"hints": true`): each person gets, at each of their choices, a `hint`
/// frame for their seat alone, for the table as it stands (never a stale one), the same advice
/// `tapis play --hints` gives at that point of the match; a spectator gets none; the room and
/// the record say the table is one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_table_advises_each_person_at_each_choice_and_nobody_else() {
    let budget = 300;
    let addr = start_with(tapis_server::ServeConfig { hint_budget: budget, ..relaxed() }).await;
    let body = json!({
        "game": "nantais", "players": 3, "seats": ["human", "human", "bot:easy"], "options": {"rounds_to_win": 1},
        "seed": 21, "bot_delay_ms": 0, "hints": true,
    });
    let room = create(addr, body).await;
    let (_, ana) = join(addr, &room, "Ana").await;
    let (_, bo) = join(addr, &room, "Bo").await;
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["hints"], true, "{info}");
    let spectator = tokio::spawn(watch(hello(addr, &room, None, None).await));
    let (a, b) = (hello(addr, &room, Some(&ana), None).await, hello(addr, &room, Some(&bo), None).await);
    let (hints_a, hints_b) = tokio::join!(follow_hints(a, 0), follow_hints(b, 1));
    let watched = spectator.await.unwrap();
    assert!(watched.iter().all(|f| f["type"] != "hint"), "a spectator is given no hint");
    let record = record_of(addr, &room).await;
    assert_eq!(record["hints"], true, "the record says the table was a practice table");
    let record: tapis_core::Record = serde_json::from_value(record).unwrap();
    let names = names_at(addr, &room).await;
    for (seat, hints) in [(0u8, &hints_a), (1, &hints_b)] {
        assert!(hints.len() >= 3, "seat {seat} was advised at its choices: {}", hints.len());
        for (hint, offered) in hints.iter() {
            let seq = hint["seq"].as_u64().unwrap();
            let seed = tapis_core::rng::game_seed(record.seed, seq);
            let expected =
                tapis_table::review::hint_json(&record.until(seq as usize), Seat(seat), &names, budget, seed)
                    .unwrap()
                    .expect("a seat with a choice is advised");
            assert_eq!(hint["best"]["action"], expected["best"]["action"], "seat {seat} at {seq}");
            assert_eq!(hint["text"], expected["text"]["en"], "seat {seat} at {seq}");
            assert_eq!(hint["short"], expected["short"]["en"], "seat {seat} at {seq}");
            assert!(!offered.is_empty(), "a hint comes only to a seat that may act");
        }
    }
}
