-- How far the hourly and daily summaries are rolled up (issue 36), per chunk of tanks (tank id
-- modulo 16, packages/domain/src/summary-plan.ts).
--
-- Until now ingest merged every reading into its hour's and its day's summary row as it stored
-- it: two row updates a reading, a third of PostgreSQL's work on the device path. Now the
-- summaries job rolls up each hour from the raw readings once it ended an hour ago, and each UTC
-- day from its hours; ingest merges only the readings older than these marks (late ones), and the
-- readers read what is not rolled up yet from the finer source (raw readings, or hours). Ingest
-- holds a shared advisory lock on the chunks it writes, the job an exclusive one on the chunk it
-- rolls up, so a reading is either committed before the roll-up reads the hour or sees the new mark.
--
-- Every summary row up to now was kept by ingest, so the marks start at the present hour and day
-- (UTC): the rows of this hour and day are finished by the job's roll-up, which replaces them.
CREATE TABLE "summary_marks" (
	"chunk" smallint PRIMARY KEY NOT NULL,
	"hourly_until" timestamp with time zone NOT NULL,
	"daily_until" timestamp with time zone NOT NULL
);--> statement-breakpoint
INSERT INTO "summary_marks" ("chunk", "hourly_until", "daily_until")
SELECT c, date_bin(interval '1 hour', now(), timestamptz '2000-01-01T00:00:00Z'), date_bin(interval '1 day', now(), timestamptz '2000-01-01T00:00:00Z')
FROM generate_series(0, 15) AS c;
