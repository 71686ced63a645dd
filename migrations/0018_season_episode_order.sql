-- Episodes sorted by S/E were ordered by season only: the episodes of a season came in rowid
-- order. The sort key is now one computed column (season x 2^32 + episode; no season: NULL, last),
-- so the page, the keyset export and the query-plan test read it as one index range like every
-- other column. VIRTUAL: nothing is stored, only the index entry (SQLite cannot add a STORED
-- column to an existing table). The season index stays for the season filter.
-- This file is both migrations/0018 and migrations-content/0008, so the two schemas stay identical.
ALTER TABLE `episodes` ADD `season_episode` integer GENERATED ALWAYS AS (CASE WHEN season_number IS NULL THEN NULL ELSE season_number * 4294967296 + max(0, min(coalesce(episode_number, 0), 4294967295)) END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `episodes_by_season_episode` ON `episodes` (`org_key`,`season_episode`);