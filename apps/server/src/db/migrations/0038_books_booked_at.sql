-- When each tank-day book was written, as a key (issue 35): the leak-test job looks for books
-- written since its last look instead of joining every book of its 62 days to its leak day each
-- round (at 1,000 tanks with 13 months of books, 0.73-0.78 s a look, once a minute and once a
-- batch). Books are a few hundred thousand rows per thousand tanks a year: the index is built in seconds.
CREATE INDEX IF NOT EXISTS "tank_day_books_booked_idx" ON "tank_day_books" ("booked_at");
