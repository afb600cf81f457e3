-- v5: computer players and away players (issue 14).
-- table_players.computer: the strength of a computer player ('easy', 'normal', 'strong'); NULL for a person.
--   Computer players have negative user ids (-1, -2, … per table: never a Discord id) and no wallet:
--   their buy-ins come from the server's house account (the wallet of user 0) and go back to it.
-- table_players.away: a person whose turns the computer plays after repeated timeouts, until "I'm back".
ALTER TABLE table_players ADD COLUMN computer TEXT CHECK (computer IS NULL OR computer IN ('easy', 'normal', 'strong'));
ALTER TABLE table_players ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
