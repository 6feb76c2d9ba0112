-- The alarm feed's order (migration 0023) moves from a column of `alarms` to a table of its own.
--
-- Numbering an alarm at commit updated its row a second time. `feed_seq` is indexed, so that
-- update could not be a heap-only one: a new version of the row and an entry in each of the
-- table's six indexes, for every alarm — a tenth of PostgreSQL's CPU on the device path when
-- alarms are frequent (bench/ingest.ts). Inserting (seq, alarm) into a narrow table with one
-- index costs a fraction of that, and leaves the alarm's row as it was inserted. The order
-- stays what it was: the deferred trigger still takes each number from the one-row counter,
-- whose lock it holds until its transaction has committed.
--
-- No foreign key: a feed row whose alarm is gone (its station deleted) is skipped by the
-- feed's join, and checking the key would cost a look-up for every alarm.

CREATE TABLE "alarm_feed" ("seq" bigint PRIMARY KEY, "alarm_id" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "alarm_feed" ("seq", "alarm_id") SELECT "feed_seq", "id" FROM "alarms" WHERE "feed_seq" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_alarm_feed_seq() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next_seq bigint;
BEGIN
  UPDATE alarm_feed_counter SET n = n + 1 RETURNING n INTO next_seq;
  INSERT INTO alarm_feed (seq, alarm_id) VALUES (next_seq, NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP INDEX "alarms_feed_seq_key";--> statement-breakpoint
ALTER TABLE "alarms" DROP COLUMN "feed_seq";
