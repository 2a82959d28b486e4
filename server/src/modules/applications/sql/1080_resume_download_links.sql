-- Short-lived download links HR get for résumés (one seeker's PDF, Word or attachment, or a zip of
-- several). The link itself is the credential (the browser fetches it without the token), so only
-- its hash is kept. A link counts as one download per seeker the first time it is fetched
-- (used_at), however often the browser fetches it again before it expires.
create table resume_download_links (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  hr_id bigint not null references users (id) on delete cascade,
  company_id bigint not null references companies (id) on delete cascade,
  format text not null check (format in ('pdf', 'docx', 'file')),
  seeker_ids bigint[] not null,
  file_id bigint references files (id) on delete cascade,      -- format 'file': the attachment
  attachments boolean not null default false,                 -- a zip: also the attachments sent to the enterprise
  zip boolean not null default false,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index resume_download_links_expiry on resume_download_links (expires_at);

-- Which link a download came through, and in what form.
alter table resume_downloads add column link_id bigint references resume_download_links (id) on delete set null;
alter table resume_downloads add column format text not null default '';
