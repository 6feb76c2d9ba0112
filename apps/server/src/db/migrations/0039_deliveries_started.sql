-- Deliveries by when they started, whatever their company or station (issue 35): the deliveries
-- list, its totals and export as the administrator or a distributor ask a range of days over
-- every tank, and without this key each call read the whole table — every delivery of the
-- history (at 200 tanks with 13 months, 23 ms of a page's 25; at 1,000 tanks 133,000 rows).
CREATE INDEX IF NOT EXISTS "deliveries_started_idx" ON "deliveries" ("started_at");
