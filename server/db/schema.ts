// The whole database schema, read by drizzle-kit to generate migrations and by every repository.
// Statuses are text with CHECK constraints (not enums) so they evolve with a plain migration.
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, HOST_STATUSES, LISTING_STATUSES, PROPERTY_APPROVAL_STATUSES, PROMO_KINDS } from '../../src/contracts/statuses';
import { ROLES, type Role } from '../../src/contracts/roles';
import { LIVE_ACTIONS } from '../../src/contracts/live';
import { DELIVERY_STATUSES, MAX_DELIVERY_ERROR_LENGTH } from '../../src/contracts/webhooks';
import { MAX_REFUND_REASON_LENGTH, REFUND_STATUSES } from '../../src/contracts/refunds';

/**
 * A list search's trigram index ("contains" any part of the text). Written into at every change
 * (`fastupdate` off) rather than through GIN's pending list: that list is read whole by every search
 * until a vacuum merges it, so under the marketplace's writes (renames rewriting the guests' and
 * properties' rows) each bookings search read megabytes more and searches ran at 0.54 of their quiet
 * rate; an embedded database, which has no autovacuum, would carry up to 4 MB an index (migration 0028).
 */
const searchIndex = (name: string, expression: SQL | AnyPgColumn) =>
  index(name)
    .using('gin', sql`${expression} gin_trgm_ops`)
    .with({ fastupdate: false });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`);

export const administrators = pgTable(
  'administrators',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default('Administrator'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** docs/decisions/018-staff-roles.md; the first administrator and every account before roles are administrators. */
    role: text('role').$type<Role>().notNull().default('administrator'),
    /** Set while the account is disabled: it cannot sign in and its sessions answer 401. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /**
     * Moves on every change that must end what was granted before it: a password change or reset, a
     * disable, "sign out everywhere", a second factor turned on, off or reset. A sign-in inserts its
     * session only while the epoch it read is still current, and a device cookie counts only while it
     * carries the current epoch (docs/decisions/020-second-factor.md).
     */
    credentialsEpoch: integer('credentials_epoch').notNull().default(0),
    /** The TOTP secret (base32) once confirmed; null while the member has no second factor. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is accepted once, never again in its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A secret shown for enrolment and not yet confirmed, with the id of that setup (a later setup replaces it). */
    totpPendingSecret: text('totp_pending_secret'),
    totpPendingId: text('totp_pending_id'),
    totpPendingAt: timestamp('totp_pending_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [uniqueIndex('administrators_email_key').on(sql`lower(${table.email})`), check('administrators_role_check', inList('role', ROLES))],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** When the member last proved it was them in this session (docs/decisions/039-step-up.md), and with what. */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true, mode: 'date' }),
    steppedUpWith: text('stepped_up_with', { enum: ['password', 'second-factor'] }),
  },
  (table) => [uniqueIndex('admin_sessions_token_hash_key').on(table.tokenHash), index('admin_sessions_administrator_idx').on(table.administratorId)],
);

/**
 * Browsers an administrator signed in from before (OWASP's device cookies): their sign-in attempts
 * are not slowed by the per-account throttle that guessing from elsewhere triggers. Only the
 * SHA-256 of the cookie's random value is stored.
 */
export const adminDevices = pgTable(
  'admin_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The account's credentials epoch when the cookie was set: a later reset, disable or sign-out-everywhere voids it. */
    credentialsEpoch: integer('credentials_epoch').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('admin_devices_token_hash_key').on(table.tokenHash), index('admin_devices_administrator_idx').on(table.administratorId)],
);

/**
 * A password checked, a second factor still to come: the sign-in's second step names it by a random
 * token (stored as SHA-256), within five minutes and a few wrong codes, once.
 */
export const adminLoginChallenges = pgTable(
  'admin_login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The account's credentials epoch the password was checked against. */
    credentialsEpoch: integer('credentials_epoch').notNull(),
    failedCodes: smallint('failed_codes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('admin_login_challenges_token_hash_key').on(table.tokenHash),
    index('admin_login_challenges_administrator_idx').on(table.administratorId),
  ],
);

/** Single-use recovery codes of a member's second factor: only a salted SHA-256 of each is kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('admin_recovery_codes_administrator_idx').on(table.administratorId)],
);

/**
 * Download tickets of CSV exports (docs/decisions/022-exports-stream-through-download-tickets.md): the
 * SHA-256 of a random ticket, the session that asked for it, the list path and query it names, good
 * once until it expires. In the database, so a ticket made by one process is redeemed by any other.
 */
export const exportTickets = pgTable(
  'export_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketHash: text('ticket_hash').notNull(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => adminSessions.id, { onDelete: 'cascade' }),
    /** The list's API path (`/api/admin/bookings`). */
    path: text('path').notNull(),
    /** The list call's query, as a URL query string without `?`, checked against the list's schema when made. */
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('export_tickets_ticket_hash_key').on(table.ticketHash),
    index('export_tickets_expires_at_idx').on(table.expiresAt),
    index('export_tickets_administrator_idx').on(table.administratorId),
    index('export_tickets_session_idx').on(table.sessionId),
  ],
);

/** Per role: whether its members must sign in with a second factor (set by administrators). */
export const staffRolePolicies = pgTable(
  'staff_role_policies',
  {
    role: text('role').$type<Role>().primaryKey(),
    secondFactorRequired: boolean('second_factor_required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  () => [check('staff_role_policies_role_check', inList('role', ROLES))],
);

/** Hosts and guests. A host has a host status and, once submitted, a verification. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    isHost: boolean('is_host').notNull().default(false),
    name: text('name').notNull(),
    email: text('email'),
    phoneCountryCode: text('phone_country_code'),
    phone: text('phone'),
    propertyAddress: text('property_address'),
    about: text('about'),
    country: text('country'),
    profilePictureUrl: text('profile_picture_url'),
    statusHost: text('status_host').notNull().default('Pending'),
    numberOfProperties: integer('number_of_properties').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    /** Set while a member has suspended the guest or host (src/contracts/user-suspension.ts). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
    ...timestamps,
  },
  (table) => [
    check('users_status_host_check', inList('status_host', HOST_STATUSES)),
    index('users_hosts_id_idx')
      .on(table.id)
      .where(sql`is_host`),
    index('users_hosts_name_idx')
      .on(table.name, table.id)
      .where(sql`is_host`),
    index('users_hosts_email_idx')
      .on(table.email.asc().nullsLast(), table.id)
      .where(sql`is_host`),
    index('users_hosts_status_idx')
      .on(table.statusHost, table.id)
      .where(sql`is_host`),
    index('users_hosts_properties_idx')
      .on(table.numberOfProperties, table.id)
      .where(sql`is_host`),
    // The host list sorts empty names and e-mails last in both directions: one index per direction.
    index('users_hosts_name_sort_idx')
      .on(sql`(${table.name} IS NULL OR ${table.name} = '')`, table.name, table.id)
      .where(sql`is_host`),
    index('users_hosts_name_sort_desc_idx')
      .on(sql`(${table.name} IS NULL OR ${table.name} = '')`, table.name.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`is_host`),
    index('users_hosts_email_sort_idx')
      .on(sql`(${table.email} IS NULL OR ${table.email} = '')`, table.email, table.id)
      .where(sql`is_host`),
    index('users_hosts_email_sort_desc_idx')
      .on(sql`(${table.email} IS NULL OR ${table.email} = '')`, table.email.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`is_host`),
    // The same sorts under a status filter: the status first, so a deep page walks only that status's hosts.
    index('users_hosts_status_name_idx')
      .on(table.statusHost, sql`(${table.name} IS NULL OR ${table.name} = '')`, table.name, table.id)
      .where(sql`is_host`),
    index('users_hosts_status_name_desc_idx')
      .on(table.statusHost, sql`(${table.name} IS NULL OR ${table.name} = '')`, table.name.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`is_host`),
    index('users_hosts_status_email_idx')
      .on(table.statusHost, sql`(${table.email} IS NULL OR ${table.email} = '')`, table.email, table.id)
      .where(sql`is_host`),
    index('users_hosts_status_email_desc_idx')
      .on(table.statusHost, sql`(${table.email} IS NULL OR ${table.email} = '')`, table.email.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`is_host`),
    index('users_hosts_status_properties_idx')
      .on(table.statusHost, table.numberOfProperties, table.id)
      .where(sql`is_host`),
    searchIndex('users_name_trgm_idx', table.name),
    // The hosts list searches hosts only: its matches are read without passing over every guest's.
    searchIndex('users_hosts_name_trgm_idx', table.name).where(sql`is_host`),
    searchIndex('users_hosts_email_trgm_idx', table.email).where(sql`is_host`),
    // Every user by name: the bookings' Guest sort walks it (migration 0010).
    index('users_name_sort_idx').on(table.name, table.id),
    // The dashboard's new hosts per week and the hosts list's joined-on range (migration 0025).
    index('users_hosts_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.isHost}`),
    searchIndex('users_email_trgm_idx', table.email),
    // The guests list (every user who is not a host): one index per sort, empty names, e-mails and
    // phones last in both directions as the hosts', so any page walks one index (migration 0045).
    index('users_guests_id_idx')
      .on(table.id)
      .where(sql`NOT is_host`),
    index('users_guests_name_sort_idx')
      .on(sql`(${table.name} IS NULL OR ${table.name} = '')`, table.name, table.id)
      .where(sql`NOT is_host`),
    index('users_guests_name_sort_desc_idx')
      .on(sql`(${table.name} IS NULL OR ${table.name} = '')`, table.name.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT is_host`),
    index('users_guests_email_sort_idx')
      .on(sql`(${table.email} IS NULL OR ${table.email} = '')`, table.email, table.id)
      .where(sql`NOT is_host`),
    index('users_guests_email_sort_desc_idx')
      .on(sql`(${table.email} IS NULL OR ${table.email} = '')`, table.email.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT is_host`),
    index('users_guests_phone_sort_idx')
      .on(sql`(${table.phone} IS NULL OR ${table.phone} = '')`, table.phone, table.id)
      .where(sql`NOT is_host`),
    index('users_guests_phone_sort_desc_idx')
      .on(sql`(${table.phone} IS NULL OR ${table.phone} = '')`, table.phone.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`NOT is_host`),
    index('users_guests_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`NOT is_host`),
    // The Guests and Hosts lists' Suspended filter: the few suspended users, found and counted alone.
    index('users_suspended_idx')
      .on(table.isHost, table.id)
      .where(sql`suspended_at IS NOT NULL`),
  ],
);

export const hostVerifications = pgTable(
  'host_verifications',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    idType: text('id_type').notNull(),
    country: text('country').notNull(),
    idDocumentUrl: text('id_document_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The dashboard's verification backlog counts submissions up to a day (migration 0025).
  (table) => [index('host_verifications_created_idx').on(table.createdAt)],
);

/** A host's property. Its listing review and its property approval are two separate decisions. */
export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    pricePerNight: numeric('price_per_night', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    propertyType: text('property_type').notNull(),
    placeType: text('place_type').notNull(),
    adultCount: smallint('adult_count').notNull().default(1),
    childrenCount: smallint('children_count').notNull().default(0),
    checkInTime: text('check_in_time').notNull().default('14:00'),
    checkOutTime: text('check_out_time').notNull().default('11:00'),
    isWifi: boolean('is_wifi').notNull().default(false),
    isTv: boolean('is_tv').notNull().default(false),
    isKitchen: boolean('is_kitchen').notNull().default(false),
    isWasher: boolean('is_washer').notNull().default(false),
    isFreeParking: boolean('is_free_parking').notNull().default(false),
    isPaidParking: boolean('is_paid_parking').notNull().default(false),
    isAC: boolean('is_ac').notNull().default(false),
    isWorkspace: boolean('is_workspace').notNull().default(false),
    isPetAllowed: boolean('is_pet_allowed').notNull().default(false),
    isRequestBooking: boolean('is_request_booking').notNull().default(false),
    isCancellationAllowed: boolean('is_cancellation_allowed').notNull().default(false),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    listingStatus: text('listing_status').notNull().default('Pending'),
    listingDeclineReason: text('listing_decline_reason'),
    approvalStatus: text('approval_status').notNull().default('pending'),
    /** The host's name, kept by the triggers of migration 0014 so the lists sort by it from an index. */
    hostName: text('host_name').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    check('properties_listing_status_check', inList('listing_status', LISTING_STATUSES)),
    check('properties_approval_status_check', inList('approval_status', PROPERTY_APPROVAL_STATUSES)),
    index('properties_host_idx').on(table.hostId),
    index('properties_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('properties_title_idx').on(table.title, table.id),
    index('properties_address_idx').on(table.address, table.id),
    index('properties_listing_status_idx').on(table.listingStatus, table.id),
    index('properties_approval_status_idx').on(table.approvalStatus, table.id),
    // Every sort of Review Listings and Property Approvals, with and without their status filter:
    // a page costs its offset in index entries (decision 019).
    index('properties_host_name_idx').on(table.hostName, table.id),
    index('properties_listing_title_idx').on(table.listingStatus, table.title, table.id),
    index('properties_listing_address_idx').on(table.listingStatus, table.address, table.id),
    index('properties_listing_host_name_idx').on(table.listingStatus, table.hostName, table.id),
    index('properties_approval_title_idx').on(table.approvalStatus, table.title, table.id),
    index('properties_approval_address_idx').on(table.approvalStatus, table.address, table.id),
    index('properties_approval_host_name_idx').on(table.approvalStatus, table.hostName, table.id),
    // The map of every listing (decision 029): its grid aggregation reads a viewport's rows from this
    // index alone, status included.
    index('properties_map_idx').on(table.latitude, table.longitude, table.listingStatus, table.id),
    searchIndex('properties_title_trgm_idx', table.title),
    searchIndex('properties_address_trgm_idx', table.address),
    searchIndex('properties_host_name_trgm_idx', table.hostName),
  ],
);

export const propertyImages = pgTable(
  'property_images',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (table) => [index('property_images_property_idx').on(table.propertyId, table.position)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    guestId: integer('guest_id').references(() => users.id, { onDelete: 'set null' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    checkInDate: date('check_in_date', { mode: 'string' }),
    checkOutDate: date('check_out_date', { mode: 'string' }),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    adultCount: smallint('adult_count').notNull().default(1),
    childrenCount: smallint('children_count').notNull().default(0),
    isPetComing: boolean('is_pet_coming').notNull().default(false),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    isDisputed: boolean('is_disputed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('bookings_status_check', inList('status', BOOKING_STATUSES)),
    index('bookings_status_idx').on(table.status, table.id),
    // A guest's or a property's bookings, by status: searches count and page them from the index alone,
    // and the Guest and Property sorts walk them (migration 0010).
    index('bookings_guest_status_idx').on(table.guestId, table.status, table.id),
    index('bookings_property_status_idx').on(table.propertyId, table.status, table.id),
    // Missing dates sort last in both directions, so each direction has its own index. The trailing
    // status (after the unique id, so it changes no order) lets a status filter be read from the index
    // alone while the sort walks it (migration 0011). The descending ones name the id's NULLS FIRST:
    // drizzle's `.desc()` alone writes NULLS LAST, which the page's "id DESC" does not match, and
    // PostgreSQL then sorted each date's bookings again (migration 0031).
    index('bookings_check_in_idx').on(table.checkInDate.asc().nullsLast(), table.id, table.status),
    index('bookings_check_in_desc_idx').on(table.checkInDate.desc().nullsLast(), table.id.desc().nullsFirst(), table.status),
    index('bookings_check_out_idx').on(table.checkOutDate.asc().nullsLast(), table.id, table.status),
    index('bookings_check_out_desc_idx').on(table.checkOutDate.desc().nullsLast(), table.id.desc().nullsFirst(), table.status),
    index('bookings_total_idx').on(table.total, table.id, table.status),
    // The same sorts under a status filter, led by the status: a deep page of one status walks that
    // status's entries only (migration 0019, decision 021).
    index('bookings_status_check_in_idx').on(table.status, table.checkInDate.asc().nullsLast(), table.id),
    index('bookings_status_check_in_desc_idx').on(table.status, table.checkInDate.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('bookings_status_check_out_idx').on(table.status, table.checkOutDate.asc().nullsLast(), table.id),
    index('bookings_status_check_out_desc_idx').on(table.status, table.checkOutDate.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('bookings_status_total_idx').on(table.status, table.total, table.id),
    // The bookings list's booked-on range, which a dashboard chart's bar opens (migration 0025).
    index('bookings_created_idx').on(table.createdAt, table.id),
  ],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comments: text('comments'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('feedbacks_rating_check', sql`rating BETWEEN 1 AND 5`),
    index('feedbacks_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // Sorted by rating, equal ratings newest first: one index per direction of the rating.
    index('feedbacks_rating_idx').on(table.rating, table.createdAt.desc(), table.id.desc()),
    index('feedbacks_rating_desc_idx').on(table.rating.desc().nullsFirst(), table.createdAt.desc(), table.id.desc()),
    index('feedbacks_user_idx').on(table.userId),
    searchIndex('feedbacks_comments_trgm_idx', table.comments),
  ],
);

/** One row per promo kind: the guest promo, the new-joiner host promo and the regular host promo. */
export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    promoCode: text('promo_code'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    promoValue: smallint('promo_value'),
    freeStays: smallint('free_stays'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    check('promos_kind_check', inList('kind', PROMO_KINDS)),
    uniqueIndex('promos_kind_key').on(table.kind),
    uniqueIndex('promos_code_key').on(sql`upper(${table.promoCode})`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    isDeclined: boolean('is_declined').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageText: text('last_message_text'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When staff first wrote in it, kept by a trigger on messages (migration 0025); null until then. */
    firstStaffReplyAt: timestamp('first_staff_reply_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('conversations_last_message_idx').on(table.lastMessageAt.desc(), table.id.desc()),
    // The conversations with unread messages, few among many: the sidebar's badge counts them every
    // time a change may move it (a seq scan of 20,000 conversations was 3 to 27 ms, several times a
    // second while the marketplace writes), and the Chats list's Unread tab reads them (migration 0029).
    index('conversations_unread_idx')
      .on(table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.unreadCount} > 0`),
    searchIndex('conversations_title_trgm_idx', table.title),
    // The dashboard's conversations opened per day (migration 0025).
    index('conversations_created_idx').on(table.createdAt, table.firstStaffReplyAt),
    // A guest's conversations, latest first, on the guest's page (migration 0045).
    index('conversations_user_idx').on(table.userId, table.lastMessageAt.desc(), table.id.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    isFromAdmin: boolean('is_from_admin').notNull(),
    /** The staff member who sent a back-office message; null for the user's messages and older ones. */
    administratorId: integer('administrator_id').references(() => administrators.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('messages_conversation_idx').on(table.conversationId, table.id)],
);

/** Every admin decision and change: who, when, what, and the values before and after. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    administratorId: integer('administrator_id').references(() => administrators.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The record as a person reads it when the entry was written (a host's or staff member's name, a
     * listing's or property's title, a promo's name): filled by a trigger where the service gives none
     * (migration 0024), so Activity names the record and finds it by that name.
     */
    entityName: text('entity_name'),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.id.desc()),
    // Activity filtered by staff member, newest first.
    index('audit_events_administrator_idx').on(table.administratorId, table.createdAt.desc(), table.id.desc()),
    // Activity's time sort, walked either way, for each of its filters (decision 019): the whole trail,
    // one kind of record, the trail without staff accounts (roles that do not manage staff), each of
    // those for one staff member. A page under any of them reads one index range.
    index('audit_events_created_idx').on(table.createdAt, table.id),
    index('audit_events_type_created_idx').on(table.entityType, table.createdAt, table.id),
    index('audit_events_created_without_staff_idx')
      .on(table.createdAt, table.id)
      .where(sql`entity_type <> 'staff'`),
    index('audit_events_administrator_type_idx').on(table.administratorId, table.entityType, table.createdAt, table.id),
    index('audit_events_administrator_without_staff_idx')
      .on(table.administratorId, table.createdAt, table.id)
      .where(sql`entity_type <> 'staff'`),
    // Activity's search: the few entries of a rare action, and reasons by trigram (migration 0018).
    index('audit_events_action_idx').on(table.action, table.createdAt, table.id),
    searchIndex('audit_events_reason_trgm_idx', table.reason).where(sql`reason IS NOT NULL`),
    // "Who approved Mehmet Smith?": Activity's search over the record's name (migration 0024).
    searchIndex('audit_events_entity_name_trgm_idx', table.entityName).where(sql`entity_name IS NOT NULL`),
    // The same reason and name under one kind of record (`host:Mehmet Smith`): a search under a kind
    // reads that kind's matches alone, not every kind's (migration 0046).
    searchIndex('audit_events_kind_reason_trgm_idx', sql`(${table.entityType} || ':' || ${table.reason})`).where(sql`reason IS NOT NULL`),
    searchIndex('audit_events_kind_name_trgm_idx', sql`(${table.entityType} || ':' || ${table.entityName})`).where(sql`entity_name IS NOT NULL`),
  ],
);

export const hostInterestSubmissions = pgTable(
  'host_interest_submissions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('host_interest_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // The screen sorts by name and e-mail too; without these a deep page sorts the whole table.
    index('host_interest_name_idx').on(table.name, table.id),
    index('host_interest_email_idx').on(table.email, table.id),
    searchIndex('host_interest_search_trgm_idx', sql`(${table.name} || ' ' || ${table.email} || ' ' || ${table.phone} || ' ' || ${table.address})`),
  ],
);

export const emailSubscribers = pgTable(
  'email_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('email_subscribers_email_key').on(sql`lower(${table.email})`),
    index('email_subscribers_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('email_subscribers_email_idx').on(table.email, table.id),
    searchIndex('email_subscribers_email_trgm_idx', table.email),
  ],
);

/**
 * Exact row counts kept by the triggers of migration 0004 (e.g. `bookings`, `bookings:pending`), each
 * spread over slots (migration 0009): a writer adds to its own connection's slot, so concurrent
 * writers of one list do not queue on one row. A counter's value is the sum of its slots. Created
 * bookings reach the bookings counters when the server folds them (decision 033): read
 * list_counters_now, which adds those not folded yet.
 */
export const listCounters = pgTable(
  'list_counters',
  {
    name: text('name').notNull(),
    slot: smallint('slot').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.name, table.slot] })],
);

/**
 * The version of each listed table: a statement-level trigger (migration 0007) gives the writer's
 * slot (migration 0009) a new value from one sequence whenever a statement writes the table, in the
 * writer's transaction. A slot's value only grows, so the sum over a table's slots names one state of
 * it. A list page is cached under the versions of the tables it reads (server/lib/page-cache.ts), so
 * a cached page is exactly what the query would answer now. A booking insert adds one to the bookings
 * version through data_versions_now instead, until a fold moves it to slot -1 (decision 033).
 */
export const dataVersions = pgTable(
  'data_versions',
  {
    name: text('name').notNull(),
    slot: smallint('slot').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.slot] })],
);

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * What changed, for the live stream (docs/decisions/026-live-changes.md): a row trigger on each table
 * the back-office shows appends one row a change, in the writer's transaction, whoever writes (the
 * back-office, the marketplace's backend). Each server process reads the new ones in (xid, id) order,
 * only from transactions older than any still running, so none is ever passed over. Kept a few
 * minutes, for a browser that reconnects with the id of the last change it saw.
 */
export const liveChanges = pgTable(
  'live_changes',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** A list's name (`bookings`), `chats`, `messages`, or `sessions` (read by the server alone). */
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    /** The changed row's id; for `messages` its conversation's, for a host's documents the host's. */
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A created booking's status, day (UTC) of creation, total and dispute flag, as inserted: the
     * booking insert's whole bookkeeping (decision 033). The server folds them into the counters,
     * the daily rollup and the version (fold_booking_inserts); until then the `*_now` views add
     * them. Null on every other change.
     */
    status: text('status'),
    day: date('day', { mode: 'string' }),
    total: numeric('total', { precision: 12, scale: 2 }),
    disputed: boolean('disputed'),
  },
  // One index, in reading order, is all a writer pays for.
  (table) => [primaryKey({ columns: [table.xid, table.id] }), check('live_changes_action_check', inList('action', LIVE_ACTIONS))],
);

/**
 * What the bookings list's Guest and Property sorts walk (decision 034): each booking's status, its
 * guest's name and its property's title (null when there is none or it is empty), by status. The
 * fold of migration 0030 adds a booking's row a moment after its insert, so the marketplace's insert
 * writes nothing here; until then the sorts read the booking itself. Triggers keep the rows with
 * their bookings: a status or a link that changes, a rename, a deletion (migration 0033).
 */
export const bookingNames = pgTable(
  'booking_names',
  {
    bookingId: integer('booking_id').primaryKey(),
    status: text('status').notNull(),
    guestName: text('guest_name'),
    propertyTitle: text('property_title'),
  },
  (table) => [
    // Both sorts in both orders, under a status and without one. The fold writes these entries, not
    // the marketplace's insert, so each sort has an index without the status too (migration 0033).
    index('booking_names_status_guest_name_idx').on(table.status, table.guestName, table.bookingId),
    index('booking_names_status_property_title_idx').on(table.status, table.propertyTitle, table.bookingId),
    index('booking_names_guest_name_idx').on(table.guestName, table.bookingId),
    index('booking_names_property_title_idx').on(table.propertyTitle, table.bookingId),
  ],
);

/**
 * How far fold_booking_inserts has read live_changes (decision 033): the last (xid, id) whose created
 * bookings are in list_counters, booking_days and data_versions. One row.
 */
export const bookingFold = pgTable(
  'booking_fold',
  {
    isOnly: boolean('is_only').primaryKey().default(true),
    xid: xid8('xid').notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
  },
  () => [check('booking_fold_one_row', sql`is_only`)],
);

/**
 * The counters, versions and daily rollup as they stand now: the kept rows plus the created bookings
 * not folded yet (decision 033). Readers sum them by name, as the tables.
 */
export const listCountersNow = pgView('list_counters_now', {
  name: text('name').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
}).existing();
export const dataVersionsNow = pgView('data_versions_now', {
  name: text('name').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
}).existing();

/**
 * The live streams open on every process, so that one session's streams are counted across them
 * (LIVE_STREAMS_PER_SESSION). Each process renews its streams' `seen_at`; a process that died leaves
 * rows that stop counting once they are LIVE_STREAM_STALE_SECONDS old.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => adminSessions.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('live_streams_session_idx').on(table.sessionId)],
);

/**
 * The key the live stream's cursors are sealed under (`server/modules/live/live-cursors.ts`): one row,
 * made by the first process that needs it and read by every other, so a cursor one process sent opens
 * on any. A sealed cursor tells its reader nothing of how many changes came between two of them.
 */
export const liveCursorKey = pgTable(
  'live_cursor_key',
  {
    isOnly: boolean('is_only').primaryKey().default(true),
    /** 32 random bytes, in hex. */
    key: text('key').notNull(),
  },
  () => [check('live_cursor_key_one_row', sql`is_only`)],
);

/**
 * Who has which record's review screen open (`src/contracts/live.ts`, presence): one row a member and
 * record, renewed while the screen stays open; a row not renewed for LIVE_PRESENCE_STALE_SECONDS is
 * swept away by the live streams' heartbeat.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.resource, table.recordId, table.administratorId] })],
);

/**
 * Bookings per day of booking (UTC) and status, kept by the bookings' triggers (migration 0025) in the
 * writer's slot like list_counters (decision 016), so the dashboard's booking charts sum at most a few
 * rows a day instead of reading a year of bookings. A day's figure is the sum of its slots. Created
 * bookings arrive when the server folds them (decision 033): the charts read booking_days_now.
 */
export const bookingDays = pgTable(
  'booking_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    slot: smallint('slot').notNull(),
    bookings: bigint('bookings', { mode: 'number' }).notNull().default(0),
    /** The sum of the bookings' totals (numeric, exact). */
    value: numeric('value').notNull().default('0'),
    disputed: bigint('disputed', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.status, table.slot] })],
);

/**
 * The first decision on each listing, property and host, from the audit trail (a trigger on
 * audit_events, migration 0025): when the record was submitted and when it was first decided. The
 * dashboard's time to a decision and verification backlog read it instead of searching the trail for
 * each record's first decision.
 */
export const reviewWaits = pgTable(
  'review_waits',
  {
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The wait in seconds, as the decision chart orders it, computed once when the row is written: the
     * chart's index-only range then sorts it without converting each row (a year of listings, 68,000
     * waits: 18 ms against 30 ms).
     */
    waitSeconds: doublePrecision('wait_seconds').generatedAlwaysAs(sql`extract(epoch FROM decided_at - submitted_at)::float8`),
  },
  (table) => [
    primaryKey({ columns: [table.entityType, table.entityId] }),
    index('review_waits_decided_idx').on(table.entityType, table.decidedAt, table.waitSeconds),
  ],
);

/**
 * Each week's first decisions on listings and on properties (a week runs Monday to Sunday, UTC): how
 * many, and the median and 90th percentile wait in seconds, exactly as the decision chart computes them
 * from review_waits. Kept by a trigger on review_waits (migration 0037): a change recomputes its week
 * under a lock on that week, so decisions made side by side leave the counts of all of them. The chart
 * reads its whole weeks here and computes only a range's cut ends.
 */
export const reviewWaitWeeks = pgTable(
  'review_wait_weeks',
  {
    entityType: text('entity_type').notNull(),
    /** The week's Monday. */
    week: date('week', { mode: 'string' }).notNull(),
    decisions: integer('decisions').notNull().default(0),
    medianSeconds: doublePrecision('median_seconds'),
    p90Seconds: doublePrecision('p90_seconds'),
  },
  (table) => [primaryKey({ columns: [table.entityType, table.week] })],
);

/**
 * Hosts who joined each day (UTC, by their account's creation), in the writer's slot: kept by triggers
 * on users (migration 0038), so the dashboard's host chart sums a few hundred rows instead of counting
 * a year of hosts in users' index, whose pages a marketplace renaming its users keeps sending to the heap.
 */
export const hostJoinDays = pgTable(
  'host_join_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    hosts: bigint('hosts', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.slot] })],
);

/**
 * The verification backlog's changes per day (UTC), in the writer's slot: +1 the day a host's
 * verification was submitted, -1 the day of the host's first decision (or of the verification, if the
 * decision came first). Kept by triggers on host_verifications and review_waits (migration 0025); the
 * backlog at the end of a day is the sum of every change up to it.
 */
export const hostBacklogDays = pgTable(
  'host_backlog_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.slot] })],
);

/**
 * What the marketplace's backend is told (issue 51, point 4; decision 041): one row an event, written
 * in the transaction of the change it tells of, with least data (ids, the new state, the reason, the
 * deciding member's id). A key given twice enqueues once.
 */
export const outboxEvents = pgTable('outbox_events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique('outbox_events_idempotency_key_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Where events are posted, as an administrator configured it; the signing secret is sealed (decision 036). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  eventTypes: text('event_types').array().notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  createdBy: integer('created_by').references(() => administrators.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * One event to one endpoint, made with the event. Due when `next_attempt_at` has come while pending, or
 * while delivering (its lease, kept in both `lease_until` and `next_attempt_at`, ran out: the process
 * holding it died), so one index finds every delivery a worker may claim.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    lastStatusCode: integer('last_status_code'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(table.eventId, table.endpointId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status IN ('pending', 'delivering')`),
    index('webhook_deliveries_status_idx').on(table.status, table.id),
    check('webhook_deliveries_status_check', inList('status', DELIVERY_STATUSES)),
    check('webhook_deliveries_last_error_length', sql.raw(`char_length(last_error) <= ${MAX_DELIVERY_ERROR_LENGTH}`)),
  ],
);

/** Each try of a delivery, for the Deliveries screen: when, how long, what the endpoint answered. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    isDelivered: boolean('is_delivered').notNull(),
  },
  (table) => [
    index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId, table.id),
    check('webhook_delivery_attempts_error_length', sql.raw(`char_length(error) <= ${MAX_DELIVERY_ERROR_LENGTH}`)),
  ],
);

/**
 * A booking's refunds (issue 51, point 2; decision 043), in cents. Hoy asks, the payment side answers
 * (requested → succeeded or failed, once). A large refund first awaits a second member's approval
 * (awaiting-approval → requested or rejected; decision 047), who is never its requester. A trigger
 * (migrations 0047, 0053) refuses any insert or update that would take a booking's refunds, all but
 * the failed and rejected, past what its guest paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').references(() => administrators.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique('refunds_idempotency_key_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    reviewedBy: integer('reviewed_by').references(() => administrators.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    index('refunds_booking_idx').on(table.bookingId, table.id),
    check('refunds_amount_minor_check', sql`amount_minor > 0`),
    check('refunds_status_check', inList('status', REFUND_STATUSES)),
    check('refunds_reason_length', sql.raw(`char_length(reason) <= ${MAX_REFUND_REASON_LENGTH}`)),
    // The second member is never the one who asked, whoever writes the row.
    check('refunds_reviewer_not_requester', sql`reviewed_by <> requested_by`),
    check('refunds_rejection_reason_length', sql.raw(`char_length(rejection_reason) <= ${MAX_REFUND_REASON_LENGTH}`)),
    check('refunds_rejected_reviewed', sql`status <> 'rejected' OR (reviewed_at IS NOT NULL AND rejection_reason IS NOT NULL)`),
  ],
);
