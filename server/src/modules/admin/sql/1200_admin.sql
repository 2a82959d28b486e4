-- Every operator action, with who and when.
create table operator_log (
  id bigint generated always as identity primary key,
  operator_id bigint not null references users (id),
  action text not null,          -- e.g. company.approve, fair.create, notice.publish
  target text not null default '',-- the id acted on
  detail jsonb not null default '{}'::jsonb,
  at timestamptz not null default now()
);
create index operator_log_at on operator_log (at desc);
