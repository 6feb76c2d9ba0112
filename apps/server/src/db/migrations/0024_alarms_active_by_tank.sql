-- The threshold evaluator asks, for every group of device reports, which level alarms of its
-- tanks are active (tank_id = any(…)). The only index on active alarms leads with the station,
-- so that read walked every active level alarm of the fleet (3,300 on the ingest bench, 1.9 ms
-- a group); this one finds a tank's in one step.
CREATE INDEX "alarms_active_tank_idx" ON "alarms" ("tank_id") WHERE "ended_at" IS NULL;
