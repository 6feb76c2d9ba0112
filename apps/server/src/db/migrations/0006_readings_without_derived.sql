ALTER TABLE "tank_readings" DROP COLUMN "ullage_l";--> statement-breakpoint
ALTER TABLE "tank_readings" DROP COLUMN "fill_pct";