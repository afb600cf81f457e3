-- v15 (PostgreSQL twin of ../0015_tournament_tables.sql): running a knockout's tables.
-- tournaments.seated_at: when every table of the first draw was opened and started (NULL before).
ALTER TABLE tournaments ADD COLUMN seated_at TEXT;
