-- The PostgreSQL store's schema (crates/server/src/store/postgres.rs): the same tables as the
-- SQLite store's, and the rooms' ownership leases.

CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    -- Each seat's kind, as JSON: ["human", "bot:medium"].
    seats TEXT NOT NULL,
    fixed_deal BOOLEAN NOT NULL,
    bot_delay_ms BIGINT NOT NULL,
    turn_clock_ms BIGINT
);

CREATE TABLE matches (
    room TEXT NOT NULL,
    match_no BIGINT NOT NULL,
    -- As text, as in SQLite: seeds use all 64 bits, BIGINT is signed.
    seed TEXT NOT NULL,
    dealer SMALLINT NOT NULL,
    options TEXT NOT NULL,
    deal TEXT,
    PRIMARY KEY (room, match_no)
);

CREATE TABLE seats (
    room TEXT NOT NULL,
    seat SMALLINT NOT NULL,
    name TEXT NOT NULL,
    token_hash BYTEA NOT NULL,
    PRIMARY KEY (room, seat)
);

-- The action log: the unique (room, match_no, seq) is the concurrency check of an append.
CREATE TABLE actions (
    room TEXT NOT NULL,
    match_no BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    seat SMALLINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, match_no, seq)
);

CREATE TABLE chat (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room TEXT NOT NULL,
    seat SMALLINT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX chat_by_room ON chat (room, id);

-- Who owns each room: one node at a time, until `expires` (the database's clock), with an epoch
-- that rises at each acquisition. Every write to a room checks, in its own transaction, that the
-- writer still holds the epoch it was given.
CREATE TABLE leases (
    room TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
