CREATE TABLE "device_commands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"distributor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"tank_id" integer,
	"tank_code" text,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'issuing' NOT NULL,
	"reason" text,
	"ended_by" text,
	"progress" smallint,
	"firmware_id" integer,
	"issued_by" integer,
	"issued_by_name" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_by_name" text
);
--> statement-breakpoint
CREATE TABLE "device_firmware" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_firmware_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"distributor_id" integer,
	"company_id" integer,
	"file_name" text NOT NULL,
	"device_type" text NOT NULL,
	"version" text NOT NULL,
	"description" text,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"stored_name" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"uploaded_by" integer,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_devices" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"firmware_version" text,
	"server_host" text,
	"server_port" integer,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_tank_id_tanks_id_fk" FOREIGN KEY ("tank_id") REFERENCES "public"."tanks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_firmware_id_device_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."device_firmware"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_firmware" ADD CONSTRAINT "device_firmware_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_firmware" ADD CONSTRAINT "device_firmware_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_firmware" ADD CONSTRAINT "device_firmware_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_devices" ADD CONSTRAINT "station_devices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_commands_one_issuing_key" ON "device_commands" USING btree ("station_id","kind",coalesce("tank_id", 0)) WHERE "device_commands"."state" = 'issuing';--> statement-breakpoint
CREATE INDEX "device_commands_deadline_idx" ON "device_commands" USING btree ("deadline_at") WHERE "device_commands"."state" = 'issuing';--> statement-breakpoint
CREATE INDEX "device_commands_station_issued_idx" ON "device_commands" USING btree ("station_id","issued_at");--> statement-breakpoint
CREATE INDEX "device_commands_company_issued_idx" ON "device_commands" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE INDEX "device_commands_firmware_idx" ON "device_commands" USING btree ("firmware_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_firmware_version_key" ON "device_firmware" USING btree (coalesce("distributor_id", 0),coalesce("company_id", 0),"device_type","version");