ALTER TABLE "sessions" ADD COLUMN "cas_ticket" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_cas_ticket_key" ON "sessions" USING btree ("cas_ticket");