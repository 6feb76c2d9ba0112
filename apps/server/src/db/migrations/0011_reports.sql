CREATE TABLE "data_jumps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_jumps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"tank_id" integer NOT NULL,
	"rule" text NOT NULL,
	"prev_ts" timestamp with time zone NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"prev_product_height_mm" double precision NOT NULL,
	"product_height_mm" double precision NOT NULL,
	"prev_temperature_c" double precision NOT NULL,
	"temperature_c" double precision NOT NULL,
	"prev_volume_l" double precision NOT NULL,
	"volume_l" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "station_shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_minute" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "source" text DEFAULT 'detected' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "start_height_mm" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "end_height_mm" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "start_water_height_mm" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "end_water_height_mm" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "start_temperature_c" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "end_temperature_c" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "start_tc_volume_l" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "end_tc_volume_l" double precision;--> statement-breakpoint
ALTER TABLE "offline_records" ADD COLUMN "processed_by" integer;--> statement-breakpoint
ALTER TABLE "data_jumps" ADD CONSTRAINT "data_jumps_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_shifts" ADD CONSTRAINT "station_shifts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_jumps_tank_ts_rule_key" ON "data_jumps" USING btree ("tank_id","ts","rule");--> statement-breakpoint
CREATE INDEX "data_jumps_company_ts_idx" ON "data_jumps" USING btree ("company_id","ts");--> statement-breakpoint
CREATE INDEX "data_jumps_station_ts_idx" ON "data_jumps" USING btree ("station_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "station_shifts_station_start_key" ON "station_shifts" USING btree ("station_id","start_minute");