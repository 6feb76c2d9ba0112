CREATE TABLE "user_notice_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mail_send_frq" smallint DEFAULT 30 NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_notice_settings" ADD CONSTRAINT "user_notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;