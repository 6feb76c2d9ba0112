CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"value" text NOT NULL,
	"type" text NOT NULL,
	"type_value" text,
	"remark" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"creator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier" text,
	"modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_type_key_key" ON "tags" USING btree ("type","key");