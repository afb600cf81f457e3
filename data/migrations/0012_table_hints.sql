-- v12: the 💡 Hint button (issue 25).
-- tables.hints: the table option. 'auto' (in the lobby only: on while a computer player is seated),
--   'on' or 'off' (the host's choice). The start fixes it: 'auto' becomes 'on' or 'off', so a hand's
--   hints never change with the roster. Tables already playing had no hints: 'off'.
-- hand_hints: hints each person used in each hand (restart-safe; shown in the hand's result).
ALTER TABLE tables ADD COLUMN hints TEXT NOT NULL DEFAULT 'auto' CHECK (hints IN ('auto', 'on', 'off'));
UPDATE tables SET hints = 'off' WHERE status <> 'lobby';
CREATE TABLE hand_hints (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    hand_no  INTEGER NOT NULL CHECK (hand_no >= 0),
    user_id  INTEGER NOT NULL CHECK (user_id > 0),
    used     INTEGER NOT NULL CHECK (used > 0),
    PRIMARY KEY (table_id, hand_no, user_id)
) STRICT;
