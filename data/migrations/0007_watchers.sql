-- v7: spectators and table threads (issue 15).
-- table_watchers: who pressed Watch at a table (not seated), from which hand on. A watcher may
--   download the histories and replays of the hands finished while watching (hand_no >= first_hand).
-- tables.thread_id: the thread a table lives in when the server opens a thread per table (NULL: none).
CREATE TABLE table_watchers (
    table_id   INTEGER NOT NULL REFERENCES tables(id),
    user_id    INTEGER NOT NULL CHECK (user_id > 0),
    first_hand INTEGER NOT NULL,
    since      TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
) STRICT;
ALTER TABLE tables ADD COLUMN thread_id INTEGER;
