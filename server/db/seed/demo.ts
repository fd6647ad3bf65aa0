// The demo data set seeded on first start: small, realistic and identical on every run.
// It covers every screen of docs/product.md and fills several pages of every admin list.
import { inArray, sql } from 'drizzle-orm';
import type { Role } from '../../../src/contracts/roles';
import type { DatabaseHandle, Transaction } from '../client';
import * as schema from '../schema';
import {
  DEFAULT_REFERENCE_DATE,
  DEFAULT_SEED,
  makeBooking,
  makeFeedback,
  makePromos,
  makeProperty,
  makeSubmission,
  makeSubscriber,
  makeUser,
  makeVerification,
  pickCity,
  type BookingRow,
  type PropertyRow,
  type UserRow,
} from './factories';
import { seedOfName, type DemoSeed } from './list-demo';
import { CITIES, MESSAGE_FROM_ADMIN, MESSAGE_FROM_USER, demoPropertyImageUrl } from './names';
import { Random, addDays, mixSeed } from './random';
import { countRows, hasUsers, type SeedSummary } from './tables';

export type { SeedSummary } from './tables';

interface DemoOptions {
  seed?: number;
  /** The "today" the data is generated around; fixed by default so every run writes the same rows. */
  referenceDate?: Date;
}

const DEMO_SIZES = {
  hosts: 60,
  guests: 80,
  properties: 120,
  bookings: 400,
  feedbacks: 60,
  conversations: 8,
  submissions: 30,
  subscribers: 40,
  onlineUsers: 6,
  onlineChatPartners: 3,
};

const MINUTE_MS = 60_000;

/**
 * The demo's staff, one per role (docs/decisions/018-staff-roles.md), who decided the demo's records
 * and answered its chats, so Activity and the chats name who did what. None can sign in until an
 * administrator sets a password (Staff, "Reset password") or `npm run admin -- set-password EMAIL`.
 */
export const DEMO_STAFF: readonly { name: string; email: string; role: Role }[] = [
  { name: 'Hodan Warsame', email: 'hodan.warsame@example.com', role: 'administrator' },
  { name: 'Abdirahman Farah', email: 'abdirahman.farah@example.com', role: 'moderator' },
  { name: 'Sahra Mohamed', email: 'sahra.mohamed@example.com', role: 'support' },
  { name: 'Yusuf Ali', email: 'yusuf.ali@example.com', role: 'viewer' },
];

/**
 * A stored password that no password matches: scrypt's form (server/modules/auth/password.ts) with a
 * one-byte key where every real key has 64. A sign-in still derives a whole key from it, brought up to
 * today's cost like any other check, and is refused as a wrong password is, in the same time.
 */
export const UNUSABLE_PASSWORD_HASH = `scrypt$1024$8$1$${Buffer.from('hoy demo staff..').toString('base64')}$AA==`;

/** The demo staff joined before anything they decided: properties go back two years. */
const STAFF_JOINED_DAYS_AGO = 800;

interface DemoStaff {
  administrator: number;
  moderator: number;
  support: number;
}

interface DemoContext {
  random: Random;
  reference: Date;
  /** The seed the demo's numbers come from. */
  seed: number;
}

/** Fills an empty database with the demo data set; does nothing when `users` already has rows. */
export async function seedDemo(handle: DatabaseHandle, options: DemoOptions = {}): Promise<SeedSummary> {
  const startedAt = Date.now();
  if (await hasUsers(handle)) {
    return {
      isSkipped: true,
      reason: 'the users table is not empty; demo data is only seeded into an empty database',
      counts: await countRows(handle),
      elapsedMs: Date.now() - startedAt,
    };
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const context: DemoContext = {
    random: new Random(mixSeed(seed, 1)),
    reference: options.referenceDate ?? DEFAULT_REFERENCE_DATE,
    seed,
  };
  await handle.db.transaction((transaction) => insertDemoData(transaction, context));
  return { isSkipped: false, counts: await countRows(handle), elapsedMs: Date.now() - startedAt };
}

async function insertDemoData(transaction: Transaction, context: DemoContext): Promise<void> {
  const { random, reference } = context;
  const hosts = range(DEMO_SIZES.hosts).map((index) => makeUser(random, { isHost: true, serial: index + 1, reference }));
  const guests = range(DEMO_SIZES.guests).map((index) => makeUser(random, { isHost: false, serial: 500 + index, reference }));
  const ownerIndexes = range(DEMO_SIZES.properties).map(() => random.int(0, hosts.length - 1));
  const properties = ownerIndexes.map(() => makeProperty(random, { hostId: 0, city: pickCity(random), reference }));
  attachPropertiesToHosts(hosts, properties, ownerIndexes);
  const chatPartners = pickChatPartners(context, hosts.length, guests.length);
  markOnline(context, [...hosts, ...guests]);
  markChatPartnersOnline(context, chatPartners, hosts, guests);

  const staff = await insertStaff(transaction, context);
  const hostIds = await insertUsers(transaction, hosts);
  const guestIds = await insertUsers(transaction, guests);
  await insertVerifications(transaction, context, hosts, hostIds);
  const ownedProperties = properties.map((property, index) => ({ ...property, hostId: hostIds[ownerIndexes[index] as number] as number }));
  const propertyIds = await insertProperties(transaction, ownedProperties);
  await insertImages(transaction, context, propertyIds);
  await insertBookings(transaction, context, guestIds, propertyIds, properties);
  await insertFeedbacks(transaction, context, [...guestIds, ...hostIds]);
  await transaction.insert(schema.promos).values(makePromos(reference)).onConflictDoNothing();
  await insertConversations(transaction, context, staff, chatPartners, {
    hostIds,
    guestIds,
    hosts,
    guests,
    ownerIndexes,
    propertyIds,
    propertyTitles: properties.map((property) => property.title),
  });
  await insertLandingData(transaction, context);
  await insertDecisions(transaction, context, staff, { hosts, hostIds, properties, propertyIds });
  await insertListDemos(transaction, context, { guestIds, hostIds, propertyIds });
}

/** The rows of each list whose module brings a demo (server/db/seed/list-demo.ts), each with numbers of its own. */
async function insertListDemos(transaction: Transaction, context: DemoContext, records: Pick<DemoSeed, 'guestIds' | 'hostIds' | 'propertyIds'>) {
  const { ADMIN_LISTS } = await import('../../lists');
  for (const { definition, demo } of ADMIN_LISTS) {
    if (!demo) continue;
    await demo(transaction, { ...records, reference: context.reference, random: new Random(mixSeed(context.seed, seedOfName(definition.name))) });
  }
}

/**
 * DEMO_STAFF, unless an account with one of their e-mails is there already (ADMIN_EMAIL may be one),
 * and the administrator's adding the other three to Activity. Answers who decides and answers chats.
 */
async function insertStaff(transaction: Transaction, context: DemoContext): Promise<DemoStaff> {
  const joined = addDays(context.reference, -STAFF_JOINED_DAYS_AGO);
  await transaction
    .insert(schema.administrators)
    .values(DEMO_STAFF.map((member) => ({ ...member, passwordHash: UNUSABLE_PASSWORD_HASH, passwordChangedAt: joined, createdAt: joined, updatedAt: joined })))
    .onConflictDoNothing();
  const rows = await transaction
    .select({ id: schema.administrators.id, email: schema.administrators.email, name: schema.administrators.name, role: schema.administrators.role })
    .from(schema.administrators)
    .where(
      inArray(
        sql`lower(${schema.administrators.email})`,
        DEMO_STAFF.map((member) => member.email),
      ),
    );
  const idOf = (role: Role) => {
    const email = DEMO_STAFF.find((member) => member.role === role)?.email;
    return rows.find((row) => row.email.toLowerCase() === email)?.id as number;
  };
  const staff = { administrator: idOf('administrator'), moderator: idOf('moderator'), support: idOf('support') };
  await transaction.insert(schema.auditEvents).values(
    rows
      .filter((row) => row.id !== staff.administrator)
      .sort((first, second) => first.id - second.id)
      .map((row, index) => ({
        administratorId: staff.administrator,
        action: 'staff.create',
        entityType: 'staff',
        entityId: row.id,
        after: { name: row.name, email: row.email, role: row.role },
        createdAt: new Date(joined.getTime() + (index + 1) * HOUR_MS),
      })),
  );
  return staff;
}

const HOUR_MS = 3_600_000;
const DECIDED_LISTINGS: Partial<Record<string, 'approve' | 'decline'>> = { Approved: 'approve', Declined: 'decline', Rejected: 'decline' };
const DECIDED_PROPERTIES: Partial<Record<string, 'approve' | 'decline'>> = { confirmed: 'approve', declined: 'decline' };

/**
 * The audit trail behind the demo's decided records, so the dashboard's time to a decision and
 * verification backlog have data (decision 028): each decided listing, property and approved host
 * was decided hours to days after it was submitted, by the demo's moderator or, one in three, its
 * administrator (the two roles that decide).
 */
async function insertDecisions(
  transaction: Transaction,
  context: DemoContext,
  staff: DemoStaff,
  records: { hosts: UserRow[]; hostIds: number[]; properties: PropertyRow[]; propertyIds: number[] },
): Promise<void> {
  const { random, reference } = context;
  const decidedAfter = (submitted: Date) => new Date(Math.min(reference.getTime(), submitted.getTime() + (1 + 120 * random.next() ** 3) * HOUR_MS));
  const entries: (typeof schema.auditEvents.$inferInsert)[] = [];
  const decider = (index: number) => (index % 3 === 0 ? staff.administrator : staff.moderator);
  records.properties.forEach((property, index) => {
    const entityId = records.propertyIds[index] as number;
    const administratorId = decider(index);
    const listing = DECIDED_LISTINGS[property.listingStatus];
    if (listing) entries.push({ administratorId, action: `listing.${listing}`, entityType: 'listing', entityId, createdAt: decidedAfter(property.createdAt) });
    const approval = DECIDED_PROPERTIES[property.approvalStatus];
    if (approval)
      entries.push({ administratorId, action: `property.${approval}`, entityType: 'property', entityId, createdAt: decidedAfter(property.createdAt) });
  });
  records.hosts.forEach((host, index) => {
    if (host.statusHost !== 'Confirmed') return;
    entries.push({
      administratorId: decider(index),
      action: 'host.approve',
      entityType: 'host',
      entityId: records.hostIds[index] as number,
      createdAt: decidedAfter(addDays(host.createdAt, 5)),
    });
  });
  // The trail is append-only: its ids follow time.
  entries.sort((first, second) => (first.createdAt as Date).getTime() - (second.createdAt as Date).getTime());
  await transaction.insert(schema.auditEvents).values(entries);
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

/** Keeps each host's number_of_properties and property address true to the generated properties. */
function attachPropertiesToHosts(hosts: UserRow[], properties: PropertyRow[], ownerIndexes: number[]): void {
  ownerIndexes.forEach((hostIndex, propertyIndex) => {
    const host = hosts[hostIndex] as UserRow;
    const property = properties[propertyIndex] as PropertyRow;
    if (host.numberOfProperties === 0) {
      const city = CITIES.find((candidate) => candidate.name === property.city);
      host.propertyAddress = property.address;
      host.country = property.country;
      host.phoneCountryCode = city?.phoneCountryCode ?? host.phoneCountryCode;
    }
    host.numberOfProperties += 1;
  });
}

interface ChatPartner {
  isHost: boolean;
  userIndex: number;
}

/** Who each sample chat is with: hosts and guests in turn. */
function pickChatPartners(context: DemoContext, hostCount: number, guestCount: number): ChatPartner[] {
  return range(DEMO_SIZES.conversations).map((index) => {
    const isHost = index % 2 === 0;
    return { isHost, userIndex: context.random.int(0, (isHost ? hostCount : guestCount) - 1) };
  });
}

/** The chat screen shows an online indicator: make the first few chat partners online. */
function markChatPartnersOnline(context: DemoContext, partners: ChatPartner[], hosts: UserRow[], guests: UserRow[]): void {
  for (const partner of partners.slice(0, DEMO_SIZES.onlineChatPartners)) {
    const user = (partner.isHost ? hosts : guests)[partner.userIndex] as UserRow;
    user.lastSeenAt = new Date(context.reference.getTime() - context.random.int(0, 4) * MINUTE_MS);
  }
}

/** A few users seen minutes before the reference time, so the chat screen shows someone online. */
function markOnline(context: DemoContext, users: UserRow[]): void {
  for (let count = 0; count < DEMO_SIZES.onlineUsers; count += 1) {
    const user = context.random.pick(users);
    user.lastSeenAt = new Date(context.reference.getTime() - context.random.int(0, 4) * MINUTE_MS);
  }
}

function idsOf(rows: { id: number }[]): number[] {
  return rows.map((row) => row.id);
}

async function insertUsers(transaction: Transaction, users: UserRow[]): Promise<number[]> {
  return idsOf(await transaction.insert(schema.users).values(users).returning({ id: schema.users.id }));
}

async function insertProperties(transaction: Transaction, properties: PropertyRow[]): Promise<number[]> {
  return idsOf(await transaction.insert(schema.properties).values(properties).returning({ id: schema.properties.id }));
}

/** Most hosts have submitted an ID; every confirmed host has. */
async function insertVerifications(transaction: Transaction, context: DemoContext, hosts: UserRow[], hostIds: number[]): Promise<void> {
  const rows = hosts.flatMap((host, index) => {
    const hasVerification = host.statusHost === 'Confirmed' || context.random.chance(0.75);
    return hasVerification ? [makeVerification(context.random, hostIds[index] as number, host)] : [];
  });
  await transaction.insert(schema.hostVerifications).values(rows);
}

/** 5 to 7 distinct demo photos per property: the gallery shows five and an overlay tile. */
async function insertImages(transaction: Transaction, context: DemoContext, propertyIds: number[]): Promise<void> {
  const rows = propertyIds.flatMap((propertyId) => {
    const first = context.random.int(0, 11);
    return range(context.random.int(5, 7)).map((position) => ({
      propertyId,
      url: demoPropertyImageUrl(first + position),
      position,
    }));
  });
  await transaction.insert(schema.propertyImages).values(rows);
}

async function insertBookings(
  transaction: Transaction,
  context: DemoContext,
  guestIds: number[],
  propertyIds: number[],
  properties: PropertyRow[],
): Promise<void> {
  const { random, reference } = context;
  const rows: BookingRow[] = range(DEMO_SIZES.bookings).map(() => {
    const propertyIndex = random.int(0, propertyIds.length - 1);
    // A few rows lost their guest or property, as deleted accounts leave behind ("Unknown User").
    const guestId = random.chance(0.03) ? null : random.pick(guestIds);
    const propertyId = random.chance(0.03) ? null : (propertyIds[propertyIndex] as number);
    const pricePerNight = (properties[propertyIndex] as PropertyRow).pricePerNight;
    return makeBooking(random, { guestId, propertyId, pricePerNight, reference });
  });
  await transaction.insert(schema.bookings).values(rows);
}

async function insertFeedbacks(transaction: Transaction, context: DemoContext, userIds: number[]): Promise<void> {
  const { random, reference } = context;
  const rows = range(DEMO_SIZES.feedbacks).map(() => makeFeedback(random, { userId: random.chance(0.05) ? null : random.pick(userIds), reference }));
  await transaction.insert(schema.feedbacks).values(rows);
}

interface ConversationPeople {
  hostIds: number[];
  guestIds: number[];
  hosts: UserRow[];
  guests: UserRow[];
  ownerIndexes: number[];
  propertyIds: number[];
  propertyTitles: string[];
}

interface DemoMessage {
  isFromAdmin: boolean;
  body: string;
  readAt: Date | null;
  createdAt: Date;
}

/** Sample chats, answered by the support member or the administrator in turn; half end with unread messages from the user, the counter kept equal to them. */
async function insertConversations(
  transaction: Transaction,
  context: DemoContext,
  staff: DemoStaff,
  partners: ChatPartner[],
  people: ConversationPeople,
): Promise<void> {
  for (const [index, { isHost, userIndex }] of partners.entries()) {
    const user = (isHost ? people.hosts : people.guests)[userIndex] as UserRow;
    const userId = (isHost ? people.hostIds : people.guestIds)[userIndex] as number;
    const messages = makeMessages(context, index, index < DEMO_SIZES.conversations / 2);
    const last = messages[messages.length - 1] as DemoMessage;
    // A conversation is about a listing: the host's own, or the one a guest asks about.
    const propertyIndex = isHost ? findPropertyIndexOf(people, userIndex) : index % people.propertyIds.length;
    const [conversation] = await transaction
      .insert(schema.conversations)
      .values({
        userId,
        propertyId: propertyIndex === null ? null : (people.propertyIds[propertyIndex] as number),
        title: propertyIndex === null ? user.name : (people.propertyTitles[propertyIndex] as string),
        isDeclined: index === 5 || index === 7,
        unreadCount: messages.filter((message) => !message.isFromAdmin && message.readAt === null).length,
        lastMessageText: last.body,
        lastMessageAt: last.createdAt,
        createdAt: (messages[0] as DemoMessage).createdAt,
      })
      .returning({ id: schema.conversations.id });
    const conversationId = (conversation as { id: number }).id;
    const answeredBy = index % 2 === 0 ? staff.support : staff.administrator;
    await transaction
      .insert(schema.messages)
      .values(messages.map((message) => ({ ...message, conversationId, administratorId: message.isFromAdmin ? answeredBy : null })));
  }
}

function findPropertyIndexOf(people: ConversationPeople, hostIndex: number): number | null {
  const propertyIndex = people.ownerIndexes.indexOf(hostIndex);
  return propertyIndex === -1 ? null : propertyIndex;
}

/** 3 to 10 messages a few minutes apart, starting with the user; unread ones are the trailing user messages. */
function makeMessages(context: DemoContext, conversationIndex: number, hasUnread: boolean): DemoMessage[] {
  const { random, reference } = context;
  const count = random.int(3, 10);
  let time = addDays(reference, -random.int(0, 20) - conversationIndex).getTime() - random.int(60, 600) * MINUTE_MS;
  const messages = range(count).map((position) => {
    const isFromAdmin = position % 2 === 1 && !(hasUnread && position === count - 1);
    time += random.int(1, 45) * MINUTE_MS;
    const createdAt = new Date(time);
    return {
      isFromAdmin,
      body: random.pick(isFromAdmin ? MESSAGE_FROM_ADMIN : MESSAGE_FROM_USER),
      readAt: createdAt,
      createdAt,
    };
  });
  if (hasUnread) markTrailingIncomingUnread(messages);
  return messages;
}

function markTrailingIncomingUnread(messages: DemoMessage[]): void {
  for (let position = messages.length - 1; position >= 0; position -= 1) {
    const message = messages[position] as DemoMessage;
    if (message.isFromAdmin) return;
    message.readAt = null;
  }
}

async function insertLandingData(transaction: Transaction, context: DemoContext): Promise<void> {
  const { random, reference } = context;
  const submissions = range(DEMO_SIZES.submissions).map((index) => makeSubmission(random, { serial: 900 + index, reference }));
  const subscribers = range(DEMO_SIZES.subscribers).map((index) => makeSubscriber(random, { serial: 1_000 + index, reference }));
  await transaction.insert(schema.hostInterestSubmissions).values(submissions);
  await transaction.insert(schema.emailSubscribers).values(subscribers).onConflictDoNothing();
}
