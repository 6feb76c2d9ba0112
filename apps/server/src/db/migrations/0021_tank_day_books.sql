-- Tank-day books (issue 21): each tank's first and last reading and gaps of one station day,
-- kept so that the daily and monthly reports do not scan the day's readings on every request.
-- A row is stale (to be figured again) when readings landed in its day after it was written;
-- the ingest inserts a stale row for a day that had none. `version` grows with every marking:
-- the book job writes its figures only if the version is still the one it read.
CREATE TABLE "tank_day_books" (
	"tank_id" integer NOT NULL REFERENCES "tanks"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"stale" boolean NOT NULL,
	"version" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"first_ts" timestamp with time zone,
	"first_volume_l" double precision,
	"first_height_mm" double precision,
	"first_water_mm" double precision,
	"first_temperature_c" double precision,
	"last_ts" timestamp with time zone,
	"last_volume_l" double precision,
	"last_height_mm" double precision,
	"last_water_mm" double precision,
	"last_temperature_c" double precision,
	"gaps" jsonb,
	"booked_at" timestamp with time zone,
	CONSTRAINT "tank_day_books_pkey" PRIMARY KEY ("tank_id", "day")
);
--> statement-breakpoint
CREATE INDEX "tank_day_books_stale_idx" ON "tank_day_books" ("ends_at") WHERE "stale";
