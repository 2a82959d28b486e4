-- recEveryWeek: the seeker subscribed to the weekly job recommendation (每周职位推荐)
alter table seeker_profiles add column weekly_jobs boolean not null default false;
-- when the last weekly recommendation went out (null: never); the next one is due 7 days later
alter table seeker_profiles add column weekly_sent_at timestamptz;
create index seeker_profiles_weekly on seeker_profiles (weekly_sent_at) where weekly_jobs;
