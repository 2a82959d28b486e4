-- When a session was rotated by a refresh; a rotated session never yields a second successor.
alter table sessions add column rotated_at timestamptz;
