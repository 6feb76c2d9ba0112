-- Each tank's newest reading by station (issue 35): home's overview sums every station's volume
-- from tank_latest, and without this index each station scanned the whole table — at 5,000 tanks
-- 1,013 scans of 5,000 rows, 0.29 s of the call's 0.62 s. station_id never changes on the row's
-- updates, so they stay heap-only (the ingest's upsert of each reading is not slowed).
CREATE INDEX IF NOT EXISTS "tank_latest_station_idx" ON "tank_latest" ("station_id");
