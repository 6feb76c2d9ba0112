-- The simulated fleet speaks for the stations marked here, with keys it is given in-process at
-- each start (issue 20 item 25). The demo stations of earlier installs, whose keys were the public
-- `demo-device-key:<code>`, are marked so their keys are replaced at the next start.
ALTER TABLE "stations" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "stations" SET "simulated" = true WHERE "device_key_hash" = encode(sha256(convert_to('demo-device-key:' || "code", 'UTF8')), 'hex');
