-- hykt: the kind of fair (m_hyktdm: 综合招聘会, 专场, 校园双选会, ...), beside the venue type.
alter table fairs add column kind text not null default '';
-- The visitor's role, so the hall counts job seekers and HR apart without asking the accounts module.
alter table fair_visits add column role text not null default 'qz' check (role in ('qz', 'hr', 'xs'));
