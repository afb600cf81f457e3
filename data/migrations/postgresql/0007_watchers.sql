-- v7 (PostgreSQL twin of ../0007_watchers.sql): spectators and table threads (issue 15).
CREATE TABLE table_watchers (
    table_id   BIGINT NOT NULL REFERENCES tables(id),
    user_id    BIGINT NOT NULL CHECK (user_id > 0),
    first_hand BIGINT NOT NULL,
    since      TEXT   NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
ALTER TABLE tables ADD COLUMN thread_id BIGINT;
