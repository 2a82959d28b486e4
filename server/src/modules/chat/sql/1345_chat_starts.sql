-- Who started each 1:1 conversation (sent its first message) and when: the daily limit on new
-- conversations counts these.
create table chat_starts (
  conv text primary key,
  user_id bigint not null references users (id) on delete cascade,
  started_at timestamptz not null default now()
);
create index chat_starts_user on chat_starts (user_id, started_at desc);
