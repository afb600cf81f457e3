-- v3: a table opened without a buy-in takes the one its game recommends for the number of players
-- (Kabu: 10 + 15 per player), recomputed in the lobby as players come and go and fixed at the start.
ALTER TABLE tables ADD COLUMN buy_in_auto INTEGER NOT NULL DEFAULT 0 CHECK (buy_in_auto IN (0, 1));
