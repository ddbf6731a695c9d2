-- Practice tables (NULL in rooms stored before: no hints), and each finished match's reviews,
-- kept once searched: a review is a function of the match, the seat and the budget, so asked
-- again it is read, not searched (crates/server/src/store.rs, migration 2 of SQLite's).
ALTER TABLE rooms ADD COLUMN hints BOOLEAN;
CREATE TABLE reviews (
    room TEXT NOT NULL,
    match_no BIGINT NOT NULL,
    seat SMALLINT NOT NULL,
    budget BIGINT NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (room, match_no, seat, budget)
);
