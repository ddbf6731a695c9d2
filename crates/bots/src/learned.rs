//! The `learned` bot: a small policy network trained by `examples/train_policy.py`, whose weights
//! are committed beside this file (`weights/<game id>.policy`) and compiled into the binary.
//!
//! **What it reads.** The seat's view, written as the Python package's observation tensor
//! ([`Encoding::encode_observation`]), and the legal actions, as the package's action ids (with
//! the decline id, the last, when the game has reaction windows). The network is a multilayer
//! perceptron (ReLU between layers, none after the last) giving one logit per id; the bot plays
//! the legal id of highest logit (the lowest id among equals), and lets a window pass when the
//! decline id wins and it may. No draw: the same view gives the same move on any machine, the
//! sums running in the file's order in `f32` with no fused multiply-add.
//!
//! **Where it plays.** A policy is trained for one table: its game, player count and default
//! options. [`check`] tells a front end whether a table has one; where it has none,
//! [`choose`] answers `None` and the bot plays the game's heuristic instead; but every front end
//! refuses such a table first, with [`check`]'s words: `tapis play`, `sim`, `arena`, `ladder`,
//! the referee's `bot`, and the Python package's bots and opponents.
//!
//! **Cost.** One pass per decision, in the bot's own thread: the first layer adds up only the
//! columns of the nonzero inputs (the tensors are mostly one-hot zeros), and the buffers live in
//! a thread-local scratch space that grows once, so a decision allocates nothing after a
//! thread's first.
//!
//! **The file** (little-endian): the 8 bytes `TAPISPOL`, a `u32` version (1), the game id (a
//! `u32` length then its bytes), the player count, the observation length and the number of ids
//! (`u32` each), the number of layers, then each layer: its inputs and outputs (`u32`), its
//! weights input-major (`inputs × outputs` `f32`, the weights of input 0 first) and its biases
//! (`outputs` `f32`). `examples/train_policy.py` writes it.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use tapis_core::{Encoding, Text};

/// The committed policies: (game id, file).
const WEIGHTS: &[(&str, &[u8])] = &[("nurmut", include_bytes!("../weights/nurmut.policy"))];

const MAGIC: &[u8; 8] = b"TAPISPOL";
const VERSION: u32 = 1;

/// A dense layer, weights input-major.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// A policy network for one table.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    pub game: String,
    pub players: usize,
    pub obs_len: usize,
    /// Ids the network scores: the engine's actions, then the decline when the game has windows.
    pub num_ids: usize,
    layers: Vec<Layer>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end =
            end.ok_or_else(|| format!("the file ends at byte {} where {n} more were expected", self.bytes.len()))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<usize, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }

    fn floats(&mut self, n: usize) -> Result<Vec<f32>, String> {
        let bytes = self.take(n.checked_mul(4).ok_or("a layer too large")?)?;
        Ok(bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
    }
}

/// Layers wider than this are refused: the committed networks are a few hundred wide.
const MAX_WIDTH: usize = 1 << 16;

impl Policy {
    /// Reads a policy file; every malformed file is refused with what is wrong.
    pub fn parse(bytes: &[u8]) -> Result<Policy, String> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err("not a tapis policy file (it does not start with TAPISPOL)".into());
        }
        let version = r.u32()?;
        if version != VERSION as usize {
            return Err(format!("policy file version {version}, this tapis reads version {VERSION}"));
        }
        let len = r.u32()?;
        if len > 64 {
            return Err(format!("a game id of {len} bytes"));
        }
        let game = String::from_utf8(r.take(len)?.to_vec()).map_err(|_| "the game id is not UTF-8")?;
        let (players, obs_len, num_ids, count) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        if count == 0 || count > 16 {
            return Err(format!("{count} layers (1 to 16 are read)"));
        }
        let mut layers = Vec::with_capacity(count);
        let mut width = obs_len;
        for i in 0..count {
            let (inputs, outputs) = (r.u32()?, r.u32()?);
            if inputs != width || outputs == 0 || outputs > MAX_WIDTH {
                return Err(format!("layer {i} maps {inputs} inputs to {outputs} outputs after a width of {width}"));
            }
            let weights = r.floats(inputs * outputs)?;
            let bias = r.floats(outputs)?;
            if weights.iter().chain(&bias).any(|w| !w.is_finite()) {
                return Err(format!("layer {i} holds a weight that is not a finite number"));
            }
            layers.push(Layer { inputs, outputs, weights, bias });
            width = outputs;
        }
        if width != num_ids {
            return Err(format!("the last layer gives {width} logits for {num_ids} ids"));
        }
        if r.at != bytes.len() {
            return Err(format!("{} bytes after the last layer", bytes.len() - r.at));
        }
        Ok(Policy { game, players, obs_len, num_ids, layers })
    }

    /// Whether this policy was trained for this table of `G`.
    pub fn fits<G: Encoding>(&self, players: usize, options: &G::Options) -> bool {
        self.game == G::ID
            && self.players == players
            && self.obs_len == G::observation_len(players, options)
            && self.num_ids == G::num_actions(players, options) + usize::from(G::has_windows(options))
    }

    /// The logits of `obs` into `out` (the last layer's width), using `hidden` as scratch.
    fn forward(&self, obs: &[f32], hidden: &mut [Vec<f32>; 2], out: &mut Vec<f32>) {
        let [current, next] = hidden;
        for (i, layer) in self.layers.iter().enumerate() {
            let last = i + 1 == self.layers.len();
            let input: &[f32] = if i == 0 { obs } else { current };
            debug_assert_eq!(input.len(), layer.inputs);
            let target: &mut Vec<f32> = if last { &mut *out } else { &mut *next };
            target.clear();
            target.extend_from_slice(&layer.bias);
            for (x, column) in input.iter().zip(layer.weights.chunks_exact(layer.outputs)) {
                if *x != 0.0 {
                    for (t, w) in target.iter_mut().zip(column) {
                        *t += x * w;
                    }
                }
            }
            if !last {
                target.iter_mut().for_each(|t| *t = t.max(0.0));
                std::mem::swap(current, next);
            }
        }
    }
}

/// The committed policies, read once.
fn policies() -> &'static BTreeMap<&'static str, Policy> {
    static POLICIES: OnceLock<BTreeMap<&'static str, Policy>> = OnceLock::new();
    POLICIES.get_or_init(|| {
        WEIGHTS
            .iter()
            .map(|&(id, bytes)| {
                let policy = Policy::parse(bytes).unwrap_or_else(|e| panic!("the committed policy of {id}: {e}"));
                assert_eq!(policy.game, id, "the committed policy of {id} names another game");
                (id, policy)
            })
            .collect()
    })
}

/// The committed policy of game `id`, if it has one.
pub fn policy(id: &str) -> Option<&'static Policy> {
    policies().get(id)
}

/// The ids of the games with a committed policy, in order.
pub fn games_with_a_policy() -> Vec<&'static str> {
    policies().keys().copied().collect()
}

/// Whether `G` has a committed policy for this table, or why not, in words for people.
pub fn check<G: Encoding>(players: usize, options: &G::Options) -> Result<(), Text> {
    let Some(policy) = policy(G::ID) else {
        let games = games_with_a_policy().join(", ");
        return Err(Text::new(
            format!(
                "le robot appris n’a pas encore de politique pour {} (les jeux qui en ont une\u{a0}: {games})",
                G::NAME
            ),
            format!("the learned bot has no policy for {} yet (the games that have one: {games})", G::NAME),
        ));
    };
    if !policy.fits::<G>(players, options) {
        let n = policy.players;
        return Err(Text::new(
            format!(
                "la politique du robot appris pour {} a été entraînée à {n} joueurs avec les options \
                 par défaut : cette table en diffère",
                G::NAME
            ),
            format!(
                "the learned bot's policy for {} was trained at {n} players with the default options; \
                 this table differs",
                G::NAME
            ),
        ));
    }
    Ok(())
}

#[derive(Default)]
struct Scratch {
    obs: Vec<f32>,
    hidden: [Vec<f32>; 2],
    logits: Vec<f32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The learned policy's move at `view` among `legal`: `Some(Some(action))`, `Some(None)` to let a
/// window pass (only when `may_pass`), or `None` when this table has no policy.
pub fn choose<G: Encoding>(view: &G::View, legal: &[G::Action], may_pass: bool) -> Option<Option<G::Action>> {
    let (players, options) = G::view_table(view);
    let policy = policy(G::ID).filter(|p| p.fits::<G>(players, options))?;
    Some(policy.choose::<G>(view, legal, may_pass))
}

impl Policy {
    /// This policy's move at `view` among `legal` (`None`: let the window pass, only when
    /// `may_pass`); the caller has checked that it [`fits`](Policy::fits) the view's table. No
    /// allocation once the thread's scratch space has grown to the network's widths.
    pub fn choose<G: Encoding>(&self, view: &G::View, legal: &[G::Action], may_pass: bool) -> Option<G::Action> {
        let (players, options) = G::view_table(view);
        SCRATCH.with_borrow_mut(|s| {
            s.obs.resize(self.obs_len, 0.0);
            G::encode_observation(players, options, view, &mut s.obs);
            self.forward(&s.obs, &mut s.hidden, &mut s.logits);
            let mut best: Option<(f32, usize, Option<G::Action>)> = None;
            let mut consider = |id: usize, action: Option<G::Action>| {
                let logit = s.logits[id];
                if best.is_none_or(|(b, bid, _)| logit > b || (logit == b && id < bid)) {
                    best = Some((logit, id, action));
                }
            };
            for &action in legal {
                consider(G::action_id(players, options, action), Some(action));
            }
            if may_pass && G::has_windows(options) {
                consider(self.num_ids - 1, None);
            }
            best.and_then(|(_, _, action)| action)
        })
    }
}

/// Writes a policy file (the format above), for tests and tools.
pub fn encode(game: &str, players: usize, obs_len: usize, layers: &[(usize, usize, Vec<f32>, Vec<f32>)]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    let u32 = |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&(n as u32).to_le_bytes());
    u32(&mut out, VERSION as usize);
    u32(&mut out, game.len());
    out.extend_from_slice(game.as_bytes());
    u32(&mut out, players);
    u32(&mut out, obs_len);
    u32(&mut out, layers.last().map_or(0, |l| l.1));
    u32(&mut out, layers.len());
    for (inputs, outputs, weights, bias) in layers {
        u32(&mut out, *inputs);
        u32(&mut out, *outputs);
        weights.iter().chain(bias).for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Vec<u8> {
        // 3 inputs -> 2 hidden -> 2 logits.
        let l1 = (3, 2, vec![1.0, -1.0, 0.5, 0.5, 0.0, 2.0], vec![0.0, 0.1]);
        let l2 = (2, 2, vec![1.0, 0.0, 0.0, 1.0], vec![0.0, 0.0]);
        encode("x", 2, 3, &[l1, l2])
    }

    #[test]
    fn a_written_policy_reads_back_and_computes_by_hand() {
        let p = Policy::parse(&tiny()).unwrap();
        assert_eq!((p.game.as_str(), p.players, p.obs_len, p.num_ids), ("x", 2, 3, 2));
        let mut hidden = [Vec::new(), Vec::new()];
        let mut out = Vec::new();
        p.forward(&[1.0, 1.0, 0.0], &mut hidden, &mut out);
        // Hidden: [1 + 0.5, -1 + 0.5 + 0.1] = [1.5, -0.4] -> ReLU [1.5, 0].
        assert_eq!(out, vec![1.5, 0.0]);
        p.forward(&[0.0, 0.0, 1.0], &mut hidden, &mut out);
        assert_eq!(out, vec![0.0, 2.1]);
    }

    #[test]
    fn malformed_files_are_refused_with_a_reason() {
        let good = tiny();
        assert!(Policy::parse(&good[..good.len() - 1]).unwrap_err().contains("the file ends"));
        let mut extra = good.clone();
        extra.push(0);
        assert_eq!(Policy::parse(&extra).unwrap_err(), "1 bytes after the last layer");
        assert!(Policy::parse(b"TAPISPOX").unwrap_err().contains("not a tapis policy"));
        let mut nan = good.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Policy::parse(&nan).unwrap_err().contains("not a finite number"));
        let wrong = encode("x", 2, 4, &[(3, 2, vec![0.0; 6], vec![0.0; 2])]);
        assert!(Policy::parse(&wrong).unwrap_err().contains("layer 0 maps 3 inputs"));
    }
}
