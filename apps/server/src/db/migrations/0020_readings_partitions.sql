-- Years of readings (issue 21). Written by hand: drizzle cannot say PARTITION BY.
--
-- tank_readings becomes range-partitioned by month of `ts` (UTC), one partition per month,
-- named tank_readings_pYYYYMM. Retention then drops whole months (DROP TABLE of a partition:
-- no row-by-row delete, no bloat), and each month's key is a tree of its own. The key stays
-- (tank_id, ts) INCLUDE (the four charted columns), as 0014 made it: a tank's range is read from
-- the key's leaf pages alone, which are ordered by tank then time whatever order rows arrived in,
-- so one tank's 11 days are ~100 leaf pages, cold, instead of one heap page per reading.
--
-- tank_hourly and tank_daily are per-tank summaries of the readings (count, first/last, min,
-- max, sum of the four charted columns), kept by ingest in the statement that stores the
-- readings (ingest/readings-repo.ts), from the rows it actually inserted: a resent reading adds
-- nothing, a late one is merged into its hour and day. Long ranges read them, not raw rows.
-- tank_hourly grows with time too (8,760 rows a tank a year) and is partitioned the same way.
--
-- Partitioning works the same on PGlite (PostgreSQL 18 in WebAssembly), so one schema serves both.
--
-- The existing rows are copied into their months sorted by tank and time, then the old table is
-- dropped. On a large database this takes a while (about a minute per 10 M rows here) and
-- holds the readings table for its duration: run it in a maintenance window (docs/deploy.md).

-- Creates the monthly partitions of `parent` that cover [from_ts, to_ts], if missing. Callers:
-- this migration, the partition upkeep job (months ahead) and ingest (a month nobody made yet,
-- e.g. a device that comes back with a year of buffered readings). The advisory lock keeps two
-- instances from creating the same partition at once.
CREATE OR REPLACE FUNCTION ullage_ensure_month_partitions(parent text, from_ts timestamptz, to_ts timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', from_ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  made integer := 0;
  part text;
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(parent));
  WHILE month_start <= to_ts LOOP
    part := parent || '_p' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
    IF to_regclass(part) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent,
        month_start, (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC');
      made := made + 1;
    END IF;
    month_start := (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;
  RETURN made;
END $$;--> statement-breakpoint

ALTER TABLE "tank_readings" RENAME TO "tank_readings_unpartitioned";--> statement-breakpoint
ALTER TABLE "tank_readings_unpartitioned" RENAME CONSTRAINT "tank_readings_tank_id_ts_pk" TO "tank_readings_unpartitioned_pk";--> statement-breakpoint
CREATE TABLE "tank_readings" (
	"tank_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"station_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"product_height_mm" double precision NOT NULL,
	"water_height_mm" double precision NOT NULL,
	"temperature_c" double precision NOT NULL,
	"volume_l" double precision NOT NULL,
	"tc_volume_l" double precision NOT NULL,
	"water_volume_l" double precision,
	"density_kg_m3" double precision,
	CONSTRAINT "tank_readings_tank_id_ts_pk" PRIMARY KEY ("tank_id", "ts") INCLUDE ("product_height_mm", "water_height_mm", "temperature_c", "volume_l")
) PARTITION BY RANGE ("ts");--> statement-breakpoint

CREATE TABLE "tank_hourly" (
	"tank_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"sum_product_height_mm" double precision NOT NULL,
	"sum_water_height_mm" double precision NOT NULL,
	"sum_temperature_c" double precision NOT NULL,
	"sum_volume_l" double precision NOT NULL,
	"min_product_height_mm" double precision NOT NULL,
	"max_product_height_mm" double precision NOT NULL,
	"min_water_height_mm" double precision NOT NULL,
	"max_water_height_mm" double precision NOT NULL,
	"min_temperature_c" double precision NOT NULL,
	"max_temperature_c" double precision NOT NULL,
	"min_volume_l" double precision NOT NULL,
	"max_volume_l" double precision NOT NULL,
	"first_product_height_mm" double precision NOT NULL,
	"last_product_height_mm" double precision NOT NULL,
	"first_water_height_mm" double precision NOT NULL,
	"last_water_height_mm" double precision NOT NULL,
	"first_temperature_c" double precision NOT NULL,
	"last_temperature_c" double precision NOT NULL,
	"first_volume_l" double precision NOT NULL,
	"last_volume_l" double precision NOT NULL,
	-- The chart's means are read from the key alone (index-only), as the readings' are.
	CONSTRAINT "tank_hourly_pk" PRIMARY KEY ("tank_id", "hour") INCLUDE ("n", "sum_product_height_mm", "sum_water_height_mm", "sum_temperature_c", "sum_volume_l")
) PARTITION BY RANGE ("hour");--> statement-breakpoint

CREATE TABLE "tank_daily" (LIKE "tank_hourly");--> statement-breakpoint
ALTER TABLE "tank_daily" RENAME COLUMN "hour" TO "day";--> statement-breakpoint
ALTER TABLE "tank_daily" ADD CONSTRAINT "tank_daily_pk" PRIMARY KEY ("tank_id", "day") INCLUDE ("n", "sum_product_height_mm", "sum_water_height_mm", "sum_temperature_c", "sum_volume_l");--> statement-breakpoint

-- Partitions for every month the old table has readings in (only those: a device whose clock
-- once said 1970 must not make 670 empty months), and this month and the next two.
SELECT ullage_ensure_month_partitions(p, m, m)
FROM (SELECT DISTINCT date_trunc('month', "ts" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS m FROM "tank_readings_unpartitioned") ms,
  unnest(ARRAY['tank_readings', 'tank_hourly']) p;--> statement-breakpoint
SELECT ullage_ensure_month_partitions(p, now(), now() + interval '2 months') FROM unnest(ARRAY['tank_readings', 'tank_hourly']) p;--> statement-breakpoint

INSERT INTO "tank_readings" ("tank_id", "ts", "station_id", "type", "product_height_mm", "water_height_mm", "temperature_c", "volume_l", "tc_volume_l", "water_volume_l", "density_kg_m3")
SELECT "tank_id", "ts", "station_id", "type", "product_height_mm", "water_height_mm", "temperature_c", "volume_l", "tc_volume_l", "water_volume_l", "density_kg_m3"
FROM "tank_readings_unpartitioned" ORDER BY "tank_id", "ts";--> statement-breakpoint

-- The summaries of what was there, as ingest would have kept them.
INSERT INTO "tank_hourly"
SELECT "tank_id", date_trunc('hour', "ts" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), min("ts"), max("ts"),
  sum("product_height_mm"), sum("water_height_mm"), sum("temperature_c"), sum("volume_l"),
  min("product_height_mm"), max("product_height_mm"), min("water_height_mm"), max("water_height_mm"),
  min("temperature_c"), max("temperature_c"), min("volume_l"), max("volume_l"),
  (array_agg("product_height_mm" ORDER BY "ts"))[1], (array_agg("product_height_mm" ORDER BY "ts" DESC))[1],
  (array_agg("water_height_mm" ORDER BY "ts"))[1], (array_agg("water_height_mm" ORDER BY "ts" DESC))[1],
  (array_agg("temperature_c" ORDER BY "ts"))[1], (array_agg("temperature_c" ORDER BY "ts" DESC))[1],
  (array_agg("volume_l" ORDER BY "ts"))[1], (array_agg("volume_l" ORDER BY "ts" DESC))[1]
FROM "tank_readings" GROUP BY 1, 2;--> statement-breakpoint

INSERT INTO "tank_daily"
SELECT "tank_id", date_trunc('day', "hour" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', sum("n"), min("first_ts"), max("last_ts"),
  sum("sum_product_height_mm"), sum("sum_water_height_mm"), sum("sum_temperature_c"), sum("sum_volume_l"),
  min("min_product_height_mm"), max("max_product_height_mm"), min("min_water_height_mm"), max("max_water_height_mm"),
  min("min_temperature_c"), max("max_temperature_c"), min("min_volume_l"), max("max_volume_l"),
  (array_agg("first_product_height_mm" ORDER BY "hour"))[1], (array_agg("last_product_height_mm" ORDER BY "hour" DESC))[1],
  (array_agg("first_water_height_mm" ORDER BY "hour"))[1], (array_agg("last_water_height_mm" ORDER BY "hour" DESC))[1],
  (array_agg("first_temperature_c" ORDER BY "hour"))[1], (array_agg("last_temperature_c" ORDER BY "hour" DESC))[1],
  (array_agg("first_volume_l" ORDER BY "hour"))[1], (array_agg("last_volume_l" ORDER BY "hour" DESC))[1]
FROM "tank_hourly" GROUP BY 1, 2;--> statement-breakpoint

DROP TABLE "tank_readings_unpartitioned";
