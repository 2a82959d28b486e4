-- Review and joining details for enterprises and their HR.
alter table companies add column reviewed_by bigint references users (id);  -- the operator who decided
alter table companies add column reviewed_at timestamptz;
alter table companies add column submitted_at timestamptz not null default now(); -- last (re)submission for review
create unique index companies_credit_code on companies (credit_code) where credit_code <> '';
create index companies_status on companies (status, submitted_at);

alter table hr_profiles add column join_requested_at timestamptz; -- sqsj: when the HR asked to join company_id
alter table hr_profiles add column join_reviewed_by bigint references users (id);
create index hr_profiles_join on hr_profiles (company_id, join_state);
