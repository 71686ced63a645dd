-- The spreadsheet a schedule run created (a schedule with a new spreadsheet each time). A run
-- that failed after creating it (Google unavailable or rate limiting past the client's waits)
-- goes back to the queue; its retry now writes into this spreadsheet instead of creating a second
-- one and leaving the half-written first in the person's Drive
-- (worker/features/reports/schedule-run.ts). This file is both migrations/0013 and
-- migrations-content/0003, so the two schemas stay identical.
ALTER TABLE `schedule_runs` ADD `spreadsheet_id` text;
