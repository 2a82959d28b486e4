-- Bounded job search at volume (see searchJobs in jobs.ts).
--
-- job_search now holds the published jobs of approved enterprises only, so that a search reads
-- no enterprise row (it joined companies for c.status = 1 on every match: a hash of all
-- enterprises or a lookup per match). A trigger on companies adds or removes an enterprise's jobs
-- when its status changes.
delete from job_search s using companies c where c.id = s.company_id and c.status <> 1;

-- The searched words of a job (title weighted A, enterprise name B), one definition for both triggers.
create function job_search_doc_of(title text, company text) returns tsvector language sql immutable parallel safe as $$
  select setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, company), 'B')
$$;

create or replace function job_search_sync() returns trigger language plpgsql as $$
begin
  if new.status = 1 and new.deleted_at is null and exists (select 1 from companies c where c.id = new.company_id and c.status = 1) then
    insert into job_search (job_id, company_id, doc, refreshed_at, province, city, category, nature, education, experience, salary_min, salary_max)
    values (new.id, new.company_id,
            job_search_doc_of(new.search_title, new.search_company),
            new.refreshed_at, new.province, new.city, new.category, new.nature, new.education, new.experience, new.salary_min, new.salary_max)
    on conflict (job_id) do update set
      company_id = excluded.company_id, doc = excluded.doc, refreshed_at = excluded.refreshed_at, province = excluded.province,
      city = excluded.city, category = excluded.category, nature = excluded.nature, education = excluded.education,
      experience = excluded.experience, salary_min = excluded.salary_min, salary_max = excluded.salary_max;
  elsif tg_op = 'UPDATE' then
    delete from job_search where job_id = new.id;
  end if;
  return null;
end $$;

create function job_search_company_sync() returns trigger language plpgsql as $$
begin
  if new.status = 1 then
    insert into job_search (job_id, company_id, doc, refreshed_at, province, city, category, nature, education, experience, salary_min, salary_max)
    select j.id, j.company_id,
           job_search_doc_of(j.search_title, j.search_company),
           j.refreshed_at, j.province, j.city, j.category, j.nature, j.education, j.experience, j.salary_min, j.salary_max
    from jobs j where j.company_id = new.id and j.status = 1 and j.deleted_at is null
    on conflict (job_id) do nothing;
  else
    delete from job_search where company_id = new.id;
  end if;
  return null;
end $$;

create trigger companies_search_status after update of status on companies for each row
  when (old.status is distinct from new.status) execute function job_search_company_sync();

-- Two expression indexes beside job_search_doc:
--
-- job_search_facets: the filters a job seeker sets most (place, work nature, education,
-- experience, salary range) as lexemes of their own ('cs=440300', 'yx=xzfw_05'), indexed with the
-- words, so that a keyword and its filters meet inside one GIN index and only the jobs matching
-- both are read; without it a common word's every match was read to test the filters.
-- The salary ranges are those of SALARY_RANGES in jobs.ts (m_xzfwdm): a job is in every range its
-- own overlaps; xzfw_09 is 面议 (no figure given).
create function job_search_facets(province text, city text, nature text, education text, experience text, salary_min integer, salary_max integer)
returns tsvector language sql immutable parallel safe as $$
  select array_to_tsvector(array_remove(array[
    'sf=' || province, 'cs=' || city, 'xz=' || nature, 'xl=' || education, 'jy=' || experience,
    case when salary_max = 0 then 'yx=xzfw_09' end,
    case when salary_max > 0 and salary_min <= 3000 then 'yx=xzfw_01' end,
    case when salary_max >= 3000 and salary_min <= 5000 then 'yx=xzfw_02' end,
    case when salary_max >= 5000 and salary_min <= 8000 then 'yx=xzfw_03' end,
    case when salary_max >= 8000 and salary_min <= 12000 then 'yx=xzfw_04' end,
    case when salary_max >= 12000 and salary_min <= 20000 then 'yx=xzfw_05' end,
    case when salary_max >= 20000 and salary_min <= 30000 then 'yx=xzfw_06' end,
    case when salary_max >= 30000 and salary_min <= 50000 then 'yx=xzfw_07' end,
    case when salary_max >= 50000 then 'yx=xzfw_08' end
  ], null))
$$;
create index job_search_filtered on job_search using gin ((doc || job_search_facets(province, city, nature, education, experience, salary_min, salary_max)))
  with (fastupdate = off);

-- job_search_title: the title's words alone (weight A of doc), so that the jobs whose title holds
-- the whole query, which come first, are found without reading the enterprise-name matches, and
-- the planner knows how many there are (the statistics of the expression).
create index job_search_title on job_search using gin (ts_filter(doc, '{a}')) with (fastupdate = off);

analyze job_search;
