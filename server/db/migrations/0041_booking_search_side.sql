-- Issue 48: a bookings search's guests or properties alone, looked up in the trigram
-- indexes, up to `row_limit`: the side a Guest or Property sort orders by is walked in its own order.
CREATE OR REPLACE FUNCTION booking_search_side(by_guest boolean, pattern text, min_length integer, row_limit integer)
RETURNS integer[]
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET jit = off AS $$
BEGIN
  IF by_guest THEN
    RETURN ARRAY(
      SELECT guest.id FROM users AS guest
      WHERE (char_length(guest.name) >= min_length AND guest.name ILIKE pattern)
         OR (char_length(guest.email) >= min_length AND guest.email ILIKE pattern)
      LIMIT row_limit);
  END IF;
  RETURN ARRAY(
    SELECT property.id FROM properties AS property
    WHERE (char_length(property.title) >= min_length AND property.title ILIKE pattern)
       OR (char_length(property.address) >= min_length AND property.address ILIKE pattern)
    LIMIT row_limit);
END
$$;
