-- v8: languages (issue 15). tables.locale: the language the table's public messages and stored
-- events are written in ('en', 'ja'), fixed when the table opens from the server's setting or its
-- preferred locale, so a table never switches language in the middle of a hand.
ALTER TABLE tables ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja'));
