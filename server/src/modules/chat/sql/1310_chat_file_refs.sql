-- Chat files (files.kind 60) and the conversations they were sent in: their members may read them.
create table chat_file_refs (
  file_id bigint not null,
  conv text not null,                       -- c:<a>:<b> or g:<groupID>
  primary key (file_id, conv)
);

-- Files sent before the table existed: the conversations whose messages link them (their old
-- /api/chat/files/ addresses end with the storage key after 'chat/').
insert into chat_file_refs (file_id, conv)
select distinct f.id, m.conv
from files f
join chat_messages m on m.type in ('TIMImageElem', 'TIMFileElem', 'TIMVideoFileElem', 'TIMSoundElem')
  and strpos(m.payload::text, '/api/chat/files/' || substr(f.storage_key, 6)) > 0
where f.kind = 60 and f.deleted_at is null
on conflict do nothing;
