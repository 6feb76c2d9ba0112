-- Web Push notifications of alarms (issue 38).
--
-- The server's VAPID key pair, made on first start and kept here rather than in a file, so that
-- every instance behind a load balancer signs with the same key: browsers subscribed with its
-- public key, and a push service refuses messages signed with any other. One row; the first
-- instance to start inserts it (on conflict do nothing) and every instance reads it back.
CREATE TABLE "push_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- How far along the alarm feed (alarm_feed.seq, commit order) notifications were sent: the
-- instance holding the push lease reads on from here and moves it with a compare-and-set before
-- it sends, so a second sender (a lease handed over mid-round) never sends the same alarms again
-- and a new holder goes on where the last one stopped. It starts at the present: the alarms of the
-- past are not pushed.
CREATE TABLE "push_progress" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"sent_up_to" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "push_progress" ("id", "sent_up_to") SELECT 1, "n" FROM "alarm_feed_counter";--> statement-breakpoint
-- A browser's push subscription: where to POST (endpoint, a capability URL of its push service,
-- unique: one browser profile is one subscriber, whoever signed in last on it) and the keys each
-- message is encrypted with (RFC 8291). Dropped when the push service answers 404 or 410.
CREATE TABLE "push_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
