-- v2 (PostgreSQL twin of ../0002_results_pause_names.sql): what players read between hands, and their names.
ALTER TABLE tables ADD COLUMN result_json TEXT CHECK (result_json IS NULL OR cardroom_json_valid(result_json));
ALTER TABLE tables ADD COLUMN pause_json TEXT CHECK (pause_json IS NULL OR cardroom_json_valid(pause_json));
ALTER TABLE table_players ADD COLUMN name TEXT;
