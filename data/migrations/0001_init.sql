-- Cardroom schema v1. STRICT tables; history tables are append-only (triggers).
-- Applied by data/migrate.py inside one transaction together with PRAGMA user_version = 1.

-- ------------------------------------------------------------------ settings
CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    settings_json TEXT    NOT NULL CHECK (json_valid(settings_json)),  -- validated by GuildSettings
    updated_at    TEXT    NOT NULL
) STRICT;

-- -------------------------------------------------------------- game tables
CREATE TABLE tables (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    message_id      INTEGER,                          -- the public table message, edited by id
    host_id         INTEGER NOT NULL,
    game_id         TEXT    NOT NULL,
    rules_version   INTEGER NOT NULL,
    options_json    TEXT    NOT NULL CHECK (json_valid(options_json)),
    preset          TEXT,
    seed            INTEGER NOT NULL,                 -- table seed; hand seeds are derived and stored in hands
    rng_algo        INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'void')),
    hand_no         INTEGER NOT NULL DEFAULT 0 CHECK (hand_no >= 0),
    seq             INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),  -- rows in table_log; compare-and-swap token
    state_json      TEXT,                             -- snapshot after log row `seq` (game.dump)
    deadline        TEXT,                             -- UTC ISO-8601, NULL when nobody is on the clock
    buy_in          INTEGER NOT NULL CHECK (buy_in >= 0),
    turn_seconds    INTEGER NOT NULL CHECK (turn_seconds > 0),
    recent_json     TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(recent_json)),
    outcome_summary TEXT,
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    ended_at        TEXT
) STRICT;
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables(channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_open ON tables(status, deadline) WHERE status IN ('lobby', 'playing');

-- Who is at a table now (a roster, not history: join/leave are also logged in table_log).
CREATE TABLE table_players (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    user_id   INTEGER NOT NULL,
    pos       INTEGER NOT NULL,                       -- join order
    seat      INTEGER CHECK (seat >= 0),              -- seat in the running hand; NULL = waiting for the next
    timeouts  INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),  -- consecutive timeouts
    leaving   INTEGER NOT NULL DEFAULT 0 CHECK (leaving IN (0, 1)),
    PRIMARY KEY (table_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX table_players_seat ON table_players(table_id, seat) WHERE seat IS NOT NULL;

-- One row per hand (per game for games scored on a sheet): everything replay needs.
CREATE TABLE hands (
    table_id     INTEGER NOT NULL REFERENCES tables(id),
    hand_no      INTEGER NOT NULL CHECK (hand_no >= 1),
    seed         INTEGER NOT NULL,
    dealer       INTEGER NOT NULL CHECK (dealer >= 0),
    carry_json   TEXT CHECK (carry_json IS NULL OR json_valid(carry_json)),
    options_json TEXT    NOT NULL CHECK (json_valid(options_json)),
    users_json   TEXT    NOT NULL CHECK (json_valid(users_json)),   -- user id per seat
    stacks_json  TEXT CHECK (stacks_json IS NULL OR json_valid(stacks_json)),  -- escrow per seat at the deal
    start_seq    INTEGER NOT NULL,                    -- this hand's log rows have seq > start_seq
    status       TEXT    NOT NULL CHECK (status IN ('playing', 'done', 'void')),
    outcome_json TEXT CHECK (outcome_json IS NULL OR json_valid(outcome_json)),
    history_text TEXT,
    started_at   TEXT    NOT NULL,
    ended_at     TEXT,
    PRIMARY KEY (table_id, hand_no)
) STRICT;
CREATE TRIGGER hands_inputs_frozen BEFORE UPDATE OF table_id, hand_no, seed, dealer, carry_json, options_json,
    users_json, stacks_json, start_seq ON hands
BEGIN
    SELECT RAISE(ABORT, 'hand inputs are immutable');
END;
CREATE TRIGGER hands_no_delete BEFORE DELETE ON hands BEGIN SELECT RAISE(ABORT, 'hands are kept'); END;

-- The input log: replayable and auditable, append-only.
CREATE TABLE table_log (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seq      INTEGER NOT NULL CHECK (seq >= 1),
    hand_no  INTEGER NOT NULL CHECK (hand_no >= 0),
    seat     INTEGER,                                 -- NULL for system rows
    user_id  INTEGER,
    kind     TEXT    NOT NULL CHECK (kind IN ('action', 'timeout', 'system')),
    payload  TEXT    NOT NULL,                        -- the action string, or 'open' / 'join' / 'deal' …
    at       TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER table_log_no_update BEFORE UPDATE ON table_log
BEGIN
    SELECT RAISE(ABORT, 'table_log is append-only');
END;
CREATE TRIGGER table_log_no_delete BEFORE DELETE ON table_log
BEGIN
    SELECT RAISE(ABORT, 'table_log is append-only');
END;

-- One row per seat per finished hand (hand-by-hand games) or game, for leaderboards and stats.
CREATE TABLE results (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    hand_no  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    game_id  TEXT    NOT NULL,
    seat     INTEGER NOT NULL,
    placing  INTEGER NOT NULL CHECK (placing >= 1),
    payoff   INTEGER NOT NULL,                        -- chips actually moved (0 for games scored on a sheet)
    score    INTEGER,
    at       TEXT    NOT NULL,
    PRIMARY KEY (table_id, hand_no, user_id)
) STRICT;
CREATE INDEX results_by_user ON results(guild_id, user_id, game_id);
CREATE INDEX results_by_game ON results(guild_id, game_id);
CREATE TRIGGER results_no_update BEFORE UPDATE ON results BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
CREATE TRIGGER results_no_delete BEFORE DELETE ON results BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;

-- --------------------------------------------------------------- chip ledger
-- Double entry: every chip movement is one immutable transfer between two accounts.
-- The issuer may go negative (-balance = chips in circulation); nothing else may.
CREATE TABLE accounts (
    id         INTEGER PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('issuer', 'user', 'escrow', 'pot')),
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER,
    table_id   INTEGER,
    balance    INTEGER NOT NULL DEFAULT 0,            -- cache of the transfers, kept by trigger
    created_at TEXT    NOT NULL,
    CONSTRAINT no_overdraft CHECK (kind = 'issuer' OR balance >= 0),  -- named: the ledger maps it to Overdraft
    CHECK ((kind IN ('user', 'escrow')) = (user_id IS NOT NULL)),
    CHECK ((kind IN ('escrow', 'pot')) = (table_id IS NOT NULL))
) STRICT;
CREATE UNIQUE INDEX accounts_issuer ON accounts(guild_id) WHERE kind = 'issuer';
CREATE UNIQUE INDEX accounts_user   ON accounts(guild_id, user_id) WHERE kind = 'user';
CREATE UNIQUE INDEX accounts_escrow ON accounts(table_id, user_id) WHERE kind = 'escrow';
CREATE UNIQUE INDEX accounts_pot    ON accounts(table_id) WHERE kind = 'pot';
-- A settlement reads all of a table's accounts (escrows and pot) in one range of this index.
CREATE INDEX accounts_table ON accounts(table_id) WHERE table_id IS NOT NULL;
-- No BEFORE UPDATE trigger on accounts: any such trigger makes every balance update (two per transfer)
-- about 70% slower. The audit checks every cached balance against the transfers instead.
CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts BEGIN SELECT RAISE(ABORT, 'accounts are kept'); END;

-- The idempotency key IS the transfer's identity (TigerBeetle's unique transfer id): a retried
-- operation hits the primary key and inserts nothing. WITHOUT ROWID keeps one B-tree per insert.
CREATE TABLE transfers (
    idem_key   TEXT    NOT NULL PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    debit_id   INTEGER NOT NULL REFERENCES accounts(id),
    credit_id  INTEGER NOT NULL REFERENCES accounts(id),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    -- An OR chain, not `code IN (…)`: SQLite builds an ephemeral index for an IN list at every
    -- statement run, which cost 2.5 µs per inserted row (as much as the row itself). Hot codes first.
    code       TEXT    NOT NULL CHECK (code = 'stake' OR code = 'payout' OR code = 'buy_in' OR code = 'cash_out'
                                       OR code = 'topup' OR code = 'start' OR code = 'daily' OR code = 'grant'
                                       OR code = 'writeoff' OR code = 'refund' OR code = 'correction'),
    table_id   INTEGER,
    hand_no    INTEGER,
    memo       TEXT,
    created_at TEXT    NOT NULL,
    CHECK (debit_id <> credit_id)
) STRICT, WITHOUT ROWID;
-- No index on debit/credit: the audit sums in one scan, and every index costs each insert.

-- The database keeps every cached balance, whoever inserts the transfer. Measured against the
-- alternative (no trigger; the ledger adds each touched account's summed delta once per settlement),
-- this trigger costs about 1.5 µs of a settled hand's ~30 µs: kept, so no code path can forget it.
CREATE TRIGGER transfers_post AFTER INSERT ON transfers
BEGIN
    -- The CHECK on accounts aborts an overdraft (and with it the whole statement).
    UPDATE accounts SET balance = balance - NEW.amount WHERE id = NEW.debit_id;
    UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.credit_id;
END;
CREATE TRIGGER transfers_no_update BEFORE UPDATE ON transfers
BEGIN
    SELECT RAISE(ABORT, 'transfers are append-only');
END;
CREATE TRIGGER transfers_no_delete BEFORE DELETE ON transfers
BEGIN
    SELECT RAISE(ABORT, 'transfers are append-only');
END;

