-- Every process keeps the products the plug-in endpoints look up in memory (modules/product/product-cache.ts)
-- and forgets them when this notification arrives, as it does the pages with 007's: any committed change of the
-- product table, whoever makes it, reaches every process. The function notifies the channel its trigger names,
-- so the next cached table needs only a trigger.
CREATE FUNCTION notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;
CREATE TRIGGER product_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('product_changed');
