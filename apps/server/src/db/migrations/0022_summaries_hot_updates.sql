-- Summaries updated in place (issue 21, device-sized ingest). Every stored reading updates its
-- tank's row in tank_hourly and tank_daily and its tank_latest row. 0020 gave the summaries keys
-- that INCLUDE the count and sums, so every update changed an indexed column and wrote a new
-- entry in a wide key (n_tup_hot_upd was 0 on the ingest bench). Without INCLUDE, an update
-- changes no key column, and with room left on each page (fillfactor) PostgreSQL writes the new
-- row version beside the old one and touches no index (a HOT update). The long-range chart
-- reads a few hundred summary rows of one tank from the heap instead of from the key.
--
-- fillfactor applies to pages filled from now on. A partitioned table has no storage of its
-- own: each month of tank_hourly gets it when it is made (ullage_ensure_month_partitions).

ALTER TABLE "tank_hourly" DROP CONSTRAINT "tank_hourly_pk";--> statement-breakpoint
ALTER TABLE "tank_hourly" ADD CONSTRAINT "tank_hourly_pk" PRIMARY KEY ("tank_id", "hour");--> statement-breakpoint
ALTER TABLE "tank_daily" DROP CONSTRAINT "tank_daily_pk";--> statement-breakpoint
ALTER TABLE "tank_daily" ADD CONSTRAINT "tank_daily_pk" PRIMARY KEY ("tank_id", "day");--> statement-breakpoint
ALTER TABLE "tank_daily" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "tank_latest" SET (fillfactor = 50);--> statement-breakpoint
DO $$
DECLARE part regclass;
BEGIN
  FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'tank_hourly'::regclass LOOP
    EXECUTE format('ALTER TABLE %s SET (fillfactor = 50)', part);
  END LOOP;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ullage_ensure_month_partitions(parent text, from_ts timestamptz, to_ts timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', from_ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  made integer := 0;
  part text;
  -- Summary rows are updated in place all month; readings are written once.
  storage text := CASE WHEN parent = 'tank_hourly' THEN ' WITH (fillfactor = 50)' ELSE '' END;
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(parent));
  WHILE month_start <= to_ts LOOP
    part := parent || '_p' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
    IF to_regclass(part) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent,
        month_start, (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC') || storage;
      made := made + 1;
    END IF;
    month_start := (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;
  RETURN made;
END $$;
