-- The running day's readings so far, kept ahead (issue 35): each tank's first and last reading and
-- its gaps from the start of the station day it is in up to a whole hour (until_ts), figured once
-- an hour by the book job. The reports then read only the readings after until_ts for the running
-- day instead of scanning the whole day's readings for gaps on every call. A head is read only
-- while it is for the tank's running day and bounds, under an hour old, and no mark of its
-- station (forecast_profile_marks: late data of an hour already over, deleted readings, changed
-- tanks or stations) came later than ten seconds before it was computed; else the day is read
-- whole, as before.
CREATE TABLE "tank_day_heads" (
	"tank_id" integer PRIMARY KEY NOT NULL REFERENCES "tanks"("id") ON DELETE cascade,
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"until_ts" timestamp with time zone NOT NULL,
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
	-- [[from epoch ms, to epoch ms], …]: every gap of the head, in time order.
	"gaps" jsonb NOT NULL,
	-- The database's clock when the computation began, before it read the readings.
	"computed_at" timestamp with time zone NOT NULL
);
