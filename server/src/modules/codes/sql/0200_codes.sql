-- Code tables (dm 代码): regions, job categories and the general lists, one row per item.
-- Filled from modules/codes/data on first start; afterwards the operator edits them here.
create table code_items (
  table_name text not null,                 -- sf, ss, sq, gwlb1..3 or a general table such as m_xldm
  code text not null,                       -- dm
  name text not null,                       -- mc
  parent text,                              -- sfdm / ssdm / sjdm: the item's parent in the parent table
  sort integer not null default 0,          -- px: order inside its table
  enabled boolean not null default true,    -- false: kept for old records' names, no longer offered
  updated_at timestamptz not null default now(),
  primary key (table_name, code)
);
create index code_items_parent on code_items (table_name, parent);
