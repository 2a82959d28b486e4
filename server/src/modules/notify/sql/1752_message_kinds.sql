-- kind: the message list's category, the previous client's values (its Hunter_message tabs):
-- xx_001 system, xx_002 recruitment (applications, job fairs), xx_003 interviews,
-- xx_004 viewed by an enterprise, xx_005 questionnaires. category stays the counter it feeds.
alter table notifications add column kind text not null default 'xx_001'
  check (kind in ('xx_001', 'xx_002', 'xx_003', 'xx_004', 'xx_005'));
update notifications set kind = case
  when category = 'xtxx' then 'xx_001'
  when title like '面试%' or title = '邀请面试' then 'xx_003'
  when title = '简历被查看' then 'xx_004'
  else 'xx_002' end;
create index notifications_kind on notifications (user_id, kind, created_at desc);
