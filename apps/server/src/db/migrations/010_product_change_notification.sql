-- Every process keeps the products the plug-in endpoints look up in memory (modules/product/product-cache.ts)
-- and forgets them when this notification arrives, as it does the pages with 007's: any committed change of the
-- product table, whoever makes it, reaches every process.
CREATE FUNCTION notify_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('product_changed', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER product_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();
