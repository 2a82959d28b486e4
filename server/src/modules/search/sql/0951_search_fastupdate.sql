-- New jobs go straight into the search index instead of GIN's pending list: posts are written
-- rarely and searched often, and embedded PGlite has no autovacuum to merge a pending list, whose
-- every entry each search would otherwise read. Bulk loads (pnpm zp seed) vacuum afterwards.
alter index jobs_search set (fastupdate = off);
