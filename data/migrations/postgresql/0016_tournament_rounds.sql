-- v16 (PostgreSQL twin of ../0016_tournament_rounds.sql): the rounds format's tables.
CREATE TABLE tournament_tables (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments(id),
    round         BIGINT  NOT NULL CHECK (round >= 1),
    table_no      BIGINT  NOT NULL CHECK (table_no >= 0),
    table_id      BIGINT  NOT NULL REFERENCES tables(id),
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE UNIQUE INDEX tournament_tables_table ON tournament_tables(table_id);
