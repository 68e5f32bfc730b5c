-- The persons list filters by name and email ("contains", through trigrams). With one trigram index per column a
-- filter on both intersects two bitmaps, each as large as its own column's matches: "lena" and "proton" read
-- 25,000 and 125,000 index entries to find 3,000 persons (about 50 ms at a million persons). One index over both
-- columns answers both conditions in a single GIN scan, which steps through the rarer trigrams' entries and skips
-- ahead in the common ones (about 20 ms); a filter on one column uses it as well as its own index did.
-- On a large table this takes a while (about 20 s at a million persons) and holds off writes to person meanwhile.
CREATE INDEX person_search_trgm ON person USING gin (lower(name) gin_trgm_ops, lower(email) gin_trgm_ops);
DROP INDEX person_name_trgm;
DROP INDEX person_email_trgm;

-- The list picks its plan from the planner's estimates of the filters (migration 004): fine histograms of both
-- expressions, gathered now rather than at the next automatic analysis.
ALTER INDEX person_search_trgm ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX person_search_trgm ALTER COLUMN 2 SET STATISTICS 1000;
ANALYZE person;
