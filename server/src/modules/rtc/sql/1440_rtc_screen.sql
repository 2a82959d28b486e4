-- A member sharing their screen (trtc-sdk-v5's sub stream): while it is on, their picture is the
-- screen instead of the camera (module rtc).
alter table rtc_room_members add column screen boolean not null default false;
