-- Chat files are private to their conversations (served with a signed link or to members), and
-- one uploaded before the content was checked is only ever served as bytes to download.
update files set private = true, mime = 'application/octet-stream' where kind = 60 and not private;
