-- Issue 48: an empty booking_names (a fresh volume seed, after TRUNCATE bookings) is filled by one
-- plain insert, not an upsert that probes for each booking a row that cannot be there. At 1,000,000
-- bookings the upsert took 75 s of the seed's 208; the volume seed fills the table with its secondary
-- indexes dropped and builds them once after (server/db/seed/volume.ts).
CREATE OR REPLACE FUNCTION resync_booking_names() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM booking_names) THEN
    INSERT INTO booking_names (booking_id, status, guest_name, property_title)
    SELECT booking.id, booking.status, NULLIF(guest.name, ''), NULLIF(property.title, '')
    FROM bookings AS booking
    LEFT JOIN users AS guest ON guest.id = booking.guest_id
    LEFT JOIN properties AS property ON property.id = booking.property_id;
    RETURN;
  END IF;
  DELETE FROM booking_names AS named WHERE NOT EXISTS (SELECT 1 FROM bookings AS booking WHERE booking.id = named.booking_id);
  INSERT INTO booking_names AS named (booking_id, status, guest_name, property_title)
  SELECT booking.id, booking.status, NULLIF(guest.name, ''), NULLIF(property.title, '')
  FROM bookings AS booking
  LEFT JOIN users AS guest ON guest.id = booking.guest_id
  LEFT JOIN properties AS property ON property.id = booking.property_id
  ON CONFLICT (booking_id) DO UPDATE
  SET status = excluded.status, guest_name = excluded.guest_name, property_title = excluded.property_title
  WHERE (named.status, named.guest_name, named.property_title) IS DISTINCT FROM (excluded.status, excluded.guest_name, excluded.property_title);
END
$$;
