-- A detected delivery keeps the figures of its end readings (issue 35).
--
-- A detected delivery starts and ends at readings, and the delivery report read their heights,
-- water, temperatures and compensated volumes by joining tank_readings at started_at and at
-- its last rise: two look-ups of the readings' key per delivery. The list's totals ask them for
-- every delivery in the range — 18,000 look-ups for a 1,000-tank fleet's month, most of its
-- time, each reading index pages of a readings table far larger than PostgreSQL's cache.
-- Readings are never changed once stored (a resend is ignored), so the ingest now copies these
-- figures into the delivery when it saves it (delivery-evaluator.ts), as a device's delivery
-- report already carries its own; here the deliveries detected before are given theirs.

UPDATE "deliveries" d SET
  "start_height_mm" = r."product_height_mm", "start_water_height_mm" = r."water_height_mm",
  "start_temperature_c" = r."temperature_c", "start_tc_volume_l" = r."tc_volume_l"
FROM "tank_readings" r
WHERE d."source" = 'detected' AND r."tank_id" = d."tank_id" AND r."ts" = d."started_at";--> statement-breakpoint
UPDATE "deliveries" d SET
  "end_height_mm" = r."product_height_mm", "end_water_height_mm" = r."water_height_mm",
  "end_temperature_c" = r."temperature_c", "end_tc_volume_l" = r."tc_volume_l"
FROM "tank_readings" r
WHERE d."source" = 'detected' AND r."tank_id" = d."tank_id" AND r."ts" = coalesce(d."ended_at", d."last_rise_at");
