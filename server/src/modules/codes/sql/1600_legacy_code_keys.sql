-- Code tables as the previous web client indexes them (issue 13): six general tables take the
-- client's keys, and four of them take the code values the client hard-codes. Rows that hold
-- those codes are rewritten with them, so an existing database keeps every meaning. On a fresh
-- database this touches nothing (the tables are filled at start with the new keys and codes).

-- Keys: m_gzjydm → m_jyyqdm, m_gzxzdm → m_gwgzxzdm, m_xzfwdm → m_xzdydm, m_zzmmdm → m_zzmm,
-- m_qzztdm → m_qzzt, m_yyspdm → m_slnldm (the codes inside are unchanged).
update code_items set table_name = case table_name
    when 'm_gzjydm' then 'm_jyyqdm'
    when 'm_gzxzdm' then 'm_gwgzxzdm'
    when 'm_xzfwdm' then 'm_xzdydm'
    when 'm_zzmmdm' then 'm_zzmm'
    when 'm_qzztdm' then 'm_qzzt'
    when 'm_yyspdm' then 'm_slnldm'
  end
  where table_name in ('m_gzjydm', 'm_gzxzdm', 'm_xzfwdm', 'm_zzmmdm', 'm_qzztdm', 'm_yyspdm');

-- Old code → new code, per table. zt_004 is what the client shows as 简历已公开, so it goes to the
-- state of a seeker looking now (离职-随时到岗); the other states follow how open each one is.
-- Codes an operator added later (qzzt_06, gzxz_04, ...) keep their number in the new form.
create temporary table code_moves (table_name text not null, old text not null, new text not null, primary key (table_name, old));
insert into code_moves values
  ('m_qzzt', 'qzzt_01', 'zt_004'), ('m_qzzt', 'qzzt_02', 'zt_003'), ('m_qzzt', 'qzzt_03', 'zt_002'),
  ('m_qzzt', 'qzzt_04', 'zt_001'), ('m_qzzt', 'qzzt_05', 'zt_005');
insert into code_moves
  select table_name, code,
         case table_name when 'm_qzzt' then 'zt_' when 'm_gwgzxzdm' then 'gx_' when 'm_hyzkdm' then 'hy_' else 'yh_' end
           || lpad(substring(code from '_(\d+)$')::int::text, 3, '0')
  from code_items
  where (table_name = 'm_qzzt' and code ~ '^qzzt_\d+$')
     or (table_name = 'm_gwgzxzdm' and code ~ '^gzxz_\d+$')
     or (table_name = 'm_hyzkdm' and code ~ '^hyzk_\d+$')
     or (table_name = 'm_hyktdm' and code ~ '^hykt_\d+$')
  on conflict do nothing;

update code_items c set code = m.new, updated_at = now()
  from code_moves m where m.table_name = c.table_name and m.old = c.code;

-- yh_007 completes the seven fair kinds the client knows; added only where the table exists.
insert into code_items (table_name, code, name, sort)
  select 'm_hyktdm', 'yh_007', '高层次人才洽谈会', coalesce(max(sort), 0) + 1 from code_items where table_name = 'm_hyktdm'
  having count(*) > 0
  on conflict (table_name, code) do nothing;

-- Rows holding the moved codes.
update seeker_profiles p set seeking_state = m.new from code_moves m
  where m.table_name = 'm_qzzt' and p.seeking_state = m.old;                       -- qzzt
update jobs j set nature = m.new from code_moves m
  where m.table_name = 'm_gwgzxzdm' and j.nature = m.old;                          -- gzxz (job_search follows by trigger)
update resume_intentions i set nature = m.new from code_moves m
  where m.table_name = 'm_gwgzxzdm' and i.nature = m.old;                          -- gzxzm
update fairs f set kind = m.new from code_moves m
  where m.table_name = 'm_hyktdm' and f.kind = m.old;                              -- hylx (m_hyktdm)
-- A fair without a kind showed a blank 会议类型: it becomes the general fair of its venue type.
update fairs set kind = case venue_type when 1 then 'yh_001' else 'yh_003' end where kind = '';

drop table code_moves;
