-- v9: the house's chips (issue 24). The house's net (chips it paid into computer seats minus what came
-- back) is read per UTC day at every computer buy-in, and per game by /admin economy. This partial index
-- holds only buy-ins, cash-outs and refunds (a few rows per table, never the per-hand stakes and payouts),
-- so the hot settlement INSERT pays nothing for it and a day's house movements are one index range.
CREATE INDEX transfers_seat_moves ON transfers(guild_id, created_at)
    WHERE code = 'buy_in' OR code = 'cash_out' OR code = 'refund';
