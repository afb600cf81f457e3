-- v6 (PostgreSQL twin of ../0006_ratings.sql): skill ratings (issue 15), one openskill rating per
-- server × game × person; rating_changes is append-only like results.
CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    game_id    TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL CHECK (user_id > 0),
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    rated      BIGINT           NOT NULL DEFAULT 0 CHECK (rated >= 0),   -- hands or games rated
    updated_at TEXT             NOT NULL,
    PRIMARY KEY (guild_id, game_id, user_id)
);
CREATE INDEX ratings_by_game ON ratings(guild_id, game_id);
CREATE TABLE rating_changes (
    table_id     BIGINT           NOT NULL REFERENCES tables(id),
    hand_no      BIGINT           NOT NULL,
    user_id      BIGINT           NOT NULL CHECK (user_id > 0),
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    at           TEXT             NOT NULL,
    PRIMARY KEY (table_id, hand_no, user_id)
);
CREATE TRIGGER rating_changes_no_update BEFORE UPDATE ON rating_changes
    FOR EACH ROW EXECUTE FUNCTION cardroom_refuse('rating changes are append-only');
CREATE TRIGGER rating_changes_no_delete BEFORE DELETE ON rating_changes
    FOR EACH ROW EXECUTE FUNCTION cardroom_refuse('rating changes are append-only');
