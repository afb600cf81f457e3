-- v8 (PostgreSQL twin of ../0008_table_locale.sql): the language a table's public messages are written in.
ALTER TABLE tables ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja'));
