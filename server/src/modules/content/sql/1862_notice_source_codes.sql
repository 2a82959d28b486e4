-- Issue 27: a notice's source (zxly) is a code of m_zxlydm, as the previous client decodes it with
-- findDmMap. A source typed as text becomes the code of that name; a text no item is named gets
-- an item of its own, so no source is lost (only where the table has its items already: a
-- database that has not filled it yet gets the initial items at start, and its texts stay until
-- the operator picks a source).
insert into code_items (table_name, code, name, sort)
select 'm_zxlydm', 'zxly_' || lpad((t.top + s.k)::text, 3, '0'), s.source, 100 + s.k
from (select source, row_number() over (order by source) as k
      from (select distinct source from notices n
            where n.source <> '' and not exists (select 1 from code_items c where c.table_name = 'm_zxlydm' and c.name = n.source)) d) s,
     (select coalesce(max(substring(code from '^zxly_([0-9]+)$')::int), 0) as top from code_items where table_name = 'm_zxlydm') t
where exists (select 1 from code_items where table_name = 'm_zxlydm');
update notices n set source = c.code from code_items c where c.table_name = 'm_zxlydm' and c.name = n.source;
