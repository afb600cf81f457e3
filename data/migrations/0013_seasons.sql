-- v13: leaderboard seasons (issue 27).
-- seasons: a server's seasons, numbered from 1. The current one has ended_at NULL (at most one per
--   server); ends_at is its planned end (the next month's first day for a monthly season, NULL when
--   an admin ends it by hand). channel_id: where its final standings are posted; announced: posted.
-- season_ratings: each person's rating per game within a season (a season starts everyone afresh);
--   the all-time ratings table is unchanged.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    cadence    TEXT    NOT NULL CHECK (cadence IN ('monthly', 'manual')),
    channel_id INTEGER,
    started_at TEXT    NOT NULL,
    ends_at    TEXT,
    ended_at   TEXT,
    announced  INTEGER NOT NULL DEFAULT 0 CHECK (announced IN (0, 1)),
    PRIMARY KEY (guild_id, number)
) STRICT;
CREATE UNIQUE INDEX seasons_current ON seasons(guild_id) WHERE ended_at IS NULL;
CREATE TABLE season_ratings (
    guild_id   INTEGER NOT NULL,
    season     INTEGER NOT NULL CHECK (season >= 1),
    game_id    TEXT    NOT NULL,
    user_id    INTEGER NOT NULL CHECK (user_id > 0),
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    rated      INTEGER NOT NULL DEFAULT 0 CHECK (rated >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, season, game_id, user_id)
) STRICT;
CREATE INDEX results_by_time ON results(guild_id, at);
