ALTER TABLE "stations" ADD COLUMN "atg_poll_seconds" integer;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "atg_security_code" text;