-- A login made on a partner site: bound to that site's origin (every call must come from it),
-- short-lived, and limited to the routes the widgets need. 'full' sessions have no origin.
alter table sessions add column kind text not null default 'full' check (kind in ('full', 'partner'));
alter table sessions add column origin text;
alter table sessions add constraint sessions_partner_origin check ((kind = 'partner') = (origin is not null));
-- When the person logged in: a refresh's successor keeps it (created_at is the refresh's own time).
alter table sessions add column started_at timestamptz not null default now();
-- Where a login was made: a partner site's origin, '' for the platform itself.
alter table login_log add column origin text not null default '';
create index sessions_user_partner on sessions (user_id) where kind = 'partner';
