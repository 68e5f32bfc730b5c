-- Every process keeps the public pages and the menu in memory (modules/page/page-cache.ts) and forgets them when
-- this notification arrives: any committed change of the page table, whoever makes it, reaches every process.
CREATE FUNCTION notify_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_changed', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER page_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page
  FOR EACH STATEMENT EXECUTE FUNCTION notify_page_changed();
