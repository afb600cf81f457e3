-- v2: what players read between hands, and their names.
-- result_json: the last hand's (or deal's) result as shown to players (see bot/service/results.py).
-- pause_json: the beat between hands: {"until": ISO time, "ready": [user ids], "kind": "hand"|"deal"}.
-- name: the player's display name when they sat down (for texts where a mention can't render:
-- button labels, footers, downloaded hand histories).
ALTER TABLE tables ADD COLUMN result_json TEXT CHECK (result_json IS NULL OR json_valid(result_json));
ALTER TABLE tables ADD COLUMN pause_json TEXT CHECK (pause_json IS NULL OR json_valid(pause_json));
ALTER TABLE table_players ADD COLUMN name TEXT;
