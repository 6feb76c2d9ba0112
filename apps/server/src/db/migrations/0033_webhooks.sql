-- Signed webhooks (issue 38).
--
-- `webhook_endpoints` belong to the organisation that made them: both keys null for the
-- administrator's (it hears every station), a distributor's (company_id null) hears its
-- companies' stations, a company's (both set) its own. The secret is kept as it is, since the
-- server signs with it; the API shows it once.
--
-- `webhook_events` is the outbox: each event is written in the transaction of the change that
-- caused it, with a delivery row per endpoint that hears it, so a crash between commit and send
-- loses nothing; the sender claims due deliveries with FOR UPDATE SKIP LOCKED. An event no
-- endpoint hears is not written at all. `data` holds the facts in SI units, `context` the
-- station's name, zone and the company's units as they were; the payload is shaped from both
-- (packages/domain/src/webhook-payload.ts), so each attempt sends the same body.
--
-- No foreign keys to stations: an event outlives a deleted station, as the alarm feed does.

CREATE TABLE "webhook_endpoints" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "distributor_id" integer REFERENCES "distributors"("id") ON DELETE CASCADE,
  "company_id" integer REFERENCES "companies"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "events" text[] NOT NULL,
  "secret" text NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "disabled_reason" text,
  "failing_since" timestamp with time zone,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_endpoints_owner_idx" ON "webhook_endpoints" ("distributor_id", "company_id");--> statement-breakpoint
CREATE TABLE "webhook_events" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
  "distributor_id" integer,
  "company_id" integer,
  "station_id" integer,
  "type" text NOT NULL,
  "occurred_at" timestamp with time zone NOT NULL,
  "data" jsonb NOT NULL,
  "context" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "event_id" bigint NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone,
  "retry_until" timestamp with time zone,
  "last_attempt_at" timestamp with time zone,
  "last_status_code" integer,
  "last_error" text,
  "duration_ms" integer,
  "response_excerpt" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "webhook_deliveries_event_endpoint_key" UNIQUE ("event_id", "endpoint_id")
);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" IN ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");
