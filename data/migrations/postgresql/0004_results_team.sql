-- v4 (PostgreSQL twin of ../0004_results_team.sql): partnerships; NULL when the game has no teams.
ALTER TABLE results ADD COLUMN team BIGINT CHECK (team IS NULL OR team >= 0);
