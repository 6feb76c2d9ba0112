-- Wetstock reconciliation and run-out forecast (issue 23).
-- The company's wetstock settings: the delivery-ticket tolerance, the variance alarm (61) and
-- the run-out notice (62) horizon.
ALTER TABLE "companies" ADD COLUMN "ticket_tolerance_pct" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "variance_alarm_pct" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "variance_alarm_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "run_out_horizon_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
-- A delivery's ticket: what the tanker's paperwork says was delivered, entered by a user or sent by the device.
ALTER TABLE "deliveries" ADD COLUMN "ticket_volume_l" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "ticket_tc_volume_l" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "ticket_no" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "ticket_source" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "ticketed_at" timestamp with time zone;--> statement-breakpoint
-- Metered sales. target is 't<tank id>' for a tank, 'p<product id>' for a product sold from the
-- station's manifolded tanks of it. sale_key makes a resent transaction add nothing: the
-- device's id, or its time and volume.
CREATE TABLE "metered_sales" (
	"station_id" integer NOT NULL REFERENCES "stations"("id") ON DELETE cascade,
	"target" text NOT NULL,
	"tank_id" integer REFERENCES "tanks"("id") ON DELETE cascade,
	"product_id" integer REFERENCES "products"("id") ON DELETE cascade,
	"sale_key" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"volume_l" double precision NOT NULL,
	"tc_volume_l" double precision,
	"amount" double precision,
	"unit_price" double precision,
	"meter" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metered_sales_pkey" PRIMARY KEY("station_id","target","sale_key")
);--> statement-breakpoint
CREATE INDEX "metered_sales_station_ts_idx" ON "metered_sales" ("station_id","ts") INCLUDE ("target","volume_l","tc_volume_l");--> statement-breakpoint
-- The reconciliation sums each tank's sales between two readings: one range of this key each.
CREATE INDEX "metered_sales_target_ts_idx" ON "metered_sales" ("station_id","target","ts") INCLUDE ("volume_l","tc_volume_l");--> statement-breakpoint
-- Dispenser totaliser readings: a meter's running total. Its sales are the rises between
-- consecutive readings, booked at the later one.
CREATE TABLE "meter_totals" (
	"station_id" integer NOT NULL REFERENCES "stations"("id") ON DELETE cascade,
	"meter" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"target" text NOT NULL,
	"tank_id" integer REFERENCES "tanks"("id") ON DELETE cascade,
	"product_id" integer REFERENCES "products"("id") ON DELETE cascade,
	"total_l" double precision NOT NULL,
	"tc_total_l" double precision,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_totals_pkey" PRIMARY KEY("station_id","meter","ts")
);--> statement-breakpoint
CREATE INDEX "meter_totals_station_ts_idx" ON "meter_totals" ("station_id","ts");
--> statement-breakpoint
-- What each station sells by meter, and since and until when: the reconciliation asks it for
-- every report (which tanks are metered, which are manifolded) and would otherwise scan months
-- of sales to find out. Kept by the ingest with each batch.
CREATE TABLE "metered_targets" (
	"station_id" integer NOT NULL REFERENCES "stations"("id") ON DELETE cascade,
	"target" text NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "metered_targets_pkey" PRIMARY KEY("station_id","target")
);
