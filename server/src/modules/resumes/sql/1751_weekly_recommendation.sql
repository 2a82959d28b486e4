-- recEveryWeek: the seeker subscribed to the weekly job recommendation (每周职位推荐)
alter table seeker_profiles add column weekly_jobs boolean not null default false;
