-- The admin persons list sorts by every column it shows; with a million persons each sort needs its index
-- (name has person_name_sort; id has the primary key). Filters use the trigram indexes of 001.
CREATE INDEX IF NOT EXISTS person_email_sort ON person (email, id);
CREATE INDEX IF NOT EXISTS person_country_sort ON person (country, id);

-- The list picks its plan from the planner's estimate of a "contains" filter; with the default 100 histogram
-- entries a filter matching 3 % of the persons may be estimated at 0.01 % or 30 %. A finer histogram of the
-- filtered expressions makes the estimates close.
ALTER INDEX person_email_trgm ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX person_name_trgm ALTER COLUMN 1 SET STATISTICS 1000;
