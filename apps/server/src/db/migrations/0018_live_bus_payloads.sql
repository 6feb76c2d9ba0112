-- Live events cross server instances (issue 21): on PostgreSQL without Redis through
-- LISTEN/NOTIFY, whose payloads must stay under 8000 bytes. A larger message is stored here and
-- its id notified; listeners read it back; rows older than 10 minutes are deleted (by created_at).
-- Written by hand (no snapshot), like 0015 and 0017.
CREATE TABLE "live_bus_payloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_bus_payloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_bus_payloads_created_at_idx" ON "live_bus_payloads" USING btree ("created_at");
