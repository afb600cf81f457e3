-- v11: turns reach the player (issue 26). Discord notifies nobody of an edited message, so the bot
-- sends a short new message mentioning the player to act and deletes it once they have acted.
-- player_settings: how a player wants to hear it's their turn ('channel', 'dm' or 'off'), per server.
-- turn_pings: the ping messages standing now, so a restart deletes them instead of leaving them behind
-- (a table keeps at most one in its channel).
CREATE TABLE player_settings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL CHECK (user_id > 0),
    turn_ping  TEXT    NOT NULL DEFAULT 'channel' CHECK (turn_ping IN ('channel', 'dm', 'off')),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT;
CREATE TABLE turn_pings (
    table_id   INTEGER NOT NULL REFERENCES tables(id),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, message_id)
) STRICT;
