-- The text chat of a video room, kept with the interview: who wrote what, when (module rtc).
create table rtc_room_messages (
  id bigint generated always as identity primary key,
  room_id bigint not null references rtc_rooms (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  body text not null,
  sent_at timestamptz not null default now()
);
create index rtc_room_messages_room on rtc_room_messages (room_id, id);
