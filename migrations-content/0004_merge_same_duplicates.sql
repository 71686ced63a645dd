-- The titles an organisation's videos share (Merge Same's groups of two videos or more). A merged
-- Videos page at 100,000 videos grouped every video by title with window functions, 0.9-1.2 s a
-- page; it now reads these titles, walks the sort index for the videos whose title is their own,
-- and groups only the shared titles' videos (worker/features/tables/merged-videos.ts). Listing
-- them from video_title_groups read all of its rows (96,000 for 100,000 videos, 135 ms); this
-- partial index holds only the shared ones, and a video with a new title adds no entry.
-- This file is both migrations/0014 and migrations-content/0004, so the two schemas stay identical.
CREATE INDEX `video_title_groups_duplicates` ON `video_title_groups` (`organization_id`,`title_key`) WHERE `members` > 1;
