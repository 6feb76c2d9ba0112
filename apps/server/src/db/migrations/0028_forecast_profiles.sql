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
-- settings changes mark their station here; a profile computed before a mark of its station, or
-- less than ten seconds after it (a writer's transaction may commit after a computation read
-- the data), is not read again. Only appended to, never updated: writers marking one station
-- at once neither wait for each other nor deadlock. The run-out job deletes marks older than
-- any profile still read (two hours).
CREATE TABLE "forecast_profile_marks" (
	"station_id" integer NOT NULL,
	"forgotten_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "forecast_profile_marks_station_idx" ON "forecast_profile_marks" ("station_id", "forgotten_at");--> statement-breakpoint
-- Marks a station, unless a mark under a second old stands for this one (a computation that
-- began before that mark is judged by it with nine seconds to spare): a backlog's rows do not
-- mark one each.
CREATE OR REPLACE FUNCTION ullage_forecast_mark(sid integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO forecast_profile_marks (station_id, forgotten_at)
	SELECT sid, clock_timestamp()
	WHERE sid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM forecast_profile_marks m WHERE m.station_id = sid AND m.forgotten_at > clock_timestamp() - interval '1 second')
$$;--> statement-breakpoint
-- New data is marked by ingest itself, in the transaction that writes it (forecast/profile-marks.ts:
-- it knows a batch's times without a trigger's cost on every write). These triggers catch the
-- rest: data deleted, and settings. Their WHEN lets only data of an hour already over through.
CREATE OR REPLACE FUNCTION ullage_forecast_mark_tank_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ullage_forecast_mark((SELECT station_id FROM tanks WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.tank_id ELSE NEW.tank_id END));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_mark_station_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ullage_forecast_mark(CASE WHEN TG_OP = 'DELETE' THEN OLD.station_id ELSE NEW.station_id END);
	RETURN NULL;
END $$;--> statement-breakpoint
-- A tank added, removed, moved or given another product changes its station's product shares;
-- a station's time zone changes its hours of week: every profile of the station is forgotten.
CREATE OR REPLACE FUNCTION ullage_forecast_mark_tanks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ullage_forecast_mark(c.station_id) FROM (SELECT DISTINCT station_id FROM changed) c;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_mark_stations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ullage_forecast_mark(c.id) FROM (SELECT DISTINCT id FROM changed) c;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_forecast_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM forecast_profiles;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tank_hourly_forecast_del" AFTER DELETE ON "tank_hourly" FOR EACH ROW WHEN (OLD.hour < date_trunc('hour', statement_timestamp())) EXECUTE FUNCTION ullage_forecast_mark_tank_row();--> statement-breakpoint
CREATE TRIGGER "tank_hourly_forecast_trunc" AFTER TRUNCATE ON "tank_hourly" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "metered_sales_forecast_del" AFTER DELETE ON "metered_sales" FOR EACH ROW WHEN (OLD.ts < date_trunc('hour', statement_timestamp())) EXECUTE FUNCTION ullage_forecast_mark_station_row();--> statement-breakpoint
CREATE TRIGGER "metered_sales_forecast_trunc" AFTER TRUNCATE ON "metered_sales" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "meter_totals_forecast_del" AFTER DELETE ON "meter_totals" FOR EACH ROW WHEN (OLD.ts < date_trunc('hour', statement_timestamp())) EXECUTE FUNCTION ullage_forecast_mark_station_row();--> statement-breakpoint
CREATE TRIGGER "meter_totals_forecast_trunc" AFTER TRUNCATE ON "meter_totals" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_del" AFTER DELETE ON "deliveries" FOR EACH ROW WHEN (OLD.started_at < date_trunc('hour', statement_timestamp())) EXECUTE FUNCTION ullage_forecast_mark_station_row();--> statement-breakpoint
CREATE TRIGGER "deliveries_forecast_trunc" AFTER TRUNCATE ON "deliveries" FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_forget_all();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_ins" AFTER INSERT ON "tanks" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_upd_old" AFTER UPDATE ON "tanks" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_upd_new" AFTER UPDATE ON "tanks" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "tanks_forecast_del" AFTER DELETE ON "tanks" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_tanks();--> statement-breakpoint
CREATE TRIGGER "stations_forecast_upd" AFTER UPDATE ON "stations" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ullage_forecast_mark_stations();
