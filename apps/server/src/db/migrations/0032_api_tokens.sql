-- Service accounts and their API tokens (issue 38).
--
-- A service account is an account of the organisation that made it, kept as a users row (so the
-- role table, the scope rules and the audit log treat it as they treat a person of that
-- organisation) that can never sign in: `service` is set and its password hash is no hash.
-- Its tokens are stored as SHA-256 hashes, like sessions; the token itself is shown once.

ALTER TABLE "users" ADD COLUMN "service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "service_accounts" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL UNIQUE REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "description" text,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "api_tokens" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "service_account_id" integer NOT NULL REFERENCES "service_accounts"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "hint" text NOT NULL,
  "scopes" text[] NOT NULL,
  "expires_at" timestamp with time zone,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  "last_used_ip" text,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "api_tokens_service_account_idx" ON "api_tokens" ("service_account_id");
