-- Issue 27: the previous client reads language and skill levels (tsnl, dxnl, slcd) as m_slnldm
-- codes and ranks (cypm) as numbers (it prints 第{{cypm}}名). Levels typed as text become the
-- code whose name they are (a text no item is named stays, and the form asks to pick a level);
-- ranks keep their number: the digits, else the Chinese numeral (第二作者 → 2), else 0.
update resume_languages r set speaking = c.code from code_items c
  where c.table_name = 'm_slnldm' and c.name = r.speaking;
update resume_languages r set writing = c.code from code_items c
  where c.table_name = 'm_slnldm' and c.name = r.writing;
update resume_skills r set level = c.code from code_items c
  where c.table_name = 'm_slnldm' and c.name = r.level;

create function resume_rank_of(t text) returns smallint language sql immutable as $$
  select coalesce(
    substring(t from '[0-9]{1,3}')::smallint,
    array_position(array['一','二','三','四','五','六','七','八','九','十'], substring(t from '[一二三四五六七八九十]'))::smallint,
    0::smallint)
$$;
alter table resume_research alter column rank drop default;
alter table resume_research alter column rank type smallint using resume_rank_of(rank);
alter table resume_research alter column rank set default 0;
alter table resume_papers alter column author_rank drop default;
alter table resume_papers alter column author_rank type smallint using resume_rank_of(author_rank);
alter table resume_papers alter column author_rank set default 0;
drop function resume_rank_of(text);
