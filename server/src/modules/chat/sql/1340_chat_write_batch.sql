-- The chat's group commit (writer.ts) as a function: PL/pgSQL keeps the statement's plan for the
-- session, where the same text sent as a query was planned again for every batch (about as long as
-- running a small batch). `batch` is the JSON array writer.ts builds (short keys, defaults left out).
create or replace function chat_write_batch(batch jsonb) returns table (id text, seq int, inserted boolean)
language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with input as (
      select o as ord, c as conv, i as id, s as sender_id, x.to as to_id, k as conv_type, y as type, p as payload,
             coalesce(n, '') as nick, coalesce(a, '') as avatar, coalesce(nc, '') as name_card, coalesce(cc, '') as cloud,
             coalesce(pr, 'Normal') as priority, coalesce(at, '[]'::jsonb) as at_users, coalesce(u, true) as counts_unread,
             coalesce(ps, true) as persist, r as ref, tm as t, coalesce(v, '[]'::jsonb) as viewers,
             coalesce(f, s::text, '@TIM#SYSTEM') as from_acc, coalesce(w, p->>'text') as show
      from jsonb_to_recordset(batch) as x(
        o int, c text, i text, s bigint, "to" text, k text, y text, p jsonb, n text, a text, nc text, cc text, pr text,
        at jsonb, u boolean, ps boolean, r text, tm double precision, v jsonb, f text, w text)
    ),
    -- Looked up by the id index: the planner, guessing 100 rows from the function, would
    -- otherwise hash the input against a sequential scan of every message ever stored.
    existing as (
      select m.id from chat_messages m where m.id = any(array(select id from input))
    ),
    fresh as (
      select i.* from input i where i.id not in (select id from existing)
    ),
    -- The conversation's last message, built for the newest row of each conversation only.
    newest as (
      select distinct on (conv) * from fresh order by conv, ord desc
    ),
    lasts as (
      select conv, jsonb_build_object('ID', id, 'lastTime', t, 'fromAccount', from_acc, 'type', type, 'payload', payload,
        'messageForShow', show, 'isRevoked', false, 'nick', nick, 'nameCard', name_card, 'cloudCustomData', cloud) as last
      from newest
    ),
    counts as (
      select conv, count(*) as n, max(t) as t from fresh group by conv
    ),
    bumped as (
      insert into chat_convs as c (conv, last_seq, last_at, last_msg)
      select k.conv, k.n, to_timestamp(k.t), jsonb_set(l.last, '{lastSequence}', to_jsonb(k.n)) from counts k join lasts l on l.conv = k.conv order by k.conv
      on conflict (conv) do update set
        last_seq = c.last_seq + excluded.last_seq,
        last_at = excluded.last_at,
        last_msg = excluded.last_msg || jsonb_build_object('lastSequence', c.last_seq + excluded.last_seq)
      returning conv, last_seq
    ),
    numbered as (
      select f.*, b.last_seq - count(*) over (partition by f.conv) + row_number() over (partition by f.conv order by f.ord) as seq
      from fresh f join bumped b on b.conv = f.conv
    ),
    ins as (
      insert into chat_messages (conv, seq, id, sender_id, to_id, conv_type, type, payload, nick, avatar, name_card,
                                 cloud_custom_data, priority, at_users, counts_unread, ref, created_at)
      select conv, seq, id, sender_id, to_id, conv_type, type, payload, nick, avatar, name_card,
             cloud, priority, at_users, counts_unread, ref, to_timestamp(t)
      from numbered where persist
      on conflict do nothing
      returning id
    ),
    viewed as (
      insert into chat_user_convs (user_id, conv)
      select distinct v::bigint, f.conv from fresh f, jsonb_array_elements_text(f.viewers) as v
      on conflict do nothing
    )
    -- a hashed subplan: a join of the two CTEs would be planned as a nested loop (rows²)
    select n.id, n.seq::int as seq, (not n.persist or n.id in (select id from ins)) as inserted
    from numbered n;
end
$$;
