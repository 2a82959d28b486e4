-- A free HR's limits run by the interview, not by the room (spec sections 6 and 9): the 20 minutes
-- from the moment an HR and a job seeker are first in the room together, and the day's one
-- interview with a seeker counted once they have been together for a minute.
alter table rtc_rooms add column started_at timestamptz;       -- an HR and a seeker first in it together
alter table rtc_daily_interviews add column started_at timestamptz; -- when that interview began (told in the refusal)
