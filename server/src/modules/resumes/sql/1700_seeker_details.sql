-- Base information the previous client's résumé and edit pages read beside the existing fields.
alter table seeker_profiles add column district text not null default '';        -- dqszxq: district lived in (sq)
alter table seeker_profiles add column native_city text not null default '';     -- jgdmcs: city of household registration (ss)
alter table seeker_profiles add column ethnicity text not null default '';       -- mzdm: ethnic group (m_mzdm)
alter table seeker_profiles add column marital_status text not null default '';  -- hyzk: marital status (m_hyzkdm)
alter table seeker_profiles add column height text not null default '';          -- sg: height in cm, '' unknown
alter table seeker_profiles add column id_number text not null default '';       -- sfzjh: resident ID number, only ever shown to its owner
alter table seeker_profiles add column student smallint not null default 0;      -- sfxs: 1 still a student
-- dgsj: when the seeker can start (到岗时间), a code of m_dgsjdm
alter table resume_intentions add column start_when text not null default '';
