-- A job seeker's base information (qzgrjbxx); resume sections live in their own tables.
create table seeker_profiles (
  user_id bigint primary key references users (id) on delete cascade,
  name text not null default '',            -- xm
  gender text not null default '',          -- xbm: xb_001 male, xb_002 female
  avatar_file_id bigint,                    -- txid
  seeking_state text not null default '',   -- qzzt
  completeness smallint not null default 0, -- wsd 0–100, computed from the sections
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
