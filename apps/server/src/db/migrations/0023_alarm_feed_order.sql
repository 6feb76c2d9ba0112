-- The alarm feed's order is the order alarms commit in (issue 21: a client that reconnects to
-- another instance with Last-Event-ID misses no alarm).
--
-- Alarm ids come from a sequence when the row is inserted, but transactions commit in any order:
-- on two instances, or on the alarm lane and the bulk lane of one, alarm 102 can commit and
-- reach a feed before alarm 101 commits. A client that saw 102 and reconnected asked for "after
-- 102" and never got 101. So each alarm also gets `feed_seq`, its place in the feed, taken at
-- commit: a deferred trigger runs as its transaction commits and takes the next number from a
-- one-row counter, whose row lock it holds until the commit is done. The next transaction that
-- commits an alarm waits for that lock, so numbers follow commit order, and whenever an alarm
-- with number N is visible every alarm numbered below N is too. The feed sends `feed_seq` as the
-- event id, and sends and replays alarms in its order, reading them from the database.
--
-- Existing alarms keep their id as their number, so a client's Last-Event-ID from before the
-- upgrade still means what it did.

ALTER TABLE "alarms" ADD COLUMN "feed_seq" bigint;--> statement-breakpoint
UPDATE "alarms" SET "feed_seq" = "id";--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_feed_seq_key" ON "alarms" ("feed_seq");--> statement-breakpoint
CREATE TABLE "alarm_feed_counter" ("n" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "alarm_feed_counter" ("n") SELECT coalesce(max("id"), 0) FROM "alarms";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ullage_alarm_feed_seq() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next_seq bigint;
BEGIN
  UPDATE alarm_feed_counter SET n = n + 1 RETURNING n INTO next_seq;
  UPDATE alarms SET feed_seq = next_seq WHERE id = NEW.id AND feed_seq IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "alarms_feed_seq_at_commit" AFTER INSERT ON "alarms"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ullage_alarm_feed_seq();
