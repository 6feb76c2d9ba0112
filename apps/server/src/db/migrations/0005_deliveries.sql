CREATE TABLE "deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"tank_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"start_volume_l" double precision NOT NULL,
	"last_rise_at" timestamp with time zone NOT NULL,
	"end_volume_l" double precision NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_tank_start_key" ON "deliveries" USING btree ("tank_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_one_open_key" ON "deliveries" USING btree ("tank_id") WHERE "deliveries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "deliveries_company_started_idx" ON "deliveries" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "deliveries_station_started_idx" ON "deliveries" USING btree ("station_id","started_at");