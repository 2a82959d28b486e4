-- Issue 27: the previous client's 企业信息 page shows and sends the enterprise's 单位邮箱 (lxyx) and
-- the HR's 电子邮箱 (yx) and 性别 (xb, an m_xbdm code).
alter table companies add column email text not null default '';   -- lxyx
alter table hr_profiles add column email text not null default ''; -- yx: the HR's work e-mail
alter table hr_profiles add column gender text not null default ''; -- xb: m_xbdm code
