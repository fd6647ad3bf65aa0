// The benchmark data set: many realistic rows, generated as a stream from a fixed seed and loaded
// with COPY in one transaction. It needs an empty database, or `reset` to empty it first.
import type { DatabaseHandle } from '../client';
import type { AuditEntityType } from '../../../src/contracts/statuses';
import { dropDeferrableConstraints, openBulkLoader, resetSequences, restoreDeferredConstraints, toCopyLine, type BulkLoader } from './bulk-load';
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
  type UserRow,
} from './factories';
import { AUDIT_DECLINE_REASONS, CITIES, demoPropertyImageUrl, type City } from './names';
import { Random, mixSeed } from './random';
import { SubmissionTimeline, decisionWaitMs, replyWaitMs } from './timelines';
import { SEEDED_TABLES, countRows, type SeedSummary } from './tables';

interface VolumeOptions {
  hosts: number;
  bookings: number;
  /** Guests (users who are not hosts); default: twice the hosts. */
  guests?: number;
  /** Audit entries (Activity); default: as many as bookings. */
  audit?: number;
  seed?: number;
  /** Empty the generated tables first (administrators are kept). */
  reset?: boolean;
  referenceDate?: Date;
  /** Receives one line per step: progress and timings. */
  log?: (line: string) => void;
}

export class NonEmptyDatabaseError extends Error {
  override name = 'NonEmptyDatabaseError';
}

/** Derived sizes: guests twice the hosts unless given, 1.5 properties per host on average, feedback a tenth of bookings. */
interface VolumePlan {
  hosts: number;
  guests: number;
  bookings: number;
  audit: number;
  feedbacks: number;
  conversations: number;
  submissions: number;
  subscribers: number;
  imagesPerProperty: number;
}

const IMAGES_PER_PROPERTY = 5;
/** Memory each index build of the load may sort in. */
const MAINTENANCE_MEMORY = '1GB';

/** Weights of a host's number of properties (0 to 3): a mean of 1.5. */
const PROPERTY_COUNT_WEIGHTS = { '0': 15, '1': 35, '2': 35, '3': 15 } as const;

/** Distinct streams per table, so changing one table's generator leaves the others unchanged. */
const STREAM = {
  plan: 1,
  host: 2,
  guest: 3,
  verification: 4,
  property: 5,
  image: 6,
  booking: 7,
  feedback: 8,
  submission: 9,
  subscriber: 10,
  audit: 11,
  conversation: 12,
} as const;

/** Tables loaded by COPY with explicit ids (host_verifications is keyed by user). */
const TABLES_WITH_IDS = [
  'users',
  'properties',
  'property_images',
  'bookings',
  'feedbacks',
  'host_interest_submissions',
  'email_subscribers',
  'audit_events',
  'conversations',
  'messages',
] as const;
const LOADED_TABLES = [...TABLES_WITH_IDS, 'host_verifications'] as const;

function planVolume(hosts: number, bookings: number, guests = hosts * 2, audit = bookings): VolumePlan {
  return {
    hosts,
    guests,
    bookings,
    audit,
    feedbacks: Math.floor(bookings / 10),
    conversations: clamp(Math.floor(hosts / 5), 8, 50_000),
    submissions: clamp(Math.floor(hosts / 25), 30, 4_000),
    subscribers: clamp(Math.floor(hosts / 20), 40, 5_000),
    imagesPerProperty: IMAGES_PER_PROPERTY,
  };
}

function clamp(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, value));
}

/** What each host owns, decided before any row is written so number_of_properties is exact. */
interface HostLayout {
  propertyCounts: Uint8Array;
  cityIndexes: Uint8Array;
  propertyTotal: number;
}

interface VolumeContext {
  seed: number;
  reference: Date;
  plan: VolumePlan;
  layout: HostLayout;
  /** Price per night by property id, so bookings can be priced without re-reading properties. */
  prices: Uint16Array;
  /** When each property (by id) and each host's verification (by host id) was submitted, for the audit trail's decisions. */
  propertySubmittedAt: Float64Array;
  hostVerifiedAt: Float64Array;
  /** The administrators at seed time, who the audit entries name (none: entries name nobody). */
  administratorIds: number[];
  log: (line: string) => void;
}

export async function seedVolume(handle: DatabaseHandle, options: VolumeOptions): Promise<SeedSummary> {
  const startedAt = Date.now();
  const log = options.log ?? (() => {});
  assertPositiveInteger('hosts', options.hosts);
  assertPositiveInteger('bookings', options.bookings);
  if (options.guests !== undefined) assertPositiveInteger('guests', options.guests);
  if (options.audit !== undefined && (!Number.isSafeInteger(options.audit) || options.audit < 0)) {
    throw new RangeError(`audit must be a whole number, got ${options.audit}`);
  }
  if (!options.reset) await assertEmpty(handle);
  const seed = options.seed ?? DEFAULT_SEED;
  const plan = planVolume(options.hosts, options.bookings, options.guests, options.audit);
  const layout = planHosts(seed, plan.hosts);
  const context: VolumeContext = {
    seed,
    reference: options.referenceDate ?? DEFAULT_REFERENCE_DATE,
    plan,
    layout,
    prices: new Uint16Array(layout.propertyTotal + 1),
    propertySubmittedAt: new Float64Array(layout.propertyTotal + 1),
    hostVerifiedAt: new Float64Array(plan.hosts + 1),
    administratorIds: [],
    log,
  };
  const loader = await openBulkLoader(handle);
  try {
    const administrators = await loader.execute<{ id: number }>('SELECT id FROM administrators ORDER BY id');
    context.administratorIds = administrators.map((row) => Number(row.id));
    await loadInTransaction(loader, context, Boolean(options.reset));
  } finally {
    await loader.release();
  }
  await timed(log, 'vacuum analyze', () => handle.vacuumAnalyze());
  const counts = await countRows(handle);
  return { isSkipped: false, counts, elapsedMs: Date.now() - startedAt };
}

/** Ids are written explicitly, so every generated table must start empty (promos excepted: kept if present). */
async function assertEmpty(handle: DatabaseHandle): Promise<void> {
  const counts = await countRows(handle);
  const filled = SEEDED_TABLES.filter((table) => table !== 'promos' && counts[table] > 0);
  if (filled.length > 0) {
    throw new NonEmptyDatabaseError(`The database already holds data (${filled.join(', ')}); run with --reset to replace it with volume data.`);
  }
}

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

function planHosts(seed: number, hosts: number): HostLayout {
  const random = new Random(mixSeed(seed, STREAM.plan));
  const propertyCounts = new Uint8Array(hosts);
  const cityIndexes = new Uint8Array(hosts);
  let propertyTotal = 0;
  for (let index = 0; index < hosts; index += 1) {
    const count = Number(random.weighted(PROPERTY_COUNT_WEIGHTS));
    propertyCounts[index] = count;
    cityIndexes[index] = CITIES.indexOf(pickCity(random));
    propertyTotal += count;
  }
  return { propertyCounts, cityIndexes, propertyTotal };
}

async function loadInTransaction(loader: BulkLoader, context: VolumeContext, isReset: boolean): Promise<void> {
  const { log } = context;
  await loader.execute('BEGIN');
  try {
    if (isReset) {
      await timed(log, 'reset', () => loader.execute(`TRUNCATE ${SEEDED_TABLES.join(', ')} RESTART IDENTITY CASCADE`));
    }
    // Index builds sort in memory rather than in files (at 1,000,000 bookings a (status, date, id)
    // index took 3.6 s with 1 GB against 5.2 s with the default 64 MB).
    await loader.execute(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_MEMORY}'`);
    const deferred = await dropDeferrableConstraints(loader, LOADED_TABLES);
    // The sorts' copy of the names is filled by the recount below, in one insert into a table whose
    // only index is its key; its sort indexes are built once after (migration 0043).
    const deferredNames = await dropDeferrableConstraints(loader, ['booking_names']);
    // Row by row counting would slow COPY down; the counters are recounted once instead, below.
    await loader.execute('SELECT set_list_counter_triggers(false)');
    // Nor is a million rows news to a live stream (decision 026).
    await loader.execute('SELECT set_live_change_triggers(false)');
    await copyAllTables(loader, context);
    await insertPromos(loader, context.reference);
    await timed(log, `rebuild ${deferred.indexes.length} indexes and ${deferred.foreignKeys.length} foreign keys`, () =>
      restoreDeferredConstraints(loader, deferred),
    );
    await resetSequences(loader, TABLES_WITH_IDS);
    await loader.execute('SELECT set_list_counter_triggers(true)');
    await loader.execute('SELECT set_live_change_triggers(true)');
    await timed(log, 'recount list counters and copy the names the sorts read', () => loader.execute('SELECT rebuild_list_counters()'));
    await timed(log, `build ${deferredNames.indexes.length} indexes of the names`, () => restoreDeferredConstraints(loader, deferredNames));
    await timed(log, 'commit', () => loader.execute('COMMIT'));
  } catch (error) {
    await loader.execute('ROLLBACK');
    throw error;
  }
}

async function timed<Result>(log: (line: string) => void, label: string, action: () => Promise<Result>): Promise<Result> {
  const startedAt = Date.now();
  const result = await action();
  log(`${label}: ${formatSeconds(Date.now() - startedAt)}`);
  return result;
}

function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

interface TableLoad {
  table: string;
  columns: readonly string[];
  rows: number;
  lines: () => Iterable<string>;
}

async function copyAllTables(loader: BulkLoader, context: VolumeContext): Promise<void> {
  const { plan, layout } = context;
  const loads: TableLoad[] = [
    { table: 'users', columns: USER_COLUMNS, rows: plan.hosts + plan.guests, lines: () => userLines(context) },
    { table: 'host_verifications', columns: VERIFICATION_COLUMNS, rows: plan.hosts, lines: () => verificationLines(context) },
    { table: 'properties', columns: PROPERTY_COLUMNS, rows: layout.propertyTotal, lines: () => propertyLines(context) },
    {
      table: 'property_images',
      columns: IMAGE_COLUMNS,
      rows: layout.propertyTotal * plan.imagesPerProperty,
      lines: () => imageLines(context),
    },
    { table: 'bookings', columns: BOOKING_COLUMNS, rows: plan.bookings, lines: () => bookingLines(context) },
    { table: 'feedbacks', columns: FEEDBACK_COLUMNS, rows: plan.feedbacks, lines: () => feedbackLines(context) },
    { table: 'host_interest_submissions', columns: SUBMISSION_COLUMNS, rows: plan.submissions, lines: () => submissionLines(context) },
    { table: 'email_subscribers', columns: SUBSCRIBER_COLUMNS, rows: plan.subscribers, lines: () => subscriberLines(context) },
    { table: 'audit_events', columns: AUDIT_COLUMNS, rows: plan.audit, lines: () => auditLines(context) },
    { table: 'conversations', columns: CONVERSATION_COLUMNS, rows: plan.conversations, lines: () => conversationLines(context) },
    { table: 'messages', columns: MESSAGE_COLUMNS, rows: plan.conversations * 4, lines: () => messageLines(context) },
  ];
  for (const load of loads) {
    await timed(context.log, `copy ${load.table} (about ${load.rows.toLocaleString('en-US')} rows)`, () => loader.copy(load.table, load.columns, load.lines()));
  }
}

const USER_COLUMNS = [
  'id',
  'is_host',
  'name',
  'email',
  'phone_country_code',
  'phone',
  'property_address',
  'about',
  'country',
  'profile_picture_url',
  'status_host',
  'number_of_properties',
  'last_seen_at',
  'created_at',
  'updated_at',
] as const;

function userLine(id: number, user: UserRow): string {
  return toCopyLine([
    id,
    user.isHost,
    user.name,
    user.email,
    user.phoneCountryCode,
    user.phone,
    user.propertyAddress,
    user.about,
    user.country,
    user.profilePictureUrl,
    user.statusHost,
    user.numberOfProperties,
    user.lastSeenAt,
    user.createdAt,
    user.updatedAt,
  ]);
}

/** Host `index` (0-based) is rebuilt from its own stream, so verifications can re-derive it. */
function makeHost(context: VolumeContext, index: number): UserRow {
  const random = new Random(mixSeed(context.seed, STREAM.host, index));
  const city = CITIES[context.layout.cityIndexes[index] as number] as City;
  const host = makeUser(random, { isHost: true, serial: index + 1, reference: context.reference, city });
  host.numberOfProperties = context.layout.propertyCounts[index] as number;
  return host;
}

function* userLines(context: VolumeContext): Generator<string> {
  const { hosts, guests } = context.plan;
  for (let index = 0; index < hosts; index += 1) yield userLine(index + 1, makeHost(context, index));
  const random = new Random(mixSeed(context.seed, STREAM.guest));
  for (let index = 0; index < guests; index += 1) {
    const serial = hosts + index + 1;
    yield userLine(serial, makeUser(random, { isHost: false, serial, reference: context.reference }));
  }
}

const VERIFICATION_COLUMNS = ['user_id', 'id_type', 'country', 'id_document_url', 'created_at'] as const;

/** Most hosts submitted an ID; every confirmed host did. */
function* verificationLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.verification));
  for (let index = 0; index < context.plan.hosts; index += 1) {
    const host = makeHost(context, index);
    if (host.statusHost !== 'Confirmed' && !random.chance(0.75)) continue;
    const row = makeVerification(random, index + 1, host);
    context.hostVerifiedAt[index + 1] = row.createdAt.getTime();
    yield toCopyLine([row.userId, row.idType, row.country, row.idDocumentUrl, row.createdAt]);
  }
}

const PROPERTY_COLUMNS = [
  'id',
  'host_id',
  'title',
  'description',
  'address',
  'city',
  'country',
  'price_per_night',
  'property_type',
  'place_type',
  'adult_count',
  'children_count',
  'check_in_time',
  'check_out_time',
  'is_wifi',
  'is_tv',
  'is_kitchen',
  'is_washer',
  'is_free_parking',
  'is_paid_parking',
  'is_ac',
  'is_workspace',
  'is_pet_allowed',
  'is_request_booking',
  'is_cancellation_allowed',
  'latitude',
  'longitude',
  'listing_status',
  'listing_decline_reason',
  'approval_status',
  'created_at',
  'updated_at',
] as const;

function* propertyLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.property));
  const { propertyCounts, cityIndexes } = context.layout;
  let propertyId = 0;
  for (let hostIndex = 0; hostIndex < context.plan.hosts; hostIndex += 1) {
    const city = CITIES[cityIndexes[hostIndex] as number] as City;
    for (let count = 0; count < (propertyCounts[hostIndex] as number); count += 1) {
      propertyId += 1;
      const row = makeProperty(random, { hostId: hostIndex + 1, city, reference: context.reference });
      context.prices[propertyId] = row.pricePerNight;
      context.propertySubmittedAt[propertyId] = row.createdAt.getTime();
      yield toCopyLine([
        propertyId,
        row.hostId,
        row.title,
        row.description,
        row.address,
        row.city,
        row.country,
        row.pricePerNight,
        row.propertyType,
        row.placeType,
        row.adultCount,
        row.childrenCount,
        row.checkInTime,
        row.checkOutTime,
        row.isWifi,
        row.isTv,
        row.isKitchen,
        row.isWasher,
        row.isFreeParking,
        row.isPaidParking,
        row.isAC,
        row.isWorkspace,
        row.isPetAllowed,
        row.isRequestBooking,
        row.isCancellationAllowed,
        row.latitude,
        row.longitude,
        row.listingStatus,
        row.listingDeclineReason,
        row.approvalStatus,
        row.createdAt,
        row.updatedAt,
      ]);
    }
  }
}

const IMAGE_COLUMNS = ['id', 'property_id', 'url', 'position'] as const;

function* imageLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.image));
  const perProperty = context.plan.imagesPerProperty;
  let imageId = 0;
  for (let propertyId = 1; propertyId <= context.layout.propertyTotal; propertyId += 1) {
    const first = random.int(0, 11);
    for (let position = 0; position < perProperty; position += 1) {
      imageId += 1;
      yield toCopyLine([imageId, propertyId, demoPropertyImageUrl(first + position), position]);
    }
  }
}

const BOOKING_COLUMNS = [
  'id',
  'guest_id',
  'property_id',
  'status',
  'check_in_date',
  'check_out_date',
  'total',
  'adult_count',
  'children_count',
  'is_pet_coming',
  'is_cancelled',
  'is_disputed',
  'created_at',
] as const;

function* bookingLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.booking));
  const { hosts, guests, bookings } = context.plan;
  const propertyTotal = context.layout.propertyTotal;
  for (let id = 1; id <= bookings; id += 1) {
    // About 1% of bookings lost their guest or property (deleted accounts), as in production data.
    const guestId = random.chance(0.01) ? null : hosts + random.int(1, guests);
    const propertyIndex = propertyTotal > 0 ? random.int(1, propertyTotal) : 0;
    const propertyId = propertyIndex === 0 || random.chance(0.01) ? null : propertyIndex;
    const pricePerNight = propertyIndex === 0 ? 50 : (context.prices[propertyIndex] as number);
    const row = makeBooking(random, { guestId, propertyId, pricePerNight, reference: context.reference });
    yield toCopyLine([
      id,
      row.guestId,
      row.propertyId,
      row.status,
      row.checkInDate,
      row.checkOutDate,
      row.total,
      row.adultCount,
      row.childrenCount,
      row.isPetComing,
      row.isCancelled,
      row.isDisputed,
      row.createdAt,
    ]);
  }
}

const FEEDBACK_COLUMNS = ['id', 'user_id', 'rating', 'comments', 'created_at'] as const;

function* feedbackLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.feedback));
  const userTotal = context.plan.hosts + context.plan.guests;
  for (let id = 1; id <= context.plan.feedbacks; id += 1) {
    const userId = random.chance(0.03) ? null : random.int(1, userTotal);
    const row = makeFeedback(random, { userId, reference: context.reference });
    yield toCopyLine([id, row.userId, row.rating, row.comments, row.createdAt]);
  }
}

/** The three promos with their defaults; an existing promo (edited by an admin) is kept. */
async function insertPromos(loader: BulkLoader, reference: Date): Promise<void> {
  const values = makePromos(reference).map((promo) =>
    [
      quote(promo.kind),
      quote(promo.name),
      quote(promo.promoCode),
      quote(promo.validUntil),
      promo.promoValue ?? 'NULL',
      promo.freeStays ?? 'NULL',
      promo.isActive,
      quote(promo.createdAt.toISOString()),
      quote(promo.updatedAt.toISOString()),
    ].join(', '),
  );
  await loader.execute(`
    INSERT INTO promos (kind, name, promo_code, valid_until, promo_value, free_stays, is_active, created_at, updated_at)
    VALUES (${values.join('), (')})
    ON CONFLICT DO NOTHING`);
}

function quote(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
}

const SUBMISSION_COLUMNS = ['id', 'name', 'email', 'phone', 'address', 'created_at'] as const;

function* submissionLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.submission));
  for (let id = 1; id <= context.plan.submissions; id += 1) {
    const row = makeSubmission(random, { serial: id, reference: context.reference });
    yield toCopyLine([id, row.name, row.email, row.phone, row.address, row.createdAt]);
  }
}

const SUBSCRIBER_COLUMNS = ['id', 'email', 'created_at', 'updated_at'] as const;

function* subscriberLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.subscriber));
  for (let id = 1; id <= context.plan.subscribers; id += 1) {
    const row = makeSubscriber(random, { serial: id, reference: context.reference });
    yield toCopyLine([id, row.email, row.createdAt, row.updatedAt]);
  }
}

const AUDIT_COLUMNS = ['id', 'administrator_id', 'action', 'entity_type', 'entity_id', 'reason', 'before', 'after', 'created_at'] as const;

/**
 * The actions the product records (grep `action:` in server/modules), by how often staff take them
 * per 10,000 entries: mostly listing and property decisions and host approvals, a few staff entries.
 */
const AUDIT_ACTION_WEIGHTS = {
  'listing.approve': 2600,
  'listing.decline': 900,
  'property.approve': 2400,
  'property.decline': 800,
  'host.approve': 1800,
  'host.update': 1000,
  'host.delete': 300,
  'promo.update': 150,
  'staff.create': 8,
  'staff.role': 8,
  'staff.disable': 4,
  'staff.enable': 3,
  'staff.password-reset': 4,
  'staff.sessions-revoke': 3,
  'staff.second-factor-reset': 2,
  'staff.second-factor-policy': 1,
  'account.password-change': 8,
  'account.second-factor-on': 5,
  'account.second-factor-off': 2,
  'account.recovery-codes': 2,
  'booking.cancel': 40,
  'booking.no-show': 10,
  'booking.complete': 40,
  'guest.suspend': 30,
  'guest.reinstate': 10,
} as const;
type AuditAction = keyof typeof AUDIT_ACTION_WEIGHTS;

/** How far back the trail goes: entries are spread evenly over these years, in id order. */
const AUDIT_YEARS = 3;
/** Share of declines that give a reason (the reason is optional). */
const REASON_SHARE = 0.75;
const PROMO_IDS = 3;

/** One entry's record and its values before and after, as the services write them (small JSON). */
function auditChange(random: Random, action: AuditAction, reason: string | null): { before: unknown; after: unknown } {
  switch (action) {
    case 'listing.approve':
    case 'listing.decline': {
      const from = random.pick(['Pending', 'Pending For Verification'] as const);
      const status = action === 'listing.approve' ? 'Approved' : 'Declined';
      return { before: { status: from, declineReason: null }, after: { status, declineReason: reason } };
    }
    case 'property.approve':
    case 'property.decline': {
      const version = random.int(1, 4);
      return { before: { status: 'pending', version }, after: { status: action === 'property.approve' ? 'confirmed' : 'declined', version: version + 1 } };
    }
    case 'host.approve':
      return { before: { statusHost: 'Pending' }, after: { statusHost: 'Confirmed' } };
    case 'host.update':
      return { before: { phone: String(random.int(61_000_0000, 69_999_9999)) }, after: { phone: String(random.int(61_000_0000, 69_999_9999)) } };
    case 'host.delete':
      return { before: { statusHost: random.pick(['Pending', 'Confirmed', 'Declined'] as const), numberOfProperties: random.int(0, 3) }, after: null };
    case 'promo.update':
      return { before: { isActive: true }, after: { isActive: false } };
    case 'staff.create':
      return { before: null, after: { role: random.pick(['Moderator', 'Support', 'Viewer'] as const) } };
    case 'staff.role':
      return { before: { role: 'Viewer' }, after: { role: random.pick(['Moderator', 'Support'] as const) } };
    case 'staff.disable':
      return { before: { disabled: false }, after: { disabled: true, sessionsRevoked: random.int(0, 3) } };
    case 'staff.enable':
      return { before: { disabled: true }, after: { disabled: false } };
    case 'booking.cancel':
      return {
        before: { status: random.pick(['pending', 'confirmed'] as const) },
        after: {
          status: 'cancelled',
          cancelReason: random.pick(['guest-request', 'host-request', 'payment-problem'] as const),
          bearer: random.pick(['guest', 'host'] as const),
        },
      };
    case 'booking.no-show':
      return { before: { status: 'confirmed' }, after: { status: 'cancelled' } };
    case 'booking.complete':
      return { before: { status: 'confirmed' }, after: { status: 'completed' } };
    case 'guest.suspend':
      return { before: { suspended: false }, after: { suspended: true } };
    case 'guest.reinstate':
      return { before: { suspended: true }, after: { suspended: false } };
    default:
      return { before: null, after: null };
  }
}

function entityOf(action: AuditAction): AuditEntityType {
  const prefix = action.slice(0, action.indexOf('.'));
  return prefix === 'account' ? 'staff' : (prefix as AuditEntityType);
}

/**
 * The audit trail: the product's actions over hosts, listings, properties, promos, bookings, guests
 * and (a few) staff accounts, by the administrators there are at seed time (none: nobody), reasons on most declines,
 * spread evenly over the past years in id order as an append-only trail is.
 */
function* auditLines(context: VolumeContext): Generator<string> {
  const random = new Random(mixSeed(context.seed, STREAM.audit));
  const { administratorIds, plan } = context;
  const end = context.reference.getTime();
  const step = (AUDIT_YEARS * 365 * 86_400_000) / Math.max(1, plan.audit);
  const start = end - AUDIT_YEARS * 365 * 86_400_000;
  const properties = new SubmissionTimeline(context.propertySubmittedAt);
  const verifications = new SubmissionTimeline(context.hostVerifiedAt);
  for (let id = 1; id <= plan.audit; id += 1) {
    let action = random.weighted(AUDIT_ACTION_WEIGHTS);
    const administratorId = administratorIds.length === 0 ? null : random.pick(administratorIds);
    // A staff entry names a staff account; without one there are none.
    if (entityOf(action) === 'staff' && administratorId === null) action = 'host.update';
    const instant = start + (id - 1 + random.next()) * step;
    // A decision is on a record submitted a wait before it (none yet: the entry is a host edit instead).
    let decided: number | undefined;
    if (action === 'host.approve' || action.startsWith('listing.') || action.startsWith('property.')) {
      const timeline = action === 'host.approve' ? verifications : properties;
      decided = timeline.pickSubmittedBefore(random, instant - decisionWaitMs(random, (instant - start) / (end - start)));
      if (decided === undefined) action = 'host.update';
    }
    const entityType = entityOf(action);
    const entityId =
      decided !== undefined
        ? decided
        : entityType === 'host'
          ? random.int(1, plan.hosts)
          : entityType === 'promo'
            ? random.int(1, PROMO_IDS)
            : entityType === 'booking'
              ? random.int(1, Math.max(1, plan.bookings))
              : entityType === 'guest'
                ? plan.hosts + random.int(1, Math.max(1, plan.guests))
                : action.startsWith('account.')
                  ? (administratorId as number)
                  : random.pick(administratorIds);
    const reason =
      entityType === 'guest' ? 'Repeated complaints' : action.endsWith('.decline') && random.chance(REASON_SHARE) ? random.pick(AUDIT_DECLINE_REASONS) : null;
    const { before, after } = auditChange(random, action, reason);
    const createdAt = new Date(Math.floor(instant / 1000) * 1000);
    yield toCopyLine([
      id,
      administratorId,
      action,
      entityType,
      entityId,
      reason,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
      createdAt,
    ]);
  }
}

const CONVERSATION_COLUMNS = ['id', 'user_id', 'title', 'unread_count', 'last_message_text', 'last_message_at', 'created_at'] as const;
const MESSAGE_COLUMNS = ['id', 'conversation_id', 'is_from_admin', 'body', 'read_at', 'created_at'] as const;

const CHAT_OPENINGS = ['Is the flat free next weekend?', 'Can I check in after midnight?', 'Is parking included?', 'My payment failed twice.'] as const;
const CHAT_REPLIES = ['Thanks for writing, let me check.', 'Yes, that works.', 'I have asked the host for you.', 'Please try again now.'] as const;
/** Share of conversations staff never answered. */
const UNANSWERED_SHARE = 0.12;

interface VolumeMessage {
  isFromAdmin: boolean;
  body: string;
  at: Date;
}

/**
 * Conversation `index`: opened over the last two years (more lately) by a guest's first message, a
 * first staff reply after minutes to hours (sooner as time goes on) unless it is one of the few never
 * answered, then a few more. Rebuilt from its own stream, so the messages can be written after it.
 */
function makeConversation(context: VolumeContext, index: number) {
  const random = new Random(mixSeed(context.seed, STREAM.conversation, index));
  const openedAt = random.recentDaysBefore(context.reference, 0, 2 * 365);
  const progress = 1 - (context.reference.getTime() - openedAt.getTime()) / (2 * 365 * 86_400_000);
  const messages: VolumeMessage[] = [{ isFromAdmin: false, body: random.pick(CHAT_OPENINGS), at: openedAt }];
  if (!random.chance(UNANSWERED_SHARE)) {
    let at = openedAt.getTime() + replyWaitMs(random, progress);
    for (let count = random.int(1, 4), isFromAdmin = true; count > 0; count -= 1, isFromAdmin = !isFromAdmin) {
      messages.push({ isFromAdmin, body: random.pick(isFromAdmin ? CHAT_REPLIES : CHAT_OPENINGS), at: new Date(Math.floor(at / 1000) * 1000) });
      at += random.int(1, 90) * 60_000;
    }
  }
  const userId = context.plan.hosts + random.int(1, context.plan.guests);
  return { userId, title: `Conversation ${index + 1}`, openedAt, messages };
}

function* conversationLines(context: VolumeContext): Generator<string> {
  for (let index = 0; index < context.plan.conversations; index += 1) {
    const conversation = makeConversation(context, index);
    const last = conversation.messages[conversation.messages.length - 1] as VolumeMessage;
    yield toCopyLine([index + 1, conversation.userId, conversation.title, 0, last.body, last.at, conversation.openedAt]);
  }
}

function* messageLines(context: VolumeContext): Generator<string> {
  let id = 0;
  for (let index = 0; index < context.plan.conversations; index += 1) {
    for (const message of makeConversation(context, index).messages) {
      id += 1;
      yield toCopyLine([id, index + 1, message.isFromAdmin, message.body, message.at, message.at]);
    }
  }
}
