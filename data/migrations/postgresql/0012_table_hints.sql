-- v12 (PostgreSQL twin of ../0012_table_hints.sql): the hint option and the hints used per hand.
ALTER TABLE tables ADD COLUMN hints TEXT NOT NULL DEFAULT 'auto' CHECK (hints IN ('auto', 'on', 'off'));
UPDATE tables SET hints = 'off' WHERE status <> 'lobby';
CREATE TABLE hand_hints (
    table_id BIGINT NOT NULL REFERENCES tables(id),
    hand_no  BIGINT NOT NULL CHECK (hand_no >= 0),
    user_id  BIGINT NOT NULL CHECK (user_id > 0),
    used     BIGINT NOT NULL CHECK (used > 0),
    PRIMARY KEY (table_id, hand_no, user_id)
);
