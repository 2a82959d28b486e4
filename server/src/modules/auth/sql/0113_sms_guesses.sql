-- Every wrong SMS code, by the address it came from. A code's tries are counted from these: the
-- requester's own mistakes burn it as before, while guesses from other addresses only ever take
-- the code away from those addresses (after five it serves its requester alone), so strangers can
-- no longer burn the owner's code.
create table sms_guesses (
  id bigint generated always as identity primary key,
  phone text not null,
  purpose text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index sms_guesses_phone on sms_guesses (phone, purpose, at desc);
create index sms_guesses_ip on sms_guesses (ip, at desc);
