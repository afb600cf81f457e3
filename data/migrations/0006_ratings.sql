-- v6: skill ratings (issue 15), one openskill rating per server × game × person.
-- mu/sigma are openskill's (Plackett-Luce); computer players (user_id <= 0) are never rated.
-- rating_changes: one row per person per rated hand or game, written in the same transaction as
-- that hand's results rows (append-only like results), so a rating can always be recomputed and shown.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game_id    TEXT    NOT NULL,
    user_id    INTEGER NOT NULL CHECK (user_id > 0),
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    rated      INTEGER NOT NULL DEFAULT 0 CHECK (rated >= 0),   -- hands or games rated
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game_id, user_id)
) STRICT;
CREATE INDEX ratings_by_game ON ratings(guild_id, game_id);
CREATE TABLE rating_changes (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    hand_no   INTEGER NOT NULL,
    user_id   INTEGER NOT NULL CHECK (user_id > 0),
    mu_before REAL    NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after  REAL    NOT NULL,
    sigma_after REAL  NOT NULL,
    at        TEXT    NOT NULL,
    PRIMARY KEY (table_id, hand_no, user_id)
) STRICT;
CREATE TRIGGER rating_changes_no_update BEFORE UPDATE ON rating_changes BEGIN SELECT RAISE(ABORT, 'rating changes are append-only'); END;
CREATE TRIGGER rating_changes_no_delete BEFORE DELETE ON rating_changes BEGIN SELECT RAISE(ABORT, 'rating changes are append-only'); END;
