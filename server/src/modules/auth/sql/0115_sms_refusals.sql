-- Code requests refused because the number cannot use the code (reset for an unregistered phone,
-- register for a registered one). Nothing is sent, but each counts against the address's limit of
-- distinct phones an hour, so the refusal is no faster an account oracle than sending would be.
create table sms_refusals (
  id bigint generated always as identity primary key,
  phone text not null,
  purpose text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index sms_refusals_ip on sms_refusals (ip, at desc);
