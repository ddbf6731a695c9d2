//! Any text a WebSocket client may send after `hello`: it becomes one request to the room, or it
//! is refused with `bad_request` and a sentence in the connection's language. A request is what
//! the message said and within its limits: an action of at most 100 characters, a chat line
//! cleaned (cleaning it again changes nothing) and of at most 500 characters. The same text gives
//! the same answer in French and in English, apart from the words.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tapis_core::Lang;
use tapis_server::room::RoomMsg;
use tapis_server::text::clean;
use tapis_server::ws::{MAX_CHAT, request};

/// The outcome without its words, to compare the two languages.
fn shape(outcome: &Result<RoomMsg, tapis_server::ApiError>) -> String {
    match outcome {
        Ok(RoomMsg::Act { conn, seq, action }) => format!("act {conn} {seq} {action}"),
        Ok(RoomMsg::Chat { conn, text }) => format!("chat {conn} {text}"),
        Ok(RoomMsg::Rematch { conn }) => format!("rematch {conn}"),
        Ok(RoomMsg::Settings { conn, auto_forced }) => format!("settings {conn} {auto_forced}"),
        Ok(RoomMsg::HandOver { conn, seat }) => format!("hand over {conn} {seat}"),
        Ok(_) => panic!("a client's message became a request only the server makes"),
        Err(error) => error.code().to_string(),
    }
}

fuzz_target!(|text: &str| {
    let answers = [Lang::Fr, Lang::En].map(|lang| request(7, text, lang));
    for answer in &answers {
        match answer {
            Ok(RoomMsg::Act { conn, action, .. }) => {
                assert_eq!(*conn, 7);
                assert!(action.chars().count() <= 100, "an action of {} characters", action.chars().count());
            }
            Ok(RoomMsg::Chat { conn, text: line }) => {
                assert_eq!(*conn, 7);
                assert!(line.chars().count() <= MAX_CHAT);
                assert_eq!(clean(line).as_deref(), Some(line.as_str()), "a chat line kept uncleaned");
            }
            Ok(_) => {}
            Err(error) => {
                assert_eq!(error.code(), "bad_request", "{error:?}");
                let fr = error.message(Lang::Fr);
                let en = error.message(Lang::En);
                assert!(!fr.trim().is_empty() && !en.trim().is_empty(), "{error:?}");
            }
        }
    }
    assert_eq!(shape(&answers[0]), shape(&answers[1]), "French and English answers differ beyond words");
    // The same text, the same answer.
    assert_eq!(shape(&request(7, text, Lang::Fr)), shape(&answers[0]));
});
