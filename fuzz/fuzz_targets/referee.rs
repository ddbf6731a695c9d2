//! `tapis referee` fed any lines: every line gets one JSON answer (`ok` true, or false with an
//! error code and message), and the referee never stops answering.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tapis::referee::Referee;

fuzz_target!(|input: &[u8]| {
    let mut referee = Referee::new();
    for line in String::from_utf8_lossy(input).lines() {
        let Some(answer) = referee.handle_line(line) else { continue };
        let answer: Value = serde_json::from_str(&answer).expect("every answer is JSON");
        match answer["ok"] {
            Value::Bool(true) => {}
            Value::Bool(false) => {
                assert!(answer["error"]["code"].is_string(), "{answer}");
                assert!(!answer["error"]["message"].as_str().unwrap_or("").is_empty(), "{answer}");
            }
            _ => panic!("an answer without \"ok\": {answer}"),
        }
    }
});
