// The people around a test file's bookings: the test administrator's id, a guest, a host's property,
// and a signed-in member of each other role. Registers a beforeAll, after the app's own.
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { Role } from '../../../src/contracts/roles';
import { administrators } from '../../../server/db/schema';
import { TEST_ADMIN_EMAIL, type SignedInApp } from './app';
import { insertGuest, insertHost, insertProperty } from './fixtures';
import { createStaff, loginAs } from './staff';

type OtherRole = Exclude<Role, 'administrator'>;

export interface BookingParties {
  administratorId: number;
  guestId: number;
  propertyId: number;
  /** A signed-in session of each role but the administrator's (whose is the app's `token`). */
  tokens: Record<OtherRole, string>;
}

/** `names.tag` keeps the members' e-mails apart from other files' (`support-<tag>@hoy.test`). */
export function bookingParties(t: SignedInApp, names: { guest: string; host: string; property: string; tag: string }): BookingParties {
  const parties: BookingParties = { administratorId: 0, guestId: 0, propertyId: 0, tokens: { moderator: '', support: '', viewer: '' } };
  beforeAll(async () => {
    [{ id: parties.administratorId }] = await t.handle.db
      .select({ id: administrators.id })
      .from(administrators)
      .where(eq(administrators.email, TEST_ADMIN_EMAIL));
    parties.guestId = (await insertGuest(t.handle, { name: names.guest })).id;
    const host = await insertHost(t.handle, { name: names.host });
    parties.propertyId = (await insertProperty(t.handle, host.id, { title: names.property })).id;
    for (const role of ['moderator', 'support', 'viewer'] as const) {
      const member = await createStaff(t, t.token, role, `${role}-${names.tag}@hoy.test`);
      parties.tokens[role] = await loginAs(t, member.email);
    }
  });
  return parties;
}
