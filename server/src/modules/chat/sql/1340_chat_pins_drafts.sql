-- Pinned conversations (listed first, newest pin first) and the half-written message of each
-- conversation, kept per user so that they follow the person to every page and device.
alter table chat_user_convs
  add column pinned_at timestamptz,
  add column draft text not null default '';
