-- What a change of a page touched, decided in one place (decision 034): the page's old and new URL (lower case),
-- and whether the menu, which every page carries, changed. It did when the page's menu entry differs before and
-- after: a page has an entry when it is published and in the main menu, and the entry is what the menu shows and
-- orders by (name, URL, priority; page.repository.ts listMenuItems). 015 and 061 said "a main-menu page" on INSERT
-- and DELETE, and the page route's own rule said so on every change, drafts included.
-- The trigger tells the other processes; the statements that change a page answer it to their own (page.repository.ts).
CREATE FUNCTION page_change(old_row page, new_row page) RETURNS json LANGUAGE sql IMMUTABLE AS $$
  SELECT json_build_object(
    'urls', array_remove(ARRAY[lower(old_row.url), lower(new_row.url)], NULL),
    'menu', CASE WHEN old_row.is_main_menu AND old_row.is_published
                 THEN jsonb_build_array(old_row.name, old_row.url, old_row.main_menu_priority) END
            IS DISTINCT FROM
            CASE WHEN new_row.is_main_menu AND new_row.is_published
                 THEN jsonb_build_array(new_row.name, new_row.url, new_row.main_menu_priority) END
  )
$$;

-- OLD is NULL on INSERT and NEW on DELETE.
CREATE OR REPLACE FUNCTION notify_page_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_changed', page_change(OLD, NEW)::text);
  RETURN NULL;
END
$$;
