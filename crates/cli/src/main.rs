//! The `tapis` binary: argument parsing and the edges (errors, exit codes, broken pipes).

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use comfy_table::Table;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use tapis::exit::{self, usage};
use tapis::limits::{MAX_GAMES, MAX_SECONDS, MAX_THREADS};
use tapis::sim::BenchResult;
use tapis::{bots_from_arg, by_id, check_bots, options_from_args, play, referee, thousands};
use tapis_bots::sim::SimConfig;
use tapis_bots::{BotKind, Level};
use tapis_core::{Lang, MatchRequest, Seat};
use tapis_table::GameId;

/// The server builds every frame it sends (views, legal actions and events as JSON) in fresh
/// buffers: in the server's profile, glibc's `malloc` and `free` took 16% of its time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "tapis",
    version,
    about = "Play and study five French card games: Le 8 Nantais, Nur Mut, Battle GUM, Le Nain Jaune, Njet! \
             (and OpenSpiel's Crazy Eights)",
    long_about = "Play and study five French card games: Le 8 Nantais (nantais), Nur Mut (nurmut), \
                  Battle GUM (gum), Le Nain Jaune (nainjaune) and Njet! (njet); plus crazyeights, \
                  OpenSpiel's crazy_eights reproduced move for move.\n\n\
                  Start with `tapis games` to see the games, `tapis rules nantais` to learn one, and \
                  `tapis play nantais --lang en` to play it against bots.",
    after_help = "Examples:\n  tapis play nantais --players 4 --lang en\n  tapis rules njet --lang en\n  \
                  tapis sim nurmut --players 4 --games 10000 --bots heuristic,random,random,random\n  \
                  echo '{\"cmd\":\"games\"}' | tapis referee"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games, each in a line, with their player counts and options.
    Games {
        /// Language: by default the terminal's (see `tapis play --help`).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Show a game's rules in brief and every option with its default.
    Rules {
        /// The game: nantais, nurmut, gum, nainjaune, njet or crazyeights.
        game: GameId,
        /// Language: by default the terminal's (see `tapis play --help`).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Play a match in the terminal against bots.
    Play(PlayArgs),
    /// Self-play many matches with bots and report win shares with 95% intervals.
    Sim(SimArgs),
    /// Pit bots against each other on duplicate deals (every seating), or compare two rule
    /// variants on the same deals with --compare.
    Arena(ArenaArgs),
    /// Rate every bot of a game on one scale (random, first-legal, heuristic, learned, ISMCTS),
    /// from meetings on duplicate deals, with bootstrap intervals; prints docs/ladder.md's table.
    Ladder(LadderArgs),
    /// Review one seat's decisions in a recorded match (a file `tapis play --save` or a
    /// server's record download wrote): the search's chance of each move the seat had, from what
    /// it could see, and the costly moves marked (see docs/review.md).
    Review(ReviewArgs),
    /// Measure random self-play speed (decisions per second, one thread).
    Bench(BenchArgs),
    /// Speak the JSON-lines referee protocol on stdin/stdout (see PROTOCOL.md).
    Referee,
    /// Serve rooms to play together online, over HTTP and WebSockets (see SERVER.md).
    Serve(Box<ServeArgs>),
    /// Load a running `tapis serve` with rooms of clients playing random moves, and report
    /// acknowledged moves per second and latencies.
    Loadtest(LoadtestArgs),
    /// Copy the server's SQLite store into one file, consistently, while it runs and plays
    /// (PostgreSQL: use pg_dump).
    Backup(BackupArgs),
    /// Put a backup back as the server's store; refused while a server runs on the data folder.
    Restore(RestoreArgs),
}

#[derive(Args)]
struct ReviewArgs {
    /// The match's record (JSON).
    record: std::path::PathBuf,
    /// The seat to review, from 0.
    #[arg(long)]
    seat: u8,
    /// ISMCTS iterations per decision [default: the hard bot's, 5000].
    #[arg(long, value_parser = review_budget_arg)]
    budget: Option<u32>,
    /// Seed of the searches: the same record, seat, budget and seed give the same review.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print the review as one JSON object.
    #[arg(long)]
    json: bool,
    /// Worker threads, from 1 to 256 (the review does not depend on it).
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Language: by default the terminal's (see `tapis play --help`).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(Args)]
struct BackupArgs {
    /// The backup's file (written beside under another name, then renamed into place).
    file: std::path::PathBuf,
    /// The server's data folder (its --data).
    #[arg(long, default_value = "tapis-data")]
    data: std::path::PathBuf,
}

#[derive(Args)]
struct RestoreArgs {
    /// A file written by `tapis backup`.
    file: std::path::PathBuf,
    /// The data folder to restore into (the server's --data).
    #[arg(long, default_value = "tapis-data")]
    data: std::path::PathBuf,
    /// Replace the database the data folder already holds (kept beside it as
    /// tapis.sqlite3.before-restore).
    #[arg(long)]
    force: bool,
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on; port 0 takes a free port [default: 127.0.0.1:8080, or [::]:443
    /// with --domain].
    #[arg(long)]
    addr: Option<std::net::SocketAddr>,
    /// Serve HTTPS with this certificate chain (PEM), with --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key", conflicts_with = "domain")]
    tls_cert: Option<std::path::PathBuf>,
    /// The private key (PEM) of --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<std::path::PathBuf>,
    /// Serve HTTPS for this name, with a certificate obtained and renewed through ACME (Let's
    /// Encrypt by default; the name must point to this machine, its port 443 reachable); given
    /// several times, one certificate for every name. Kept in DATA/acme/.
    #[arg(long, value_name = "NAME")]
    domain: Vec<String>,
    /// The ACME directory that issues the certificate.
    #[arg(long, value_name = "URL", default_value = tapis_server::tls::LETS_ENCRYPT, requires = "domain")]
    acme_directory: String,
    /// An address the ACME server may write to about the certificate (its expiry).
    #[arg(long, value_name = "EMAIL", requires = "domain")]
    acme_contact: Option<String>,
    /// Trust this root (PEM) for the ACME server's own HTTPS, instead of the usual roots: a
    /// private ACME server, or a test one.
    #[arg(long, value_name = "FILE", requires = "domain")]
    acme_root: Option<std::path::PathBuf>,
    /// With HTTPS: plain HTTP here redirects every request to HTTPS [default with --domain:
    /// [::]:80].
    #[arg(long, value_name = "HOST:PORT")]
    http_addr: Option<std::net::SocketAddr>,
    /// Serve /metrics in Prometheus's text format on this address (keep it private: a loopback
    /// or internal address).
    #[arg(long, value_name = "HOST:PORT")]
    metrics_addr: Option<std::net::SocketAddr>,
    /// Where the data lives (an SQLite database; the directory is created), unless --store
    /// names a PostgreSQL database.
    #[arg(long, default_value = "tapis-data")]
    data: std::path::PathBuf,
    /// Keep the rooms in PostgreSQL, shared with other nodes: postgres://user:password@host/db
    /// (each room owned by one node at a time, through a lease).
    #[arg(long, value_name = "URL")]
    store: Option<String>,
    /// This node's name in the rooms' leases (default: the host's name and the process's id).
    #[arg(long, value_name = "NAME")]
    node: Option<String>,
    /// Relay through this NATS (nats://host:port) the clients of rooms other nodes hold, so
    /// that any node serves any room's clients.
    #[arg(long, value_name = "URL")]
    nats: Option<String>,
    /// Seconds a node's lease on a room lasts in PostgreSQL unless renewed (every third of it):
    /// a dead node's rooms are taken over within about 1.4 times this; decimals allowed.
    #[arg(long, default_value_t = 10.0, value_parser = lease_seconds)]
    lease_seconds: f64,
    /// Rooms held in memory at once, idle and finished ones included (a room untouched for
    /// --archive-after seconds leaves memory and comes back from the store when asked for).
    #[arg(long, default_value_t = 20_000, value_parser = |t: &str| count(t, 1, 1_000_000, "rooms"))]
    max_rooms: u64,
    /// TCP connections held at once (HTTP and WebSockets), kept under the descriptor limit;
    /// its last tenth is kept for addresses holding fewer than 4.
    #[arg(long, default_value_t = 50_000, value_parser = |t: &str| count(t, 1, 1_000_000, "connections"))]
    max_connections: u64,
    /// TCP connections one client address may hold at once.
    #[arg(long, default_value_t = 256, value_parser = |t: &str| count(t, 1, 1_000_000, "connections"))]
    connections_per_address: u64,
    /// The prefix of an IPv4 address that is one client (its connections counted together).
    #[arg(long, default_value_t = 32, value_parser = |t: &str| count(t, 0, 32, "bits"))]
    address_prefix_v4: u64,
    /// The prefix of an IPv6 address that is one client (a home network holds a /64).
    #[arg(long, default_value_t = 64, value_parser = |t: &str| count(t, 0, 128, "bits"))]
    address_prefix_v6: u64,
    /// The prefix of an IPv4 address block whose clients share room openings, the rooms kept
    /// for newcomers and the bots' CPU.
    #[arg(long, default_value_t = 24, value_parser = |t: &str| count(t, 0, 32, "bits"))]
    block_prefix_v4: u64,
    /// The same for IPv6.
    #[arg(long, default_value_t = 48, value_parser = |t: &str| count(t, 0, 128, "bits"))]
    block_prefix_v6: u64,
    /// Rooms one client address may open per minute, after a burst of 60 (0: no limit, for load
    /// tests).
    #[arg(long, default_value_t = 20, value_parser = |t: &str| count(t, 0, 1_000_000, "rooms per minute"))]
    rooms_per_minute: u64,
    /// Seconds after which a room nobody touches leaves memory (it stays in the store).
    #[arg(long, default_value_t = 600, value_parser = |t: &str| count(t, 1, 7 * 24 * 3600, "seconds"))]
    archive_after: u64,
    /// Seconds after which a room nobody ever sat down in leaves memory (it stays in the store).
    #[arg(long, default_value_t = 15, value_parser = |t: &str| count(t, 1, 7 * 24 * 3600, "seconds"))]
    unjoined_after: u64,
    /// Threads bots think on, at the lowest priority (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = |t: &str| count(t, 0, 256, "threads"))]
    bot_threads: u64,
    /// ISMCTS iterations per decision of a finished match's review (GET /api/rooms/{room}/review;
    /// docs/review.md): more searches deeper, for the asking client's bot budget.
    #[arg(long, default_value_t = tapis_bots::review::DEFAULT_BUDGET, value_parser = review_budget_arg)]
    review_budget: u32,
    /// ISMCTS iterations of a practice table's hint, searched on each person's turn from their
    /// seat's view (docs/review.md).
    #[arg(long, default_value_t = tapis_bots::review::DEFAULT_BUDGET, value_parser = review_budget_arg)]
    hint_budget: u32,
    /// Rooms of bots alone, still playing, that one client address may have at once.
    #[arg(long, default_value_t = 4, value_parser = |t: &str| count(t, 0, 1_000_000, "rooms"))]
    bot_rooms_per_client: u64,
    /// The shortest bot delay of a room with no person in it, in milliseconds.
    #[arg(long, default_value_t = 100, value_parser = |t: &str| count(t, 0, 60_000, "milliseconds"))]
    min_bot_delay_ms: u64,
    /// Seconds a client has to send a request's header (idle kept-alive connections close then
    /// too), and its body.
    #[arg(long, default_value_t = 10, value_parser = |t: &str| count(t, 1, 3600, "seconds"))]
    request_timeout: u64,
    /// Seconds a write to a WebSocket may take before the connection is dropped as too slow.
    #[arg(long, default_value_t = 10, value_parser = |t: &str| count(t, 1, 3600, "seconds"))]
    write_timeout: u64,
    /// The log's format on standard error: `text`, one line a person reads, or `json`, one JSON
    /// object a line for a program (`RUST_LOG` filters either).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

#[derive(Args)]
struct LoadtestArgs {
    /// The server to load (started with `tapis serve`); given several times, the nodes of one
    /// cluster, which the rooms and their clients are spread over.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: Vec<std::net::SocketAddr>,
    /// The game of every room.
    #[arg(long, default_value = "nainjaune")]
    game: GameId,
    /// Rooms opened.
    #[arg(long, default_value_t = 100, value_parser = |t: &str| count(t, 1, 10_000, "rooms"))]
    rooms: u64,
    /// Clients per room, one per seat (the player count).
    #[arg(long, default_value_t = 4, value_parser = |t: &str| count(t, 2, tapis_core::MAX_SEATS as u64, "clients"))]
    clients: u64,
    /// How long to play, in seconds (at most an hour).
    #[arg(long, default_value_t = 20.0, value_parser = seconds_arg)]
    seconds: f64,
    /// Seed of the rooms' deals and of the clients' random moves.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Moves per second over all rooms, each room paced evenly, as people would play; 0 plays
    /// each move as soon as the previous one is acknowledged (the server's saturation).
    #[arg(long, default_value_t = 0, value_parser = |t: &str| count(t, 0, 1_000_000, "moves per second"))]
    rate: u64,
    /// The server's process id, when it runs on this machine: its CPU time per acknowledged move
    /// is reported (read from /proc); given several times, the nodes' CPU time added up.
    #[arg(long)]
    server_pid: Vec<u32>,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    Fr,
    En,
}

/// The language a person's terminal asks for, the way `gettext` reads the locale: the first of
/// LC_ALL, LC_MESSAGES and LANG that is set. French for a French locale and for none at all
/// (unset, `C`, `POSIX`: the project's own language); English for any other.
fn terminal_lang(var: impl Fn(&str) -> Option<String>) -> Lang {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().filter_map(var).find(|v| !v.is_empty());
    match locale.as_deref() {
        None | Some("C" | "POSIX") => Lang::Fr,
        Some(l) if l.starts_with("C.") || l.starts_with("fr") => Lang::Fr,
        Some(_) => Lang::En,
    }
}

fn lang_or_terminal(lang: Option<LangArg>) -> Lang {
    lang.map_or_else(|| terminal_lang(|name| std::env::var(name).ok()), Lang::from)
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::Fr => Lang::Fr,
            LangArg::En => Lang::En,
        }
    }
}

#[derive(Args)]
struct MatchArgs {
    /// The game: nantais, nurmut, gum, nainjaune, njet or crazyeights.
    game: GameId,
    /// Number of players.
    #[arg(value_parser = players_arg, long, default_value_t = 4)]
    players: usize,
    /// A rule variant, as key=value (repeatable). `tapis rules GAME` lists them.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
}

#[derive(Args)]
struct PlayArgs {
    #[command(flatten)]
    game: MatchArgs,
    /// Your seat (0 plays first in the first round).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The line mode (for screen readers, pipes and scripts) instead of the full-screen table;
    /// it is also chosen when the input or output is not a terminal, or when NO_COLOR is set.
    #[arg(long)]
    plain: bool,
    /// Ask for your move even when it is the only one possible (by default it is played for
    /// you after a short notice).
    #[arg(long)]
    confirm_forced: bool,
    /// A practice table: on each of your turns, the hard bot's move for your seat, searched from
    /// what you can see, with its chance against the next best and how sure it is.
    #[arg(long)]
    hints: bool,
    /// Your name at the table (1 to 32 characters): by default $TAPIS_NAME, else « Vous » / "You".
    #[arg(long, value_parser = name_arg)]
    name: Option<String>,
    /// How well the bots play: easy (the heuristic player), medium (ISMCTS, 1,000 iterations) or
    /// hard (ISMCTS, 5,000 iterations; each move under a second).
    #[arg(long, value_enum, default_value = "hard")]
    level: LevelArg,
    /// The bots at the other seats instead of a level: one name for all, or one per seat (yours
    /// is ignored): random, first-legal, heuristic, learned, ismcts[:iterations],
    /// ismcts-learned[:iterations] (1,000 iterations per decision unless given, at most
    /// 200,000).
    #[arg(long, conflicts_with = "level")]
    bots: Option<String>,
    /// Language of the table: by default the terminal's, from LC_ALL, LC_MESSAGES or LANG —
    /// English when it names another language than French, French when it names French or none.
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
    /// Seed of the deals (default: a new one each time, printed so the match can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the match record (JSON) to this file at the end.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
}

#[derive(Args)]
struct SimArgs {
    #[command(flatten)]
    game: MatchArgs,
    /// Number of matches, from 1 to 100,000,000.
    #[arg(long, default_value_t = 10_000, value_parser = games_arg)]
    games: u64,
    /// One bot name for every seat, or one per seat: random, first-legal, heuristic, learned,
    /// ismcts[:iterations], ismcts-learned[:iterations] (1,000 iterations per decision unless
    /// given, at most 200,000).
    #[arg(long, default_value = "random")]
    bots: String,
    /// Worker threads, from 1 to 256 (results do not depend on it).
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Seed of the run: match i is dealt from (seed, i), so the same seed gives the same
    /// numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print JSON instead of a table (with the game's counters and the timing).
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV instead of a table: one line per seat, its win share and mean score with
    /// their 95% intervals.
    #[arg(long)]
    csv: bool,
    /// Draw each seat's win share with its 95% interval to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
    /// Write one row per match to this file, as CSV (FILE.csv) or JSON lines (FILE.jsonl):
    /// match, seed, options, each seat's bot, win share and score, length, rounds and the
    /// game's counters.
    #[arg(long, value_name = "FILE")]
    matches: Option<std::path::PathBuf>,
}

#[derive(Args)]
struct LadderArgs {
    /// The game: nantais, nurmut, gum, nainjaune, njet or crazyeights.
    game: GameId,
    /// The rungs, weakest expected first (default: random, first-legal, heuristic, learned,
    /// ismcts:1000, ismcts-learned:1000, ismcts:5000). Bots that do not search all meet; each
    /// search meets the heuristic and the learned bot, and ismcts-learned:N meets ismcts:N.
    #[arg(long)]
    bots: Option<String>,
    /// Number of players.
    #[arg(value_parser = players_arg, long, default_value_t = 4)]
    players: usize,
    /// Deals of each meeting between bots that do not search (each played in every rotation).
    #[arg(long, default_value_t = 500, value_parser = deals_arg)]
    deals: u64,
    /// Deals of each meeting with a search bot.
    #[arg(long, default_value_t = 100, value_parser = deals_arg)]
    search_deals: u64,
    /// A rule variant, as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Seed: deal d of every meeting is dealt from (seed, d), and the bootstrap draws from it.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads, from 1 to 256 (results do not depend on it).
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Print JSON instead of Markdown.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ArenaArgs {
    /// The game: nantais, nurmut, gum, nainjaune, njet or crazyeights.
    game: GameId,
    /// One bot per seat, at least two different ones: random, first-legal, heuristic, learned,
    /// ismcts[:iterations], ismcts-learned[:iterations] (1,000 iterations per decision unless
    /// given, at most 200,000), e.g.
    /// ismcts:1000,heuristic,random,random. One name for every seat (with --players) only for a
    /// variant study (--compare).
    #[arg(long)]
    bots: String,
    /// Number of players (default: one per bot given).
    #[arg(value_parser = players_arg, long)]
    players: Option<usize>,
    /// Matches to play at least, from 1 to 100,000,000; rounded up to whole deals (each deal is
    /// played in every seating that differs: 3,628,800 permutations at a table of ten different
    /// bots), and refused when that goes past 100,000,000.
    #[arg(long, default_value_t = 2400, value_parser = games_arg)]
    games: u64,
    /// Seatings per deal: every permutation of the seats, or only the rotations. Seatings that
    /// only swap bots of the same name are the same and are played once (with one bot at every
    /// seat, each deal is one match).
    #[arg(long, value_enum, default_value = "permutations")]
    seating: SeatingArg,
    /// A rule variant, as key=value (repeatable). `tapis rules GAME` lists them.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// A variant study: play the same deals again with these options changed (repeatable) and
    /// report every difference B − A (length, rounds, each seat's win share, each bot's score,
    /// the game's counters), paired deal by deal, with its 95% interval.
    #[arg(long = "compare", value_name = "KEY=VALUE")]
    compare: Vec<String>,
    /// Seed of the tournament: deal d is dealt from (seed, d), so the same seed gives the same
    /// numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads, from 1 to 256 (results do not depend on it).
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Print JSON instead of a table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV instead of a table.
    #[arg(long)]
    csv: bool,
    /// Draw the win shares with their intervals and the match lengths into this SVG file; with
    /// --compare, every difference B − A with its interval.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
    /// Write one row per match to this file, as CSV (FILE.csv) or JSON lines (FILE.jsonl):
    /// deal, seating, seed, options, each seat's bot, win share and score, length, rounds and
    /// the game's counters (both option sets with --compare).
    #[arg(long, value_name = "FILE")]
    matches: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum LevelArg {
    Easy,
    Medium,
    Hard,
}

impl From<LevelArg> for Level {
    fn from(level: LevelArg) -> Level {
        match level {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum SeatingArg {
    Permutations,
    Rotations,
}

#[derive(Args)]
struct BenchArgs {
    /// One game, or every game when omitted.
    game: Option<GameId>,
    /// Number of players (default 4).
    #[arg(value_parser = players_arg, long, default_value_t = 4)]
    players: usize,
    /// Seconds per game (at most an hour).
    #[arg(long, default_value_t = 3.0, value_parser = seconds_arg)]
    seconds: f64,
    /// A rule variant, as key=value (repeatable). `tapis rules GAME` lists them.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Measure ISMCTS iterations per second instead, from the position after --after random
    /// decisions.
    #[arg(long)]
    ismcts: bool,
    /// With --ismcts: random decisions played before searching (at most 30,000, where bot
    /// matches are stopped).
    #[arg(long, default_value_t = 0, value_parser = |t: &str| count(t, 0, tapis_bots::MAX_DECISIONS, "random decisions"))]
    after: u64,
    /// Time the moves of a `tapis play` level instead: whole matches with that bot at every seat,
    /// mean and longest time a person waits for one bot move.
    #[arg(long, value_enum, conflicts_with = "ismcts")]
    level: Option<LevelArg>,
    /// Measure how the bots of each level race people instead (in virtual time, through the
    /// table's driver): their CONTRE UNIQUE and UNIQUE over --windows seeded Le 8 Nantais windows
    /// of each kind, and the delay of a person's only move played for them.
    #[arg(long, conflicts_with_all = ["ismcts", "level"])]
    pace: bool,
    /// With --pace: windows of each kind per level (at most 1,000,000).
    #[arg(long, default_value_t = 2000, value_parser = |t: &str| count(t, 1, 1_000_000, "windows"))]
    windows: u64,
    /// With --pace: the seed the windows' match seeds are drawn from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_THREADS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // 0 when only standard output was closed (`tapis sim ... | head`): nothing to say.
            let status = exit::status(&error);
            if status != 0 {
                let _ = writeln!(std::io::stderr(), "tapis: {error:#}");
            }
            ExitCode::from(status)
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Games { lang } => print_games(lang_or_terminal(lang)),
        Command::Rules { game, lang } => {
            exit::print(by_id::rules_page(game, lang_or_terminal(lang), tapis::text_width())?)
        }
        Command::Referee => Ok(referee::run()?),
        Command::Serve(args) => serve_command(*args),
        Command::Loadtest(args) => loadtest_command(args),
        Command::Backup(args) => {
            let contents = tapis_server::backup::backup(&args.data, &args.file)?;
            exit::print(format_args!("backed up {contents} to {}\n", args.file.display()))
        }
        Command::Restore(args) => {
            let restored = tapis_server::backup::restore(&args.file, &args.data, args.force)?;
            if let Some(kept) = restored.kept {
                exit::print(format_args!("the database it replaced is kept as {}\n", kept.display()))?;
            }
            exit::print(format_args!("restored {} into {}\n", restored.contents, args.data.display()))
        }
        Command::Play(args) => play_command(args),
        Command::Sim(args) => sim_command(args),
        Command::Arena(args) => arena_command(args),
        Command::Ladder(args) => ladder_command(args),
        Command::Bench(args) => bench_command(args),
        Command::Review(args) => review_command(args),
    }
}

/// The games' table: under each name its line (the browser's home page shows the same), wrapped
/// to a column narrow enough that the options beside it keep theirs on a 100-column terminal.
fn print_games(lang: Lang) -> Result<()> {
    const GAME_COLUMN: usize = 30;
    let mut table = Table::new();
    table.set_header([
        "id",
        lang.pick("jeu", "game"),
        lang.pick("joueurs", "players"),
        lang.pick("options (par défaut)", "options (default)"),
    ]);
    for game in GameId::ALL {
        let info = game.info();
        let options: Vec<String> =
            info.options.iter().map(|o| format!("{}={}", o.key, tapis::plain(&o.default))).collect();
        let line = tapis::wrap_paragraphs(game.tagline(lang), GAME_COLUMN).join("\n");
        table.add_row([
            info.id.to_string(),
            format!("{}\n\n{line}", info.name),
            format!("{}–{}", info.players.0, info.players.1),
            options.join("\n"),
        ]);
    }
    let after = lang.pick(
        "`tapis rules <id>` explique un jeu et ses options\u{a0}; `tapis play <id>` pour y jouer.",
        "`tapis rules <id>` explains a game and its options; `tapis play <id>` plays it.",
    );
    exit::print(format_args!("{table}\n{after}\n"))
}

fn play_command(args: PlayArgs) -> Result<()> {
    let options = options_from_args(&args.game.options).map_err(usage)?;
    let players = args.game.players;
    if args.seat as usize >= players {
        return Err(usage(format!(
            "--seat {} is not a seat of a {players}-player table (0 to {})",
            args.seat,
            players.saturating_sub(1)
        )));
    }
    let bots = match &args.bots {
        None => vec![Level::from(args.level).bot(); players],
        Some(names) => BotKind::parse_list(names, players)
            .or_else(|_| {
                // One name per other seat is accepted too.
                let mut kinds = BotKind::parse_list(names, players - 1)?;
                kinds.insert(args.seat as usize, BotKind::Heuristic);
                Ok::<_, String>(kinds)
            })
            .and_then(|kinds| check_bots(&kinds).map(|()| kinds))
            .map_err(usage)?,
    };
    // A bot that cannot play this table (a learned bot without a policy for it) is refused, as
    // the arena and the simulator refuse it, rather than standing in for another.
    let probe = tapis_table::AnyMatch::new(
        args.game.game,
        &MatchRequest { players, options: options.clone(), ..Default::default() },
    )
    .map_err(|e| usage(e.to_string()))?;
    for &bot in &bots {
        probe.check_bot(bot).map_err(|e| usage(e.to_string()))?;
    }
    check_writable(args.save.as_deref())?;
    #[allow(clippy::disallowed_methods)] // a fresh seed for people; printed so the match can be replayed
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() % 1_000_000)
    });
    let lang = lang_or_terminal(args.lang);
    let config = play::PlayConfig {
        request: MatchRequest { players, seed, dealer: None, options, deal: None },
        human: Seat(args.seat),
        bots,
        lang,
        name: args
            .name
            .or_else(|| std::env::var("TAPIS_NAME").ok().and_then(|n| name_arg(&n).ok()))
            .unwrap_or_else(|| lang.pick("Vous", "You").to_string()),
        save: args.save,
        realtime: std::io::stdin().is_terminal(),
        confirm_forced: args.confirm_forced,
        hints: args.hints,
    };
    let fullscreen = !args.plain
        && std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    if fullscreen {
        return tapis::tui::play_fullscreen(args.game.game, &config);
    }
    let lines = play::spawn_reader(Box::new(std::io::BufReader::new(std::io::stdin())));
    let mut out = exit::Stdout::new();
    play::play(args.game.game, config, lines, &mut out)
}

fn review_command(args: ReviewArgs) -> Result<()> {
    let lang = lang_or_terminal(args.lang);
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {}", args.record.display()))?;
    let record: tapis_core::Record = serde_json::from_str(&text).map_err(|e| {
        usage(lang.pick(
            &format!("{} n’est pas l’enregistrement d’une partie\u{a0}: {e}", args.record.display()),
            &format!("{} is not a match record: {e}", args.record.display()),
        ))
    })?;
    let config = tapis::review::ReviewConfig {
        seat: tapis_core::Seat(args.seat),
        budget: args.budget.unwrap_or(tapis_bots::review::DEFAULT_BUDGET),
        seed: args.seed,
        threads: args.threads,
        json: args.json,
        lang,
    };
    tapis::review::review(&record, &config)
}

fn review_budget_arg(text: &str) -> Result<u32, String> {
    count(text, 1, tapis::limits::MAX_ISMCTS_ITERATIONS as u64, "iterations").map(|n| n as u32)
}

fn sim_command(args: SimArgs) -> Result<()> {
    let options = options_from_args(&args.game.options).map_err(usage)?;
    let bots = bots_from_arg(&args.bots, args.game.players).map_err(usage)?;
    tapis::matches::check(args.matches.as_deref()).map_err(usage)?;
    check_writable(args.plot.as_deref())?;
    check_writable(args.matches.as_deref())?;
    let config = SimConfig { players: args.game.players, games: args.games, seed: args.seed, options, bots };
    let output = tapis::sim::SimOutput {
        threads: args.threads,
        json: args.json,
        csv: args.csv,
        progress: !args.json && !args.csv && std::io::stderr().is_terminal(),
        plot: args.plot.as_deref(),
        matches: args.matches.as_deref(),
    };
    by_id::simulate(args.game.game, &config, &output)
}

fn arena_command(args: ArenaArgs) -> Result<()> {
    use tapis_bots::arena::{ArenaConfig, Lines, Seating};
    let options = options_from_args(&args.options).map_err(usage)?;
    let named = BotKind::parse_list(&args.bots, args.bots.split(',').count()).map_err(usage)?;
    if args.compare.is_empty() && Lines::of(&named).names.len() < 2 {
        return Err(usage(format!(
            "an arena compares bots, and --bots names only {}: give at least two different bots, one per seat \
             (as in --bots heuristic,random), or compare rule variants with one bot using --compare KEY=VALUE",
            named[0].name()
        )));
    }
    let players = match args.players {
        Some(players) => players,
        None if named.len() > 1 => named.len(),
        None => return Err(usage("--bots names one bot for every seat: say how many seats with --players")),
    };
    if named.len() > 1 && named.len() != players {
        return Err(usage(format!(
            "--bots names {} bots for {players} seats: an arena needs one bot per seat",
            named.len()
        )));
    }
    let lineup = bots_from_arg(&args.bots, players).map_err(usage)?;
    let seating = match args.seating {
        SeatingArg::Permutations => Seating::Permutations,
        SeatingArg::Rotations => Seating::Rotations,
    };
    let mut config = ArenaConfig { players, deals: 1, seed: args.seed, options, lineup, seating };
    let per_deal = config.seatings_per_deal();
    config.deals = args.games.div_ceil(per_deal).max(1);
    if config.deals.checked_mul(per_deal).is_none_or(|matches| matches > MAX_GAMES) {
        return Err(usage(format!(
            "--games {} rounds up to {} × {} seating{} ({}) = {} matches, more than the limit of {}: \
             ask for fewer games{}",
            thousands(args.games),
            deals_in_words(config.deals),
            thousands(per_deal),
            if per_deal == 1 { "" } else { "s" },
            seatings_in_words(&config),
            thousands(config.matches()),
            thousands(MAX_GAMES),
            if seating == Seating::Permutations { " or use --seating rotations" } else { "" }
        )));
    }
    let compare = if args.compare.is_empty() {
        None
    } else {
        let mut options_b = config.options.clone();
        options_b.extend(options_from_args(&args.compare).map_err(usage)?);
        Some(options_b)
    };
    let rounded = (config.matches() != args.games).then(|| {
        format!(
            "tapis arena: each deal is played in {} seatings ({}), so --games {} becomes {} × {} = {} matches{}",
            thousands(per_deal),
            seatings_in_words(&config),
            thousands(args.games),
            deals_in_words(config.deals),
            thousands(per_deal),
            thousands(config.matches()),
            if compare.is_some() { " under each option set" } else { "" }
        )
    });
    tapis::matches::check(args.matches.as_deref()).map_err(usage)?;
    check_writable(args.plot.as_deref())?;
    check_writable(args.matches.as_deref())?;
    let output = tapis::arena::Output {
        json: args.json,
        csv: args.csv,
        plot: args.plot.as_deref(),
        matches: args.matches.as_deref(),
        progress: !args.json && !args.csv && std::io::stderr().is_terminal(),
        threads: args.threads,
        notice: rounded,
    };
    by_id::arena(args.game, &config, compare.as_ref(), &output)
}

fn ladder_command(args: LadderArgs) -> Result<()> {
    use tapis_bots::ladder::{LadderConfig, standard_meetings, standard_rungs};
    let options = options_from_args(&args.options).map_err(usage)?;
    let rungs = match &args.bots {
        Some(names) => {
            let rungs = BotKind::parse_list(names, names.split(',').count()).map_err(usage)?;
            tapis::check_bots(&rungs).map_err(usage)?;
            rungs
        }
        None => standard_rungs(),
    };
    if let Some(twice) = rungs.iter().enumerate().find(|(i, b)| rungs[..*i].contains(b)) {
        return Err(usage(format!("--bots names {} twice: each rung is one bot", twice.1.name())));
    }
    let meetings = standard_meetings(&rungs);
    let config = LadderConfig {
        players: args.players,
        seed: args.seed,
        options,
        rungs,
        meetings,
        deals: args.deals,
        search_deals: args.search_deals,
    };
    if config.matches() > MAX_GAMES {
        return Err(usage(format!(
            "the ladder would play {} matches, more than the limit of {}: ask for fewer deals",
            thousands(config.matches()),
            thousands(MAX_GAMES)
        )));
    }
    let mut command = format!("tapis ladder {} --players {}", args.game.id(), args.players);
    if let Some(bots) = &args.bots {
        command += &format!(" --bots {bots}");
    }
    command += &format!(" --deals {} --search-deals {} --seed {}", args.deals, args.search_deals, args.seed);
    for option in &args.options {
        command += &format!(" --option {option}");
    }
    let output = tapis::ladder::Output {
        json: args.json,
        progress: !args.json && std::io::stderr().is_terminal(),
        threads: args.threads,
        command,
    };
    by_id::ladder(args.game, &config, args.bots.is_none(), &output)
}

/// Deals of a ladder's meeting: 1 to 1,000,000.
fn deals_arg(text: &str) -> Result<u64, String> {
    count(text, 1, 1_000_000, "deals")
}

/// Checks that the file `path` (if any) can be written, before the long work whose result goes
/// there. A file already there is left as it is until then, and none is left behind by the check.
fn check_writable(path: Option<&std::path::Path>) -> Result<()> {
    if let Some(path) = path {
        let existed = path.exists();
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        if !existed {
            let _ = std::fs::remove_file(path);
        }
    }
    Ok(())
}

/// "1 deal", "28 deals", for messages.
fn deals_in_words(deals: u64) -> String {
    format!("{} deal{}", thousands(deals), if deals == 1 { "" } else { "s" })
}

/// "every permutation of the 4 seats", "the 4 distinct ones of the 24 permutations of the 4
/// seats", for messages.
fn seatings_in_words(config: &tapis_bots::arena::ArenaConfig) -> String {
    let kind = match config.seating {
        tapis_bots::arena::Seating::Permutations => "permutation",
        tapis_bots::arena::Seating::Rotations => "rotation",
    };
    let (distinct, all) = (config.seatings_per_deal(), config.arrangements());
    if distinct == all {
        format!("every {kind} of the {} seats", config.players)
    } else {
        format!(
            "the {} distinct one{} of the {} {kind}s of the {} seats",
            thousands(distinct),
            if distinct == 1 { "" } else { "s" },
            thousands(all),
            config.players
        )
    }
}

fn bench_command(args: BenchArgs) -> Result<()> {
    if args.pace {
        return pace_command(&args);
    }
    let options = options_from_args(&args.options).map_err(usage)?;
    let ids: Vec<GameId> = match args.game {
        Some(id) => vec![id],
        None => GameId::ALL.to_vec(),
    };
    let request = MatchRequest { players: args.players, seed: 1, dealer: None, options, deal: None };
    if let Some(level) = args.level {
        let bot = Level::from(level).bot();
        let mut table = Table::new();
        table.set_header(["game", "players", "bot", "moves", "seconds", "mean ms / move", "longest move ms"]);
        for id in ids {
            let times = by_id::bench_moves(id, &request, bot, args.seconds)?;
            table.add_row([
                times.game.to_string(),
                times.players.to_string(),
                bot.name(),
                times.moves.to_string(),
                format!("{:.1}", times.seconds),
                format!("{:.2}", times.seconds * 1e3 / times.moves.max(1) as f64),
                format!("{:.0}", times.max_seconds * 1e3),
            ]);
        }
        return exit::print(format_args!("{table}\n"));
    }
    let mut table = Table::new();
    let unit = if args.ismcts { "ISMCTS iterations" } else { "decisions" };
    table.set_header(["game", "players", unit, "seconds", &format!("{unit} / second (1 thread)")]);
    for id in ids {
        let result: BenchResult = if args.ismcts {
            by_id::bench_ismcts(id, &request, args.after, args.seconds)?
        } else {
            by_id::bench(id, &request, args.seconds)?
        };
        table.add_row([
            result.game.to_string(),
            result.players.to_string(),
            result.decisions.to_string(),
            format!("{:.2}", result.seconds),
            format!("{:.0}", result.decisions as f64 / result.seconds.max(1e-9)),
        ]);
    }
    exit::print(format_args!("{table}\n"))
}

/// `tapis bench --pace`: the bots' races at a table of people, level by level.
fn pace_command(args: &BenchArgs) -> Result<()> {
    let share = |n: usize, of: usize| format!("{:.1}%", 100.0 * n as f64 / of.max(1) as f64);
    let at = |sorted: &[u64], p: usize| match sorted.len() {
        0 => "—".to_string(),
        n => format!("{:.2} s", sorted[(p * (n - 1)) / 100] as f64 / 1000.0),
    };
    let mut contre = Table::new();
    contre.set_header([
        "level",
        "windows",
        "CONTRE called",
        "fastest",
        "10%",
        "median",
        "90%",
        "slowest",
        "missed",
        "let pass",
        "too slow",
    ]);
    let mut unique = Table::new();
    unique.set_header(["level", "cards laid", "UNIQUE with the card", "later", "later: median", "never"]);
    let mut forced = Vec::new();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let f = tapis::pace::measure(level, args.windows as usize, args.seed);
        let name = match level {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        };
        contre.add_row([
            name.to_string(),
            f.windows.to_string(),
            share(f.contre.len(), f.windows),
            at(&f.contre, 0),
            at(&f.contre, 10),
            at(&f.contre, 50),
            at(&f.contre, 90),
            at(&f.contre, 100),
            share(f.missed, f.windows),
            share(f.let_pass, f.windows),
            share(f.too_slow, f.windows),
        ]);
        unique.add_row([
            name.to_string(),
            f.windows.to_string(),
            share(f.with_card, f.windows),
            share(f.later.len(), f.windows),
            at(&f.later, 50),
            share(f.never, f.windows),
        ]);
        forced.extend(f.forced);
    }
    forced.sort_unstable();
    exit::print(format_args!(
        "A person forgets UNIQUE; the bot may call CONTRE UNIQUE (seconds after the card):\n{contre}\n\n\
         The bot lays its second-to-last card:\n{unique}\n\n\
         A person's only move, played for them ({} moves): fastest {}, 10% {}, median {}, 90% {}, slowest {}\n",
        forced.len(),
        at(&forced, 0),
        at(&forced, 10),
        at(&forced, 50),
        at(&forced, 90),
        at(&forced, 100),
    ))
}

fn serve_command(args: ServeArgs) -> Result<()> {
    // Lines go through a bounded queue to a thread of their own: a log that cannot be written
    // (a full disk, a closed or blocked pipe) drops lines, never a room.
    let log = tapis_server::logs::LogQueue::start(std::io::stderr());
    let writer = {
        let log = log.clone();
        move || log.writer()
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer).log_internal_errors(false);
    match args.log_format {
        LogFormat::Text => builder.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(false).init(),
    }
    // A panic (a bug: a room's task that dies comes back from the store) is told through the
    // log too, never written to a stderr that may block; where it happened, not its message,
    // which may quote an action, and so a card.
    std::panic::set_hook(Box::new(|panic| {
        let at = panic.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        tracing::error!(at, "a task panicked");
    }));
    let served = serve(args);
    log.flush(std::time::Duration::from_secs(1));
    served
}

fn serve(args: ServeArgs) -> Result<()> {
    let domains = args.domain.iter().map(|d| tapis_server::tls::check_domain(d)).collect::<Result<Vec<_>, _>>();
    let domains = domains.map_err(usage)?;
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(tapis_server::tls::Tls::Files { cert: cert.clone(), key: key.clone() }),
        _ if !domains.is_empty() => Some(tapis_server::tls::Tls::Acme(tapis_server::tls::Acme {
            domains: domains.clone(),
            directory: args.acme_directory.clone(),
            contact: args.acme_contact.iter().map(|c| format!("mailto:{}", c.trim_start_matches("mailto:"))).collect(),
            root: args.acme_root.clone(),
        })),
        _ => None,
    };
    if args.http_addr.is_some() && tls.is_none() {
        return Err(usage("--http-addr redirects to HTTPS: give --domain, or --tls-cert and --tls-key"));
    }
    // A domain is served where browsers look for it: 443, with 80 redirecting.
    let any = |port| std::net::SocketAddr::from((std::net::Ipv6Addr::UNSPECIFIED, port));
    let addr = args.addr.unwrap_or(if domains.is_empty() { ([127, 0, 0, 1], 8080).into() } else { any(443) });
    let http_addr = args.http_addr.or((!domains.is_empty()).then(|| any(80)));
    // What the first lines say to open: the name, where there is one.
    let shown_host = domains.first().cloned();
    let config = tapis_server::ServeConfig {
        addr,
        tls,
        http_addr,
        metrics_addr: args.metrics_addr,
        data: args.data,
        store: args.store,
        node: args.node.unwrap_or_else(tapis_server::default_node_name),
        nats: args.nats,
        // In whole milliseconds: 0.3 s is 300 ms, not a hair under it.
        lease: std::time::Duration::from_millis((args.lease_seconds * 1000.0).round() as u64),
        max_rooms: args.max_rooms as usize,
        max_connections: args.max_connections as usize,
        connections_per_address: args.connections_per_address as usize,
        prefixes: tapis_server::limits::Prefixes {
            address_v4: args.address_prefix_v4 as u8,
            address_v6: args.address_prefix_v6 as u8,
            block_v4: args.block_prefix_v4 as u8,
            block_v6: args.block_prefix_v6 as u8,
        },
        rooms_per_minute: args.rooms_per_minute as f64,
        archive_after: std::time::Duration::from_secs(args.archive_after),
        unjoined_after: std::time::Duration::from_secs(args.unjoined_after),
        bot_threads: args.bot_threads as usize,
        review_budget: args.review_budget,
        hint_budget: args.hint_budget,
        bot_rooms_per_client: args.bot_rooms_per_client as usize,
        min_bot_delay_ms: args.min_bot_delay_ms,
        header_timeout: std::time::Duration::from_secs(args.request_timeout),
        body_timeout: std::time::Duration::from_secs(args.request_timeout),
        write_timeout: std::time::Duration::from_secs(args.write_timeout),
        ..tapis_server::ServeConfig::default()
    };
    // One server on an SQLite data folder at a time, and no restore under it.
    let _lock = match config.store {
        None => Some(tapis_server::backup::lock_data(&config.data)?),
        Some(_) => None,
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(tapis_server::serve_with(config, |bound| {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let (addr, scheme) = (bound.addr, if bound.https { "https" } else { "http" });
        let _ = writeln!(out, "listening on {scheme}://{addr}");
        if let Some(plain) = bound.http_addr {
            let _ = writeln!(out, "redirecting http://{plain} to https");
        }
        if let Some(metrics) = bound.metrics_addr {
            let _ = writeln!(out, "metrics on http://{metrics}/metrics");
        }
        let open = match &shown_host {
            Some(host) if addr.port() == 443 => format!("https://{host}/"),
            Some(host) => format!("https://{host}:{}/", addr.port()),
            None => format!("{scheme}://{addr}/"),
        };
        let _ = writeln!(out, "open {open} in a browser to play");
        let _ = out.flush();
    }))
}

fn loadtest_command(args: LoadtestArgs) -> Result<()> {
    let config = tapis::loadtest::LoadConfig {
        addrs: args.addr,
        game: args.game.id().to_string(),
        rooms: args.rooms as usize,
        clients: args.clients as usize,
        seconds: args.seconds,
        seed: args.seed,
        rate: args.rate,
        server_pids: args.server_pid,
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(tapis::loadtest::run(config))?;
    let mut table = Table::new();
    table.set_header([
        "game",
        "rooms",
        "clients",
        "seconds",
        "acknowledged moves",
        "moves / s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "matches ended",
        "refused",
        "server memory MiB",
        "server CPU µs / move",
    ]);
    table.add_row([
        args.game.id().to_string(),
        report.rooms.to_string(),
        (report.rooms * report.clients).to_string(),
        format!("{:.1}", report.seconds),
        report.acknowledged.to_string(),
        format!("{:.0}", report.acknowledged as f64 / report.seconds),
        format!("{:.2}", report.percentile(0.5)),
        format!("{:.2}", report.percentile(0.99)),
        format!("{:.2}", report.percentile(1.0)),
        report.matches.to_string(),
        report.refused.to_string(),
        report.memory_kib.map_or("?".into(), |k| format!("{:.0}", k as f64 / 1024.0)),
        report.server_cpu.map_or("?".into(), |cpu| format!("{:.0}", cpu * 1e6 / report.acknowledged.max(1) as f64)),
    ]);
    exit::print(format_args!("{table}\n"))
}

/// A person's name: 1 to 32 characters once trimmed, no control character.
fn name_arg(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() || name.chars().count() > 32 || name.chars().any(char::is_control) {
        Err("a name is 1 to 32 characters long, with no control character".to_string())
    } else {
        Ok(name.to_string())
    }
}

/// A player count: a table holds at most `MAX_SEATS` seats (each game says which counts it plays).
fn players_arg(text: &str) -> Result<usize, String> {
    let n: usize = text.trim().parse().map_err(|_| format!("'{text}' is not a number of players"))?;
    if (1..=tapis_core::MAX_SEATS).contains(&n) {
        Ok(n)
    } else {
        Err(format!("a table has 1 to {} players", tapis_core::MAX_SEATS))
    }
}

/// A whole number from `min` to `max` of `unit` (a count checked before anything is sized or
/// started from it).
fn count(text: &str, min: u64, max: u64, unit: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("the number of {unit} is from {} to {}", thousands(min), thousands(max))),
    }
}

/// A lease's length in seconds: from 0.3 (a renewal every 100 ms) to a day.
fn lease_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if (0.3..=86_400.0).contains(&seconds) => Ok(seconds),
        _ => Err("a lease lasts from 0.3 to 86,400 seconds".to_string()),
    }
}

/// Matches of `tapis sim` or `tapis arena`: 1 to [`MAX_GAMES`].
fn games_arg(text: &str) -> Result<u64, String> {
    count(text, 1, MAX_GAMES, "matches")
}

/// Worker threads: 1 to [`MAX_THREADS`].
fn threads_arg(text: &str) -> Result<usize, String> {
    count(text, 1, MAX_THREADS as u64, "threads").map(|n| n as usize)
}

/// A duration in seconds: more than 0, at most [`MAX_SECONDS`].
fn seconds_arg(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_SECONDS => Ok(seconds),
        _ => Err(format!("the number of seconds is more than 0 and at most {}", thousands(MAX_SECONDS as u64))),
    }
}

#[cfg(test)]
mod terminal_language {
    use super::terminal_lang;
    use tapis_core::Lang;

    fn with(vars: &[(&str, &str)]) -> Lang {
        terminal_lang(|name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn the_first_locale_set_chooses_and_french_is_the_default() {
        assert_eq!(with(&[]), Lang::Fr);
        assert_eq!(with(&[("LANG", "fr_FR.UTF-8")]), Lang::Fr);
        assert_eq!(with(&[("LANG", "en_GB.UTF-8")]), Lang::En);
        assert_eq!(with(&[("LANG", "de_DE.UTF-8")]), Lang::En);
        assert_eq!(with(&[("LANG", "C.UTF-8")]), Lang::Fr);
        assert_eq!(with(&[("LANG", "POSIX")]), Lang::Fr);
        assert_eq!(with(&[("LC_ALL", "fr_CA.UTF-8"), ("LANG", "en_US.UTF-8")]), Lang::Fr);
        assert_eq!(with(&[("LC_ALL", ""), ("LC_MESSAGES", "en_US.UTF-8"), ("LANG", "fr_FR.UTF-8")]), Lang::En);
    }
}

#[cfg(test)]
mod help {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_flag_says_what_it_does() {
        let mut missing = Vec::new();
        for command in Cli::command().get_subcommands() {
            for arg in command.get_arguments() {
                if arg.get_help().is_none() && !matches!(arg.get_id().as_str(), "help" | "version") {
                    missing.push(format!("tapis {} {}", command.get_name(), arg.get_id()));
                }
            }
        }
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }
}
