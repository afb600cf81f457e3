-- v9 (PostgreSQL twin of ../0009_house_index.sql): a day's buy-ins, cash-outs and refunds in one range.
CREATE INDEX transfers_seat_moves ON transfers(guild_id, created_at)
    WHERE code = 'buy_in' OR code = 'cash_out' OR code = 'refund';
