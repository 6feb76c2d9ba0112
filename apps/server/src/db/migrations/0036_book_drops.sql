-- Tank-day books keep what the tank's own meters sold during each of the day's deliveries (issue
-- 35): a fleet's month of reconciliation asked the sales of 8,500 drops on every request, most
-- of the database's work in it. `drops` is [[started_at_ms, from_ms, to_ms, sales_l], …], the
-- metered drops only (an estimated one reads readings around the drop, beyond the day); null:
-- not kept (figured live, as before).
ALTER TABLE "tank_day_books" ADD COLUMN "drops" jsonb;--> statement-breakpoint
-- The last two months' books of metered tanks with a delivery are figured again, so that the
-- reconciliation a user opens first gains at once; older ones are figured live when asked. Their
-- leak days follow the new version: they were figured from the same readings, which the bump does
-- not change, and would otherwise all be figured again by the leak job.
WITH "marked" AS (
	UPDATE "tank_day_books" b SET "stale" = true, "version" = b."version" + 1
	WHERE NOT b."stale" AND b."day" >= current_date - 62
		AND EXISTS (SELECT 1 FROM "deliveries" d WHERE d."tank_id" = b."tank_id" AND d."started_at" < b."ends_at" AND coalesce(d."ended_at", 'infinity') > b."starts_at" - interval '1 day')
		AND EXISTS (
			SELECT 1 FROM "metered_targets" m JOIN "tanks" t ON t."station_id" = m."station_id"
			WHERE t."id" = b."tank_id" AND m."target" = 't' || b."tank_id"
		)
	RETURNING b."tank_id", b."day", b."version"
)
UPDATE "tank_leak_days" l SET "book_version" = m."version"
FROM "marked" m
WHERE l."tank_id" = m."tank_id" AND l."day" = m."day" AND l."book_version" = m."version" - 1;
