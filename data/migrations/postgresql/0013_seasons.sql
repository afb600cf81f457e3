-- v13 (PostgreSQL twin of ../0013_seasons.sql): leaderboard seasons and per-season ratings.
CREATE TABLE seasons (
    guild_id   BIGINT  NOT NULL,
    number     BIGINT  NOT NULL CHECK (number >= 1),
    cadence    TEXT    NOT NULL CHECK (cadence IN ('monthly', 'manual')),
    channel_id BIGINT,
    started_at TEXT    NOT NULL,
    ends_at    TEXT,
    ended_at   TEXT,
    announced  BIGINT  NOT NULL DEFAULT 0 CHECK (announced IN (0, 1)),
    PRIMARY KEY (guild_id, number)
);
CREATE UNIQUE INDEX seasons_current ON seasons(guild_id) WHERE ended_at IS NULL;
CREATE TABLE season_ratings (
    guild_id   BIGINT           NOT NULL,
    season     BIGINT           NOT NULL CHECK (season >= 1),
    game_id    TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL CHECK (user_id > 0),
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    rated      BIGINT           NOT NULL DEFAULT 0 CHECK (rated >= 0),
    updated_at TEXT             NOT NULL,
    PRIMARY KEY (guild_id, season, game_id, user_id)
);
CREATE INDEX results_by_time ON results(guild_id, at);
