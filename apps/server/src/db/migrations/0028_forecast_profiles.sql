-- Run-out forecast profiles kept ahead of time (issue 35): each tank's sales profile as of a
-- whole hour (hour_end: it learnt from the hours before it), so the forecast list reads 1,000
-- tanks' profiles instead of four weeks of their hourly levels and metered sales on every call.
-- A profile holds for its hour only; a new hour computes it again.
CREATE TABLE "forecast_profiles" (
	"tank_id" integer PRIMARY KEY NOT NULL REFERENCES "tanks"("id") ON DELETE cascade,
	"station_id" integer NOT NULL,
	"hour_end" timestamp with time zone NOT NULL,
	-- The rules' version the profile was made by (service.ts PROFILE_VERSION): an upgrade that changes them does not read old ones.
	"version" integer NOT NULL,
	"source" text NOT NULL,
	-- Null: no known sales hour (no forecast).
	"profile" jsonb,
	-- The database's clock when the computation began, before it read the data.
	"computed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Late data (a reading, sale, totaliser reading or delivery of an hour already over) and
-- settings changes mark their station here; a profile computed before the mark, or less than
-- ten seconds after it (a writer's transaction may commit after a computation read the data),
-- is not read again.
CREATE TABLE "forecast_profile_marks" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"forgotten_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "forecast_profiles_station_idx" ON "forecast_profiles" ("station_id", "hour_end");--> statement-breakpoint
-- Each function marks the stations whose data changed before the current hour, by the
-- database's clock or by a profile kept past it (a clock set ahead, as in tests). Real-time
-- data (of the hour under way) marks nothing: one index probe a changed row, no write.
CREATE OR REPLACE FUNCTION ullage_forecast_mark_tank_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO forecast_profile_marks AS m (station_id, forgotten_at)
	SELECT t.station_id, clock_timestamp() FROM changed c JOIN tanks t ON t.id = c.tank_id
	WHERE c.hour < date_trunc('hour', clock_timestamp())
		OR EXISTS (SELECT 1 FROM forecast_profiles p WHERE p.tank_id = c.tank_id AND p.hour_end > c.hour)
	GROUP BY t.station_id
	ON CONFLICT (station_id) DO UPDATE SET forgotten_at = excluded.forgotten_at;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_mark_station_ts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO forecast_profile_marks AS m (station_id, forgotten_at)
	SELECT c.station_id, clock_timestamp() FROM changed c
	WHERE c.ts < date_trunc('hour', clock_timestamp())
		OR EXISTS (SELECT 1 FROM forecast_profiles p WHERE p.station_id = c.station_id AND p.hour_end > c.ts)
	GROUP BY c.station_id
	ON CONFLICT (station_id) DO UPDATE SET forgotten_at = excluded.forgotten_at;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_mark_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO forecast_profile_marks AS m (station_id, forgotten_at)
	SELECT c.station_id, clock_timestamp() FROM changed c
	WHERE c.started_at < date_trunc('hour', clock_timestamp())
		OR EXISTS (SELECT 1 FROM forecast_profiles p WHERE p.station_id = c.station_id AND p.hour_end > c.started_at)
	GROUP BY c.station_id
	ON CONFLICT (station_id) DO UPDATE SET forgotten_at = excluded.forgotten_at;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A tank added, removed, moved or given another product changes its station's product shares;
-- a station's time zone changes its hours of week: every profile of the station is forgotten.
CREATE OR REPLACE FUNCTION ullage_forecast_mark_tanks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO forecast_profile_marks AS m (station_id, forgotten_at)
	SELECT c.station_id, clock_timestamp() FROM changed c GROUP BY c.station_id
	ON CONFLICT (station_id) DO UPDATE SET forgotten_at = excluded.forgotten_at;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_mark_stations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO forecast_profile_marks AS m (station_id, forgotten_at)
	SELECT c.id, clock_timestamp() FROM changed c GROUP BY c.id
	ON CONFLICT (station_id) DO UPDATE SET forgotten_at = excluded.forgotten_at;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM forecast_profiles;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tank_hourly_forecast_ins" AFTER INSERT ON "tank_hourly" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tank_hours();--> statement-breakpoint
CREATE TRIGGER "tank_hourly_forecast_upd" AFTER UPDATE ON "tank_hourly" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tank_hours();--> statement-breakpoint
CREATE TRIGGER "tank_hourly_forecast_del" AFTER DELETE ON "tank_hourly" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tank_hours();--> statement-breakpoint
CREATE TRIGGER "tank_hourly_forecast_trunc" AFTER TRUNCATE ON "tank_hourly" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "metered_sales_forecast_ins" AFTER INSERT ON "metered_sales" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_station_ts();--> statement-breakpoint
CREATE TRIGGER "metered_sales_forecast_upd" AFTER UPDATE ON "metered_sales" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_station_ts();--> statement-breakpoint
CREATE TRIGGER "metered_sales_forecast_del" AFTER DELETE ON "metered_sales" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_station_ts();--> statement-breakpoint
CREATE TRIGGER "metered_sales_forecast_trunc" AFTER TRUNCATE ON "metered_sales" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "meter_totals_forecast_ins" AFTER INSERT ON "meter_totals" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_station_ts();--> statement-breakpoint
CREATE TRIGGER "meter_totals_forecast_upd" AFTER UPDATE ON "meter_totals" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_station_ts();--> statement-breakpoint
CREATE TRIGGER "meter_totals_forecast_del" AFTER DELETE ON "meter_totals" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_station_ts();--> statement-breakpoint
CREATE TRIGGER "meter_totals_forecast_trunc" AFTER TRUNCATE ON "meter_totals" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_ins" AFTER INSERT ON "deliveries" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_deliveries();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_upd_old" AFTER UPDATE ON "deliveries" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_deliveries();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_upd_new" AFTER UPDATE ON "deliveries" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_deliveries();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_del" AFTER DELETE ON "deliveries" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_deliveries();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_trunc" AFTER TRUNCATE ON "deliveries" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_ins" AFTER INSERT ON "tanks" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_upd_old" AFTER UPDATE ON "tanks" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_upd_new" AFTER UPDATE ON "tanks" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_del" AFTER DELETE ON "tanks" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "stations_forecast_upd" AFTER UPDATE ON "stations" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_stations();
