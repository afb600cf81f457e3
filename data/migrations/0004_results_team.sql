-- v4: partnerships. results.team: the seat's team in that hand or game (an index into the game's
-- Outcome.extra["teams"]), NULL when the game has no teams. Partners are the rows of one hand with
-- the same team: team leaderboards and "games with a partner" in /stats are counted from them.
ALTER TABLE results ADD COLUMN team INTEGER CHECK (team IS NULL OR team >= 0);
