-- Job search: the words of a job's title and its enterprise's name, segmented by jieba
-- (cutForSearch) in the application and stored space-separated, so that the 'simple'
-- configuration indexes them as they are; title words weigh more than the enterprise's.
alter table jobs add column search_title text not null default '';
alter table jobs add column search_company text not null default '';
alter table jobs add column search_doc tsvector generated always as (
  setweight(to_tsvector('simple'::regconfig, search_title), 'A') || setweight(to_tsvector('simple'::regconfig, search_company), 'B')
) stored;
-- Only published jobs are searched; the literal predicate lets the planner use these indexes.
create index jobs_search on jobs using gin (search_doc) where status = 1 and deleted_at is null;
create index jobs_fresh on jobs (refreshed_at desc) where status = 1 and deleted_at is null;
create index jobs_city on jobs (city, refreshed_at desc) where status = 1 and deleted_at is null;

-- Enterprises a job seeker shields (屏蔽): their HR never find the seeker in talent search.
-- Written by the applications/relations module through search's shieldCompany/unshieldCompany.
create table seeker_shields (
  seeker_id bigint not null references users (id) on delete cascade,
  company_id bigint not null references companies (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (seeker_id, company_id)
);
create index seeker_shields_company on seeker_shields (company_id);
