-- Self-hosted chat with the semantics of Tencent Cloud Chat. A conversation key (conv) is
-- 'c:<lower id>:<higher id>' for one-to-one chats, 'g:<groupID>' for groups and 's:<userId>' for a
-- user's system conversation (@TIM#SYSTEM).

-- Profile fields a user set through the chat SDK; empty fields fall back to the account's name.
create table chat_profiles (
  user_id bigint primary key references users (id) on delete cascade,
  nick text not null default '',
  avatar text not null default '',
  gender text not null default '',          -- Gender_Type_Male / Gender_Type_Female / Gender_Type_Unknown
  self_signature text not null default '',
  updated_at timestamptz not null default now()
);

-- One row per conversation: the sequence counter (messages are numbered 1, 2, ... inside it) and
-- the last message as the conversation list shows it.
create table chat_convs (
  conv text primary key,
  last_seq bigint not null default 0,
  last_at timestamptz not null default now(),
  last_msg jsonb
);

create table chat_messages (
  conv text not null,
  seq bigint not null,
  -- the client's message ID ('<senderId>-<random>'), also its idempotency key
  id text not null unique,
  sender_id bigint,                         -- null for system notices and group tips
  to_id text not null,                      -- userID or groupID
  conv_type text not null,                  -- C2C, GROUP, @TIM#SYSTEM
  type text not null,                       -- TIMTextElem, TIMImageElem, ...
  payload jsonb not null,
  nick text not null default '',
  avatar text not null default '',
  name_card text not null default '',
  cloud_custom_data text not null default '',
  priority text not null default 'Normal',
  at_users jsonb not null default '[]',
  -- false for group tips and for ChatRoom/AVChatRoom messages, which keep no unread count
  counts_unread boolean not null default true,
  -- the application a group system notice is about (handled notices are deleted)
  ref text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by bigint,
  primary key (conv, seq)
);
create index chat_messages_ref on chat_messages (ref) where ref is not null;

-- A user's view of a conversation.
create table chat_user_convs (
  user_id bigint not null references users (id) on delete cascade,
  conv text not null,
  read_seq bigint not null default 0,       -- everything up to here is read
  cleared_seq bigint not null default 0,    -- history up to here is deleted for this user
  hidden_seq bigint not null default 0,     -- the conversation is hidden until a message passes this
  primary key (user_id, conv)
);
create index chat_user_convs_conv on chat_user_convs (conv);

create table chat_groups (
  id text primary key,                      -- groupID
  type text not null check (type in ('Private', 'Public', 'ChatRoom', 'AVChatRoom')),
  name text not null,
  avatar text not null default '',
  introduction text not null default '',
  notification text not null default '',
  join_option text not null check (join_option in ('FreeAccess', 'NeedPermission', 'DisableApply')),
  owner_id bigint references users (id) on delete set null,
  max_members int not null,
  mute_all boolean not null default false,
  info_seq int not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  dismissed_at timestamptz
);

create table chat_group_members (
  group_id text not null references chat_groups (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  role text not null check (role in ('Owner', 'Admin', 'Member')),
  name_card text not null default '',
  mute_until bigint not null default 0,     -- seconds since the epoch; 0 not muted
  remind_type text not null default 'AcceptAndNotify',
  joined_at timestamptz not null default now(),
  primary key (group_id, user_id)
);
create index chat_group_members_user on chat_group_members (user_id);

create table chat_group_applications (
  id bigint generated always as identity primary key,
  group_id text not null references chat_groups (id) on delete cascade,
  applicant_id bigint not null references users (id) on delete cascade,
  message text not null default '',
  created_at timestamptz not null default now(),
  handled_at timestamptz,
  handled_by bigint,
  result text,                              -- Agree / Reject
  note text not null default ''
);
create index chat_group_applications_group on chat_group_applications (group_id) where handled_at is null;

create table chat_friends (
  user_id bigint not null references users (id) on delete cascade,
  friend_id bigint not null references users (id) on delete cascade,
  source text not null default '',
  wording text not null default '',
  remark text not null default '',
  created_at timestamptz not null default now(),
  primary key (user_id, friend_id)
);

create table chat_blacklist (
  user_id bigint not null references users (id) on delete cascade,
  blocked_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, blocked_id)
);

-- Logged-in SDK instances (one per page/tab); the oldest beyond the allowed count are kicked out.
create table chat_instances (
  user_id bigint not null references users (id) on delete cascade,
  instance_id text not null,
  login_at timestamptz not null default now(),
  primary key (user_id, instance_id)
);
