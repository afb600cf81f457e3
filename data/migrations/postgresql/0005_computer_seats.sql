-- v5 (PostgreSQL twin of ../0005_computer_seats.sql): computer players and away players (issue 14).
ALTER TABLE table_players ADD COLUMN computer TEXT CHECK (computer IS NULL OR computer IN ('easy', 'normal', 'strong'));
ALTER TABLE table_players ADD COLUMN away BIGINT NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
