-- Automatic takeover (crates/server/src/cluster.rs): live nodes take the rooms whose lease ran
-- out, except those given up because they left memory untouched (`idle`): those come back only
-- when a client asks for them.
ALTER TABLE leases ADD COLUMN idle BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX leases_lapsing ON leases (expires) WHERE NOT idle;

-- The nodes alive: each writes its row at every scan, so that a node takes its share of the
-- rooms a dead node left, not all of them.
CREATE TABLE nodes (
    node TEXT PRIMARY KEY,
    seen TIMESTAMPTZ NOT NULL
);
