CREATE TABLE "alarm_mails" (
	"user_id" integer NOT NULL,
	"alarm_id" bigint NOT NULL,
	"digest_id" bigint NOT NULL,
	CONSTRAINT "alarm_mails_user_id_alarm_id_pk" PRIMARY KEY("user_id","alarm_id")
);
--> statement-breakpoint
CREATE TABLE "mail_cursors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_digests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text NOT NULL,
	"alarm_count" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "alarm_mails" ADD CONSTRAINT "alarm_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_mails" ADD CONSTRAINT "alarm_mails_digest_id_mail_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."mail_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_cursors" ADD CONSTRAINT "mail_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_digests" ADD CONSTRAINT "mail_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_digests_due_idx" ON "mail_digests" USING btree ("status","next_attempt_at");