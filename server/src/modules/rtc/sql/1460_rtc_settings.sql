-- The operator's settings of video interviews (one row; none until first saved: the defaults of the configuration apply).
create table rtc_settings (
  id boolean primary key default true check (id),
  recording_days integer not null check (recording_days between 1 and 3650), -- a recording is deleted this many days after the interview
  updated_at timestamptz not null
);
