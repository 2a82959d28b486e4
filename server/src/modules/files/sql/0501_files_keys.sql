-- A storage key names one live file: registering the same upload twice is refused, and files are
-- served by key.
create unique index files_storage_key on files (storage_key) where deleted_at is null;
