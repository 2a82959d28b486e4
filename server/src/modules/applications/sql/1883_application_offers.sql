-- 已发 offer: the enterprise offered the job (a stage between 面试中 and 已入职); the seeker is told.
-- The application keeps its state (yyzt, which the previous client reads); this marks the offer.
alter table applications add column offer_at timestamptz;
alter table applications add column offer_by bigint references users (id) on delete set null;
