-- A data jump that comes back at the next reading (a spike) is one record with both ends
-- (review item 14): the reading it came back at. Written by hand (no snapshot), like 0014.
ALTER TABLE "data_jumps" ADD COLUMN "back_ts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_jumps" ADD COLUMN "back_product_height_mm" double precision;--> statement-breakpoint
ALTER TABLE "data_jumps" ADD COLUMN "back_temperature_c" double precision;--> statement-breakpoint
ALTER TABLE "data_jumps" ADD COLUMN "back_volume_l" double precision;
