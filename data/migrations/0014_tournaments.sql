-- v14: tournaments (issue 27).
-- tables.ledger_guild: the ledger scope a table's chips move in. An ordinary table's is its server
--   (guild_id; existing rows are set so); a tournament's tables play for tournament chips in the
--   tournament's own scope, a synthetic negative id (-tournament id, bot/service/tournaments.py).
--   NULL reads as guild_id.
-- tournaments: one event. format 'knockout' (chip games: everyone starts with starting_stack
--   tournament chips) or 'rounds' (score games: deals_per_round deals a round, `rounds` rounds).
--   starts_at NULL = when full. buy_in is in server chips (wallet -> the event's prize pool).
-- tournament_entries: who signed up (and, once it runs, their seat order, place and prize).
ALTER TABLE tables ADD COLUMN ledger_guild INTEGER;
UPDATE tables SET ledger_guild = guild_id;
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    host_id            INTEGER NOT NULL,
    game_id            TEXT    NOT NULL,
    preset             TEXT,
    options_json       TEXT    NOT NULL CHECK (json_valid(options_json)),
    format             TEXT    NOT NULL CHECK (format IN ('knockout', 'rounds')),
    max_players        INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 64),
    buy_in             INTEGER NOT NULL CHECK (buy_in >= 0),
    starting_stack     INTEGER NOT NULL CHECK (starting_stack >= 0),
    table_size         INTEGER NOT NULL CHECK (table_size >= 2),
    level_minutes      INTEGER NOT NULL CHECK (level_minutes >= 1),
    deals_per_round    INTEGER CHECK (deals_per_round IS NULL OR deals_per_round >= 1),
    rounds             INTEGER CHECK (rounds IS NULL OR rounds >= 1),
    starts_at          TEXT,
    late_registration_minutes INTEGER NOT NULL DEFAULT 0 CHECK (late_registration_minutes >= 0),
    computers_fill     INTEGER NOT NULL DEFAULT 0 CHECK (computers_fill IN (0, 1)),
    status             TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    seed               INTEGER NOT NULL,
    locale             TEXT    NOT NULL DEFAULT 'en',
    message_id         INTEGER,
    created_at         TEXT    NOT NULL,
    started_at         TEXT,
    finished_at        TEXT
) STRICT;
CREATE INDEX tournaments_open ON tournaments(guild_id, status) WHERE status IN ('signup', 'running');
CREATE TABLE tournament_entries (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    user_id        INTEGER NOT NULL,
    joined_at      TEXT    NOT NULL,
    seat_order     INTEGER,
    finished_place INTEGER CHECK (finished_place IS NULL OR finished_place >= 1),
    knocked_out_at TEXT,
    prize          INTEGER NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (tournament_id, user_id)
) STRICT;
