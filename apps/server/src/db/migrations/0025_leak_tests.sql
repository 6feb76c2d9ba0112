-- Leak tests from inventory data (issue 22; domain leak-detection.ts).
-- The company's threshold, L/h: 0.2 US gal/h unless the company sets another.
ALTER TABLE "companies" ADD COLUMN "leak_threshold_lph" double precision DEFAULT 0.76 NOT NULL;
--> statement-breakpoint
-- Each tank day's quiet periods, figured once the day's book is (tank_day_books): a test
-- combines 30 of these rows, never the readings. book_version and starts_at are the book's
-- when figured: a later mark (a late reading) or a zone change makes the row old.
CREATE TABLE "tank_leak_days" (
	"tank_id" integer NOT NULL REFERENCES "tanks"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"book_version" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	-- [[startMs, endMs, n, rateLph, seLph], …] (QuietPeriod)
	"periods" jsonb NOT NULL,
	"figured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tank_leak_days_pkey" PRIMARY KEY("tank_id","day")
);
--> statement-breakpoint
-- Each tank's current test: the window ending with its latest figured day. The monitor, home
-- and the alarm read it.
CREATE TABLE "tank_leak_status" (
	"tank_id" integer PRIMARY KEY NOT NULL REFERENCES "tanks"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"result" text NOT NULL,
	"reason" text NOT NULL,
	"leak_rate_lph" double precision,
	"mdl_lph" double precision,
	"threshold_lph" double precision NOT NULL,
	"quiet_hours" double precision NOT NULL,
	"quiet_periods" integer NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL
);
