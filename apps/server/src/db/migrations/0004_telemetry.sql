CREATE TABLE "alarms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tank_id" integer,
	"sensor_no" text,
	"code" smallint NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"processed" boolean DEFAULT false NOT NULL,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"type" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"inventory" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"type" text,
	"handler" text,
	"content" text,
	"processed" boolean DEFAULT false NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sensor_latest" (
	"station_id" integer NOT NULL,
	"sensor_no" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"code" smallint,
	"ts" timestamp with time zone NOT NULL,
	CONSTRAINT "sensor_latest_station_id_sensor_no_pk" PRIMARY KEY("station_id","sensor_no")
);
--> statement-breakpoint
CREATE TABLE "station_status" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_data_at" timestamp with time zone,
	"online" boolean DEFAULT true NOT NULL,
	"clock_skew_s" integer,
	"clock_flagged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tank_latest" (
	"tank_id" integer PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"type" smallint NOT NULL,
	"product_height_mm" double precision NOT NULL,
	"water_height_mm" double precision NOT NULL,
	"temperature_c" double precision NOT NULL,
	"volume_l" double precision NOT NULL,
	"tc_volume_l" double precision NOT NULL,
	"water_volume_l" double precision NOT NULL,
	"ullage_l" double precision NOT NULL,
	"fill_pct" double precision NOT NULL,
	"density_kg_m3" double precision
);
--> statement-breakpoint
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
	"water_volume_l" double precision NOT NULL,
	"ullage_l" double precision NOT NULL,
	"fill_pct" double precision NOT NULL,
	"density_kg_m3" double precision,
	CONSTRAINT "tank_readings_tank_id_ts_pk" PRIMARY KEY("tank_id","ts")
);
--> statement-breakpoint
ALTER TABLE "tanks" ADD COLUMN "tilt_deg" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tanks" ADD COLUMN "probe_offset_mm" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_records" ADD CONSTRAINT "offline_records_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_latest" ADD CONSTRAINT "sensor_latest_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_status" ADD CONSTRAINT "station_status_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_active_key" ON "alarms" USING btree ("station_id","kind",coalesce("tank_id", 0),coalesce("sensor_no", ''),"code") WHERE "alarms"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "alarms_station_started_idx" ON "alarms" USING btree ("station_id","started_at");--> statement-breakpoint
CREATE INDEX "alarms_company_started_idx" ON "alarms" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_events_station_type_ts_key" ON "device_events" USING btree ("station_id","type","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_records_one_open_key" ON "offline_records" USING btree ("station_id") WHERE "offline_records"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "offline_records_company_started_idx" ON "offline_records" USING btree ("company_id","started_at");