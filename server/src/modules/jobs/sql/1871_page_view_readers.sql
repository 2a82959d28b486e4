-- Who read a job or a notice today (and yesterday, until the daily prune): each reader counts one
-- view a Beijing day however often they reload (server/src/http/page-views.ts). `reader` is a
-- hash of the person's id, or of the address and browser of a visitor; nothing more is kept.
create table page_view_readers (
  kind text not null,
  item_id bigint not null,
  reader text not null,
  day date not null,
  primary key (kind, item_id, day, reader)
);
create index page_view_readers_day on page_view_readers (day);
