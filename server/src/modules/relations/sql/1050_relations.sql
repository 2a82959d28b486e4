-- Jobs a seeker saved (岗位收藏, qzgwsc).
create table saved_jobs (
  seeker_id bigint not null references users (id) on delete cascade,
  job_id bigint not null references jobs (id) on delete cascade,
  created_at timestamptz not null default now(),            -- scsj
  primary key (seeker_id, job_id)
);
create index saved_jobs_seeker on saved_jobs (seeker_id, created_at desc);

-- Enterprises a seeker follows (关注单位, qzgssc).
create table followed_companies (
  seeker_id bigint not null references users (id) on delete cascade,
  company_id bigint not null references companies (id) on delete cascade,
  created_at timestamptz not null default now(),            -- scsj
  primary key (seeker_id, company_id)
);
create index followed_companies_seeker on followed_companies (seeker_id, created_at desc);

-- Each time an HR opened a seeker's résumé (谁看过我, qyckjljl).
create table resume_views (
  id bigint generated always as identity primary key,
  seeker_id bigint not null references users (id) on delete cascade,
  hr_id bigint not null references users (id) on delete cascade,
  company_id bigint not null references companies (id) on delete cascade,
  job_id bigint,                                            -- gwid the résumé was opened from, if any
  viewed_at timestamptz not null default now()              -- cksj
);
create index resume_views_seeker on resume_views (seeker_id, hr_id, viewed_at desc);

-- Talents an HR keeps (简历收藏, qyjlsc).
create table talent_favourites (
  hr_id bigint not null references users (id) on delete cascade,
  company_id bigint not null references companies (id) on delete cascade,
  seeker_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),            -- scsj
  primary key (hr_id, seeker_id)
);
create index talent_favourites_seeker on talent_favourites (seeker_id);
