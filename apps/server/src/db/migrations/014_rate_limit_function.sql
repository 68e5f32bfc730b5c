-- One definition of "count a hit in a fixed window": the server's rate limits call it on their own, and the
-- plug-in registration calls it in the statement that finds the licences (one round trip, no pasted SQL).
CREATE FUNCTION rate_limit_hit(hit_key text, window_seconds integer)
RETURNS TABLE (hits integer, retry_after integer)
LANGUAGE sql VOLATILE AS $$
  INSERT INTO rate_limit AS r (key, window_start, hits) VALUES (hit_key, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_start <= now() - make_interval(secs => window_seconds) THEN 1 ELSE r.hits + 1 END,
    window_start = CASE WHEN r.window_start <= now() - make_interval(secs => window_seconds) THEN now() ELSE r.window_start END
  RETURNING r.hits, ceil(extract(epoch FROM r.window_start + make_interval(secs => window_seconds) - now()))::integer
$$;
