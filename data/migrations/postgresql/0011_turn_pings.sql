-- v11 (PostgreSQL twin of ../0011_turn_pings.sql): players' ping setting, and the ping messages standing.
CREATE TABLE player_settings (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL CHECK (user_id > 0),
    turn_ping  TEXT   NOT NULL DEFAULT 'channel' CHECK (turn_ping IN ('channel', 'dm', 'off')),
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE TABLE turn_pings (
    table_id   BIGINT NOT NULL REFERENCES tables(id),
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, message_id)
);
