-- Tank-day books keep the tank's metered sales between the day's opening and closing readings
-- (issue 23: the reconciliation of a month read 30 windows of sales per tank on every request).
-- sold_from/sold_to are the span they were summed over; null: not summed (figured live).
ALTER TABLE "tank_day_books" ADD COLUMN "sold_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tank_day_books" ADD COLUMN "sold_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tank_day_books" ADD COLUMN "sold_l" double precision;--> statement-breakpoint
ALTER TABLE "tank_day_books" ADD COLUMN "sold_tc_l" double precision;--> statement-breakpoint
ALTER TABLE "tank_day_books" ADD COLUMN "sold_gross_without_tc_l" double precision;--> statement-breakpoint
-- Books of metered tanks written before hold no sales: the book job figures them again.
UPDATE "tank_day_books" b SET "stale" = true, "version" = b."version" + 1
WHERE NOT b."stale" AND EXISTS (
	SELECT 1 FROM "metered_targets" m JOIN "tanks" t ON t."station_id" = m."station_id"
	WHERE t."id" = b."tank_id" AND m."target" = 't' || b."tank_id"
);
