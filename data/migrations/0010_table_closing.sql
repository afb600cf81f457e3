-- v10: nobody escapes a loss (issue 24). tables.closing_by: the host (or admin) who ended the table
-- in the middle of a hand. The hand plays to its end and is settled as usual; then the table closes.
-- NULL: no close pending. Kept in the row so a restart between the request and the hand's end keeps it.
ALTER TABLE tables ADD COLUMN closing_by INTEGER;
