// Rows for API tests, inserted straight into the test database. Every field has a plain default
// that a test overrides with what it is about.
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../server/db/client';
import { bookings, feedbacks, hostVerifications, properties, propertyImages, users } from '../../../server/db/schema';

type NewUser = typeof users.$inferInsert;
type NewProperty = typeof properties.$inferInsert;
type NewBooking = typeof bookings.$inferInsert;
type NewFeedback = typeof feedbacks.$inferInsert;

let sequence = 0;
const next = () => (sequence += 1);

export async function insertHost(handle: DatabaseHandle, values: Partial<NewUser> = {}) {
  const n = next();
  const [row] = await handle.db
    .insert(users)
    .values({
      isHost: true,
      name: `Host ${n}`,
      email: `host${n}@hoy.test`,
      phoneCountryCode: '+252',
      phone: `61000${n}`,
      propertyAddress: `${n} Maka Al Mukarama Road, Mogadishu`,
      country: 'Somalia',
      statusHost: 'Pending',
      ...values,
    })
    .returning();
  return row;
}

export async function insertGuest(handle: DatabaseHandle, values: Partial<NewUser> = {}) {
  const n = next();
  const [row] = await handle.db
    .insert(users)
    .values({ isHost: false, name: `Guest ${n}`, email: `guest${n}@hoy.test`, country: 'Kenya', ...values })
    .returning();
  return row;
}

export async function insertVerification(handle: DatabaseHandle, userId: number) {
  const [row] = await handle.db
    .insert(hostVerifications)
    .values({ userId, idType: 'Passport', country: 'Somalia', idDocumentUrl: '/demo/id-passport.svg' })
    .returning();
  return row;
}

/** Inserts a property with five images and keeps the host's property count true. */
export async function insertProperty(handle: DatabaseHandle, hostId: number, values: Partial<NewProperty> = {}) {
  const n = next();
  const [row] = await handle.db
    .insert(properties)
    .values({
      hostId,
      title: `Sea view apartment ${n}`,
      description: 'Bright rooms close to the beach.',
      address: `${n} Lido Beach Road`,
      city: 'Mogadishu',
      country: 'Somalia',
      pricePerNight: 45,
      propertyType: 'Apartment',
      placeType: 'Entire place',
      latitude: 2.0469,
      longitude: 45.3182,
      ...values,
    })
    .returning();
  await handle.db
    .insert(propertyImages)
    .values([0, 1, 2, 3, 4].map((position) => ({ propertyId: row.id, url: `/demo/property-${position + 1}.svg`, position })));
  await handle.db
    .update(users)
    .set({ numberOfProperties: sql`${users.numberOfProperties} + 1` })
    .where(eq(users.id, hostId));
  return row;
}

export async function insertBooking(handle: DatabaseHandle, values: Partial<NewBooking> = {}) {
  const [row] = await handle.db
    .insert(bookings)
    .values({
      status: 'confirmed',
      checkInDate: '2025-01-05',
      checkOutDate: '2025-01-08',
      total: 135,
      adultCount: 2,
      childrenCount: 1,
      ...values,
    })
    .returning();
  return row;
}

export async function insertFeedback(handle: DatabaseHandle, values: Partial<NewFeedback> = {}) {
  const [row] = await handle.db
    .insert(feedbacks)
    .values({ rating: 5, comments: 'Lovely stay.', ...values })
    .returning();
  return row;
}
