-- Job rows in the shape the previous web client reads (issue 13): perk codes, department and
-- skill requirements beside the existing fields, and the two values derived from stored ones.
alter table jobs add column perks text[] not null default '{}';   -- gwfl / fllist: perk codes (m_gwfldm)
alter table jobs add column department text not null default '';  -- ssbm: the hiring department
alter table jobs add column skills text not null default '';      -- jnyq: skill requirements

-- gwzt: the contract's job state from ours (status 0 draft, 1 published, 2 closed, 3 taken down by
-- the operator) — '0' draft, '2' approved and live, '4' closed, '3' rejected (taken down, with its
-- reason). '1' (submitted for review) never occurs: an approved enterprise's jobs go live at once.
create function job_gwzt(status smallint) returns text language sql immutable parallel safe as $$
  select case status when 0 then '0' when 1 then '2' when 2 then '4' else '3' end
$$;

-- gwyx: the salary-range code (m_xzdydm, the ranges of search/jobs.ts SALARY_RANGES) that holds the
-- middle of the job's exact monthly range; xzfw_09 面议 when no figure is given.
create function job_salary_code(salary_min integer, salary_max integer) returns text language sql immutable parallel safe as $$
  select case
    when salary_max = 0 then 'xzfw_09'
    when (salary_min + salary_max) / 2 < 3000 then 'xzfw_01'
    when (salary_min + salary_max) / 2 < 5000 then 'xzfw_02'
    when (salary_min + salary_max) / 2 < 8000 then 'xzfw_03'
    when (salary_min + salary_max) / 2 < 12000 then 'xzfw_04'
    when (salary_min + salary_max) / 2 < 20000 then 'xzfw_05'
    when (salary_min + salary_max) / 2 < 30000 then 'xzfw_06'
    when (salary_min + salary_max) / 2 < 50000 then 'xzfw_07'
    else 'xzfw_08' end
$$;
