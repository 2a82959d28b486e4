-- When each user's chat signatures were last revoked (logout, password change or reset): a
-- userSig issued before this moment is refused at the socket and at upload, on every node.
create table chat_sig_revocations (
  user_id bigint primary key references users (id) on delete cascade,
  revoked_at timestamptz not null
);
