-- v10 (PostgreSQL twin of ../0010_table_closing.sql): who asked the table to close after the running hand.
ALTER TABLE tables ADD COLUMN closing_by BIGINT;
