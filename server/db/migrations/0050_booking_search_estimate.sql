-- Issue 48 (decision 045): how many guests and properties a bookings search's term matches, estimated
-- from the first `sample_rows` rows of each table, before any trigram index is read. A term in every
-- e-mail ("com") makes the index read every entry of its trigram (240,000 at a million bookings, 14 ms)
-- to give the first 501; the sample finds 20 of them in the first 25 rows. The estimate is the share of
-- the sampled rows that match times the table's rows as the planner knows them (`reltuples`); NULL when
-- the table was never analysed. Reading stops at `hits` matches; a sample that ends first is counted.
-- A table's first `first_rows` rows without a match end its sample: a rare term (an e-mail's number, a
-- surname) is estimated at none after a fifth of the reading.
-- `enough`: once the guests alone are estimated at this many, the properties are not sampled (NULL).
-- A wrong estimate costs time, never rows: either plan of a search answers the same rows. The sample is matched with LIKE, five times as fast as
-- ILIKE, against the term in lower case and with a capital first letter (`lower_pattern`,
-- `capital_pattern`): names, titles and addresses are written so and e-mails in lower case, and a
-- value written otherwise only makes the estimate lower.
CREATE OR REPLACE FUNCTION booking_search_estimate(lower_pattern text, capital_pattern text, first_rows integer, sample_rows integer, hits integer,
  enough real, OUT guests real, OUT properties real)
LANGUAGE plpgsql STABLE SET jit = off AS $$
DECLARE
  known real;
  found integer;
  scanned integer;
BEGIN
  SELECT reltuples INTO known FROM pg_class WHERE oid = 'users'::regclass;
  IF known > 0 THEN
    guests := 0;
    IF EXISTS (SELECT FROM (SELECT name, email FROM users LIMIT first_rows) AS sampled
        WHERE sampled.name LIKE lower_pattern OR sampled.name LIKE capital_pattern OR sampled.email LIKE lower_pattern) THEN
      SELECT count(*), max(hit.position) INTO found, scanned FROM (
        SELECT sampled.position FROM (SELECT row_number() OVER () AS position, name, email FROM users LIMIT sample_rows) AS sampled
        WHERE sampled.name LIKE lower_pattern OR sampled.name LIKE capital_pattern OR sampled.email LIKE lower_pattern
        LIMIT hits) AS hit;
      IF found < hits THEN
        SELECT count(*) INTO scanned FROM (SELECT FROM users LIMIT sample_rows) AS sampled;
      END IF;
      guests := known * found / greatest(1, scanned);
    END IF;
    IF guests >= enough THEN
      RETURN;
    END IF;
  END IF;
  SELECT reltuples INTO known FROM pg_class WHERE oid = 'properties'::regclass;
  IF known > 0 THEN
    properties := 0;
    IF EXISTS (SELECT FROM (SELECT title, address FROM properties LIMIT first_rows) AS sampled
        WHERE sampled.title LIKE lower_pattern OR sampled.title LIKE capital_pattern
           OR sampled.address LIKE lower_pattern OR sampled.address LIKE capital_pattern) THEN
      SELECT count(*), max(hit.position) INTO found, scanned FROM (
        SELECT sampled.position FROM (SELECT row_number() OVER () AS position, title, address FROM properties LIMIT sample_rows) AS sampled
        WHERE sampled.title LIKE lower_pattern OR sampled.title LIKE capital_pattern
           OR sampled.address LIKE lower_pattern OR sampled.address LIKE capital_pattern
        LIMIT hits) AS hit;
      IF found < hits THEN
        SELECT count(*) INTO scanned FROM (SELECT FROM properties LIMIT sample_rows) AS sampled;
      END IF;
      properties := known * found / greatest(1, scanned);
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- The side a Guest (or Property) sort orders by, ranked in that order: the ids by name then id, and each
-- one's name rank (equal names share one), from one sort (the aggregates read the sorted rows in turn).
-- The page then reads their bookings rank by rank as far as it reaches (bookings.repository.ts
-- `sidesPage`) instead of reading every match again to sort them (26 of 45 ms for "mohamed").
CREATE OR REPLACE FUNCTION booking_search_side_ranked(by_guest boolean, pattern text, min_length integer, row_limit integer,
  OUT ids integer[], OUT ranks integer[])
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET jit = off AS $$
BEGIN
  IF by_guest THEN
    SELECT coalesce(array_agg(ranked.id), '{}'), coalesce(array_agg(ranked.rank), '{}')
    INTO ids, ranks
    FROM (SELECT found.id, dense_rank() OVER (ORDER BY NULLIF(found.name, '')) AS rank FROM (
        SELECT guest.id, guest.name FROM users AS guest
        WHERE (char_length(guest.name) >= min_length AND guest.name ILIKE pattern)
           OR (char_length(guest.email) >= min_length AND guest.email ILIKE pattern)
        LIMIT row_limit) AS found
      ORDER BY NULLIF(found.name, ''), found.id) AS ranked;
    RETURN;
  END IF;
  SELECT coalesce(array_agg(ranked.id), '{}'), coalesce(array_agg(ranked.rank), '{}')
  INTO ids, ranks
  FROM (SELECT found.id, dense_rank() OVER (ORDER BY NULLIF(found.title, '')) AS rank FROM (
      SELECT property.id, property.title FROM properties AS property
      WHERE (char_length(property.title) >= min_length AND property.title ILIKE pattern)
         OR (char_length(property.address) >= min_length AND property.address ILIKE pattern)
      LIMIT row_limit) AS found
    ORDER BY NULLIF(found.title, ''), found.id) AS ranked;
END
$$;
