-- mssj may be absent: the previous client's invitation form has no time field, so such an
-- interview's time is 待定 (agreed by phone with the contact); null here, '' in replies.
alter table interviews alter column at drop not null;
