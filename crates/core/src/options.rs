//! Variant switches: each game lists its options as [`OptionSpec`]s; the core checks keys and
//! values against them, fills in the defaults, and hands the game a complete JSON object that its
//! own `Options` type deserializes. One place for validation means one wording of every error.

use crate::error::{SetupError, Text};
use crate::game::Lang;
use crate::words::grouped;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The values an option accepts.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    Bool,
    /// One of these strings, each with its words.
    Choice(&'static [ChoiceValue]),
    /// One of these integers.
    Ints(&'static [i64]),
    /// An integer in `min..=max`.
    Range {
        min: i64,
        max: i64,
    },
    /// Anything the game's own validation accepts; the texts say what, in English and French.
    Custom {
        en: &'static str,
        fr: &'static str,
    },
}

/// One value of a [`OptionKind::Choice`]: the key that is typed, sent and stored, and what it
/// means in words for people choosing it.
#[derive(Clone, Copy, Debug)]
pub struct ChoiceValue {
    pub key: &'static str,
    pub en: &'static str,
    pub fr: &'static str,
}

/// One variant switch of a game.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key, without the game prefix: `joker_draw`.
    pub key: &'static str,
    pub kind: OptionKind,
    /// The default as JSON text: `4`, `true`, `"blind"`.
    pub default: &'static str,
    /// One line for `tapis rules` and `--help`, in English.
    pub help: &'static str,
    /// The same line in French.
    pub help_fr: &'static str,
}

impl OptionSpec {
    pub fn default_value(&self) -> Value {
        serde_json::from_str(self.default).expect("option defaults are valid JSON")
    }

    /// The accepted values, as the `games` command and error messages show them.
    pub fn describe_values(&self) -> String {
        self.accepted().en
    }

    /// The accepted values in both languages.
    pub fn accepted(&self) -> Text {
        match self.kind {
            OptionKind::Bool => Text::new("true ou false", "true or false"),
            OptionKind::Choice(values) => {
                let keys = values.iter().map(|v| v.key).collect::<Vec<_>>().join(", ");
                Text::new(keys.clone(), keys)
            }
            OptionKind::Ints(values) => {
                let list = values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
                Text::new(list.clone(), list)
            }
            OptionKind::Range { min, max } if max == i64::MAX => Text::new(
                format!("un entier ≥ {}", grouped(min, Lang::Fr)),
                format!("an integer ≥ {}", grouped(min, Lang::En)),
            ),
            OptionKind::Range { min, max } => {
                let (fr, en) = (|n| grouped(n, Lang::Fr), |n| grouped(n, Lang::En));
                Text::new(
                    format!("un entier de {} à {}", fr(min), fr(max)),
                    format!("an integer from {} to {}", en(min), en(max)),
                )
            }
            OptionKind::Custom { en, fr } => Text::new(fr, en),
        }
    }

    /// The one-line help in `lang`.
    pub fn help(&self, lang: Lang) -> &'static str {
        lang.pick(self.help_fr, self.help)
    }

    /// The spec as JSON for the `games` command: default and accepted values.
    pub fn to_json(&self) -> Value {
        let mut spec = Map::new();
        spec.insert("default".into(), self.default_value());
        match self.kind {
            OptionKind::Bool => {
                spec.insert("values".into(), Value::from(vec![false, true]));
            }
            OptionKind::Choice(values) => {
                spec.insert("values".into(), values.iter().map(|v| v.key).collect());
                spec.insert("labels".into(), values.iter().map(|v| v.en).collect());
                spec.insert("labels_fr".into(), values.iter().map(|v| v.fr).collect());
            }
            OptionKind::Ints(values) => {
                spec.insert("values".into(), Value::from(values.to_vec()));
            }
            OptionKind::Range { min, max } => {
                spec.insert("min".into(), Value::from(min));
                if max != i64::MAX {
                    spec.insert("max".into(), Value::from(max));
                }
            }
            OptionKind::Custom { en, fr } => {
                spec.insert("accepts".into(), Value::from(en));
                spec.insert("accepts_fr".into(), Value::from(fr));
            }
        }
        spec.insert("help".into(), Value::from(self.help));
        spec.insert("help_fr".into(), Value::from(self.help_fr));
        Value::Object(spec)
    }

    fn accepts(&self, value: &Value) -> bool {
        match self.kind {
            OptionKind::Bool => value.is_boolean(),
            OptionKind::Choice(values) => value.as_str().is_some_and(|s| values.iter().any(|v| v.key == s)),
            OptionKind::Ints(values) => value.as_i64().is_some_and(|v| values.contains(&v)),
            OptionKind::Range { min, max } => value.as_i64().is_some_and(|v| (min..=max).contains(&v)),
            OptionKind::Custom { .. } => true,
        }
    }
}

/// Checks `given` against `specs` and returns the complete object (every key, defaults filled),
/// in spec order.
pub fn complete_options(specs: &[OptionSpec], given: &Map<String, Value>) -> Result<Map<String, Value>, SetupError> {
    for (key, value) in given {
        let Some(spec) = specs.iter().find(|s| s.key == key) else {
            return Err(SetupError::UnknownOption { key: key.clone(), known: specs.iter().map(|s| s.key).collect() });
        };
        if !spec.accepts(value) {
            return Err(SetupError::OptionValue {
                key: key.clone(),
                value: value.to_string(),
                accepted: spec.accepted(),
            });
        }
    }
    Ok(specs
        .iter()
        .map(|spec| {
            let value = given.get(spec.key).cloned().unwrap_or_else(|| spec.default_value());
            (spec.key.to_string(), value)
        })
        .collect())
}

/// Checks and completes `given`, then deserializes the game's options type from it.
pub fn parse_options<O: DeserializeOwned>(specs: &[OptionSpec], given: &Map<String, Value>) -> Result<O, SetupError> {
    let complete = complete_options(specs, given)?;
    serde_json::from_value(Value::Object(complete))
        .map_err(|e| SetupError::BadOption(Text::new(format!("options illisibles : {e}"), e.to_string())))
}

/// The canonical JSON object of a game's options (what a record stores).
pub fn options_to_json<O: Serialize>(options: &O) -> Map<String, Value> {
    match serde_json::to_value(options) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// Parses `key=value` as the command line gives it: the value is read as JSON when it is JSON
/// (`5`, `true`, `[...]`), else as a plain string (`blind`).
pub fn parse_key_value(text: &str) -> Result<(String, Value), String> {
    let (key, value) = text.split_once('=').ok_or_else(|| format!("'{text}' is not of the form key=value"))?;
    let key = key.trim();
    if key.is_empty() {
        return Err(format!("'{text}' has no key before '='"));
    }
    let value = value.trim();
    let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
    Ok((key.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    const SPECS: &[OptionSpec] = &[
        OptionSpec { key: "draw", kind: OptionKind::Ints(&[4, 5]), default: "4", help: "", help_fr: "" },
        OptionSpec {
            key: "mode",
            kind: OptionKind::Choice(&[
                ChoiceValue { key: "a", en: "the first", fr: "le premier" },
                ChoiceValue { key: "b", en: "the second", fr: "le second" },
            ]),
            default: "\"a\"",
            help: "",
            help_fr: "",
        },
        OptionSpec { key: "on", kind: OptionKind::Bool, default: "false", help: "", help_fr: "" },
        OptionSpec {
            key: "rounds",
            kind: OptionKind::Range { min: 1, max: i64::MAX },
            default: "3",
            help: "",
            help_fr: "",
        },
    ];

    #[derive(Deserialize, Debug, PartialEq)]
    struct Opts {
        draw: u8,
        mode: String,
        on: bool,
        rounds: u32,
    }

    fn given(json: &str) -> Map<String, Value> {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn defaults_fill_in() {
        let o: Opts = parse_options(SPECS, &given(r#"{"draw": 5}"#)).unwrap();
        assert_eq!(o, Opts { draw: 5, mode: "a".into(), on: false, rounds: 3 });
    }

    #[test]
    fn unknown_keys_list_the_valid_ones() {
        let err = parse_options::<Opts>(SPECS, &given(r#"{"drew": 5}"#)).unwrap_err();
        assert_eq!(err.to_string(), "unknown option 'drew'; the options are: draw, mode, on, rounds");
    }

    #[test]
    fn bad_values_list_the_accepted_ones() {
        let err = parse_options::<Opts>(SPECS, &given(r#"{"mode": "c"}"#)).unwrap_err();
        assert_eq!(err.to_string(), r#"option 'mode' cannot be "c": it takes a, b"#);
        let err = parse_options::<Opts>(SPECS, &given(r#"{"rounds": 0}"#)).unwrap_err();
        assert_eq!(err.to_string(), "option 'rounds' cannot be 0: it takes an integer ≥ 1");
        assert!(parse_options::<Opts>(SPECS, &given(r#"{"on": 1}"#)).is_err());
    }

    #[test]
    fn a_choice_gives_its_values_words() {
        let json = SPECS[1].to_json();
        assert_eq!(json["values"], serde_json::json!(["a", "b"]));
        assert_eq!(json["labels"], serde_json::json!(["the first", "the second"]));
        assert_eq!(json["labels_fr"], serde_json::json!(["le premier", "le second"]));
    }

    #[test]
    fn key_values_from_the_command_line() {
        assert_eq!(parse_key_value("draw=5").unwrap(), ("draw".into(), Value::from(5)));
        assert_eq!(parse_key_value("mode = b").unwrap(), ("mode".into(), Value::from("b")));
        assert!(parse_key_value("draw").is_err());
        assert!(parse_key_value("=3").is_err());
    }
}
