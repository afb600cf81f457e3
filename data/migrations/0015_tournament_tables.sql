-- v15: running a knockout's tables (issue 27).
-- tournaments.seated_at: when every table of the first draw was opened and started. NULL while the
--   event is signing up, or while a restart in the middle of the start still has tables to open
--   (bot/service/tournament_run.py finishes the draw, then sets it).
ALTER TABLE tournaments ADD COLUMN seated_at TEXT;
