-- What the previous client's job form (Enter_postcreate / Enter_updatePost) keeps beside the job
-- (issue 27): its 部门信息, 简历过滤设置 and 岗位置顶 sections, shown back on the form.
alter table jobs add column publish_days smallint not null default 0; -- fbsc 发布时长, days (0: not said)
alter table jobs add column resume_email text not null default '';    -- jljsyx 转发简历至邮箱
alter table jobs add column pinned boolean not null default false;    -- sfzd 置顶: first on the enterprise's page
alter table jobs add column sort_order integer not null default 0;    -- zwpx 职位排序: small first, 0 by publish time
