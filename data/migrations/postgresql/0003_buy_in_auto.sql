-- v3 (PostgreSQL twin of ../0003_buy_in_auto.sql): the buy-in a table's game recommends, until it starts.
ALTER TABLE tables ADD COLUMN buy_in_auto BIGINT NOT NULL DEFAULT 0 CHECK (buy_in_auto IN (0, 1));
