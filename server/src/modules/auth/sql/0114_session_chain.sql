-- The login a session belongs to: a refresh's successor keeps it, so a logout ends the whole chain
-- at once (earlier tokens still in their grace minute included). Existing chains are recognised by
-- what their members already share: user, start, kind and origin.
create sequence session_chains;
alter table sessions add column chain bigint;
update sessions s set chain = c.first
from (select id, min(id) over (partition by user_id, started_at, kind, origin) as first from sessions) c
where c.id = s.id;
select setval('session_chains', coalesce((select max(id) from sessions), 0) + 1, false);
alter table sessions alter column chain set default nextval('session_chains');
alter table sessions alter column chain set not null;
create index sessions_chain on sessions (chain);
