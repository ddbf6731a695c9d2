-- Records that do not depend on the generator (docs/upgrades.md): each match's rules version and
-- the chance outcomes of its first deal, each action's chance outcomes, as JSON lists of the
-- game's outcomes. NULL in the rows stored before: those matches were played under rules
-- version 1 and replay from their seed.
ALTER TABLE matches ADD COLUMN rules BIGINT;
ALTER TABLE matches ADD COLUMN chance TEXT;
ALTER TABLE actions ADD COLUMN chance TEXT;
