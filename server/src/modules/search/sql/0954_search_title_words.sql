-- A job's title words as a column of their own (the A-weighted part of doc), in place of the
-- expression index on ts_filter(doc, '{a}').
--
-- Jobs whose title holds the query come first, so a search tests the title of every match it
-- reads, and above the counting cap walks job_search_fresh testing titles until a page is full.
-- ts_filter built a new tsvector for each row tested; matching a stored one is several times
-- cheaper. The column keeps the planner's statistics of the title words (as the expression's
-- were), from which it estimates the title matches and chooses between that walk and reading
-- every title match from job_search_title.
drop index job_search_title;
alter table job_search add column title_doc tsvector generated always as (ts_filter(doc, '{a}')) stored;
create index job_search_title on job_search using gin (title_doc) with (fastupdate = off);
analyze job_search;
