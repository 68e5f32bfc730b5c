-- Each process forgets only the pages a change touched (modules/page/page-cache.ts): the notification names the
-- page's old and new URL, and whether the menu, which every page carries, changed with it. TRUNCATE, or a change
-- whose notification is lost while a process does not listen, still makes that process forget everything.
DROP TRIGGER page_changed ON page;
DROP FUNCTION notify_page_changed();

CREATE FUNCTION notify_page_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_menu_changed boolean;
  urls text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    is_menu_changed := NEW.is_main_menu;
    urls := ARRAY[lower(NEW.url)];
  ELSIF TG_OP = 'DELETE' THEN
    is_menu_changed := OLD.is_main_menu;
    urls := ARRAY[lower(OLD.url)];
  ELSE
    is_menu_changed := (OLD.is_main_menu OR NEW.is_main_menu)
      AND (OLD.is_main_menu, OLD.name, OLD.url, OLD.main_menu_priority) IS DISTINCT FROM (NEW.is_main_menu, NEW.name, NEW.url, NEW.main_menu_priority);
    urls := ARRAY[lower(OLD.url), lower(NEW.url)];
  END IF;
  PERFORM pg_notify('page_changed', json_build_object('urls', urls, 'menu', is_menu_changed)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER page_row_changed AFTER INSERT OR UPDATE OR DELETE ON page
  FOR EACH ROW EXECUTE FUNCTION notify_page_row_changed();
CREATE TRIGGER page_truncated AFTER TRUNCATE ON page
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('page_changed');
