-- Recordings of video interviews, only with everyone's consent (module rtc). One row per request
-- to record; its consents say who agreed or declined, and when.
create table rtc_recordings (
  id bigint generated always as identity primary key,
  room_id bigint not null references rtc_rooms (id) on delete cascade,
  asked_by bigint not null references users (id),
  asked_at timestamptz not null,
  state text not null,                 -- asking, recording, declined, processing, ready, failed, deleted
  started_at timestamptz,
  stopped_at timestamptz,
  stop_cause text,                     -- withdrawn, stopped, ended
  progress integer not null default 0, -- percent of the composition done while processing
  seconds integer,                     -- length of the file
  file_id bigint references files (id) on delete set null,
  error text
);
create index rtc_recordings_room on rtc_recordings (room_id);
create unique index rtc_recordings_live on rtc_recordings (room_id) where state in ('asking', 'recording');

create table rtc_recording_consents (
  recording_id bigint not null references rtc_recordings (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  agreed boolean not null,
  answered_at timestamptz not null,
  primary key (recording_id, user_id)
);
