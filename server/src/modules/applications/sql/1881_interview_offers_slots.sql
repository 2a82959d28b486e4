-- An invitation may offer interview slots (the slots module's) instead of one fixed time: it has no
-- time until the seeker books one, and is accepted by booking, not by 接受.
alter table interviews add column offers_slots boolean not null default false;
