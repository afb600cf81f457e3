-- v16: the rounds format's tables (issue 27).
-- tournament_tables: which table played table_no (from 0) of a rounds event's round (from 1). A
--   row is written right after the table opens, before it starts (bot/service/rounds_run.py), so the
--   hook that ends a table after the round's deals (bot/service/round_tables.py) always finds it,
--   and a restart finds the round's tables again. The round's results are the tables' `results`.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_no      INTEGER NOT NULL CHECK (table_no >= 0),
    table_id      INTEGER NOT NULL REFERENCES tables(id),
    PRIMARY KEY (tournament_id, round, table_no)
) STRICT;
CREATE UNIQUE INDEX tournament_tables_table ON tournament_tables(table_id);
