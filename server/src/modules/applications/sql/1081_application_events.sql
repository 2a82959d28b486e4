-- Each state an application reached, with its time, for the seeker's timeline
-- (投递 → 被查看 → 邀请面试 / 不合适 …). Written by a trigger, so that every path that moves an
-- application (HR's routes, invitations, the demo seed, the older client's calls) leaves its step.
create table application_events (
  id bigint generated always as identity primary key,
  application_id bigint not null references applications (id) on delete cascade,
  state smallint not null check (state between 1 and 6),
  at timestamptz not null default now()
);
create index application_events_application on application_events (application_id, at, id);

create function application_state_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into application_events (application_id, state, at) values (new.id, 1, new.created_at);
    if new.state <> 1 then
      insert into application_events (application_id, state, at) values (new.id, new.state, coalesce(new.state_at, new.created_at));
    end if;
  elsif new.state is distinct from old.state then
    insert into application_events (application_id, state, at) values (new.id, new.state, coalesce(new.state_at, now()));
  end if;
  return new;
end $$;

create trigger applications_state_event after insert or update of state on applications
  for each row execute function application_state_event();

-- What is known of the applications made before: when sent, and their present state.
insert into application_events (application_id, state, at) select id, 1, created_at from applications;
insert into application_events (application_id, state, at) select id, state, coalesce(state_at, created_at) from applications where state <> 1;
