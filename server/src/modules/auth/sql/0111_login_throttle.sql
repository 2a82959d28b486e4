-- Who asked for each code, so one address cannot have codes sent to any number of phones.
alter table sms_codes add column ip text not null default '';
create index sms_codes_ip on sms_codes (ip, created_at desc);

-- Failed SMS-code logins are kept for the record but never count against the password throttle.
alter table login_attempts add column by_code boolean not null default false;
create index login_attempts_account on login_attempts (role, phone, at desc);
