-- Whether a booked seeker came (已到场) or not (未到场): set for a video slot 10 minutes after its
-- start from whether the seeker was in one of the enterprise's video rooms, or by the HR (who may
-- correct it, and who marks on-site slots).
alter table slot_bookings add column attendance text check (attendance in ('came', 'no_show'));
alter table slot_bookings add column attendance_by bigint references users (id) on delete set null; -- null: set automatically
alter table slot_bookings add column attendance_at timestamptz;
create index slot_bookings_unmarked on slot_bookings (slot_id) where state = 'booked' and attendance is null;
