-- A water volume nobody knows is stored as null (issue 20 item 7): a device that sends a water
-- height but no water volume (a Veeder-Root display report), for a tank without a height-volume
-- table, had 0 stored, which claims there is no water. Written by hand (no snapshot), like 0015.
-- Existing rows are left as they are: nothing tells which of their zeros were unknown.
ALTER TABLE "tank_readings" ALTER COLUMN "water_volume_l" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tank_latest" ALTER COLUMN "water_volume_l" DROP NOT NULL;
