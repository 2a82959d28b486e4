-- Slots an HR opens to every job seeker at the enterprise's online-fair booths (展位可约): a seeker
-- who applied to one of its jobs books one there without waiting for an invitation.
alter table interview_slots add column at_booth boolean not null default false;
create index interview_slots_at_booth on interview_slots (company_id, starts_at) where at_booth;
