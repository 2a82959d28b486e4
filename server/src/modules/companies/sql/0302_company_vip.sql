-- Paying membership of an enterprise, set by the operator: its HR have no video-interview limit
-- (spec sections 6, 9) through this day, a Beijing date, inclusive. Null: not a paying member.
alter table companies add column vip_until date;
