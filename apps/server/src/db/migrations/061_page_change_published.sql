-- Only published pages are in the menu (060): publishing or withdrawing a menu page changes the menu, which every
-- page carries, so the notification of 015 says so.
CREATE OR REPLACE FUNCTION notify_page_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_menu_changed boolean;
  urls text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    is_menu_changed := NEW.is_main_menu AND NEW.is_published;
    urls := ARRAY[lower(NEW.url)];
  ELSIF TG_OP = 'DELETE' THEN
    is_menu_changed := OLD.is_main_menu AND OLD.is_published;
    urls := ARRAY[lower(OLD.url)];
  ELSE
    is_menu_changed := (OLD.is_main_menu OR NEW.is_main_menu)
      AND (OLD.is_main_menu, OLD.is_published, OLD.name, OLD.url, OLD.main_menu_priority)
          IS DISTINCT FROM (NEW.is_main_menu, NEW.is_published, NEW.name, NEW.url, NEW.main_menu_priority);
    urls := ARRAY[lower(OLD.url), lower(NEW.url)];
  END IF;
  PERFORM pg_notify('page_changed', json_build_object('urls', urls, 'menu', is_menu_changed)::text);
  RETURN NULL;
END
$$;
