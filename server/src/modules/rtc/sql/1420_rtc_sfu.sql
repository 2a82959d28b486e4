-- Rooms through the media server (Janus): a room becomes one for good once three people were in
-- it at once; a member's media reach the media server once published (module rtc).
alter table rtc_rooms add column sfu boolean not null default false;
alter table rtc_room_members add column published boolean not null default false;
