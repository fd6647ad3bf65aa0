// The admin lists as both sides declare them, each but its row schema: name, paths, permission, page
// size, sorts, statuses, filters and CSV columns (list-declaration.ts). No zod here: the back-office's
// first load reads these (src/admin/resources.ts). Each list's contract adds its row (`hostList` in
// hosts.ts), which the server's list engine and the list screens read.
import { declareList } from './list-declaration';
import { ROLES } from './roles';
import {
  AUDIT_ENTITY_TYPES,
  BOOKING_STATUSES,
  HOST_STATUS_FILTERS,
  HOST_STATUSES,
  LISTING_STATUS_FILTERS,
  LISTING_STATUSES,
  PROPERTY_APPROVAL_STATUSES,
} from './statuses';

/**
 * GET /api/admin/hosts (and /api/admin/admin/hosts, the Refresh path of docs/product.md §21). `status` is a stored
 * statusHost value; `q` matches name and email (case-insensitive, `%` and `_` literal) and, when
 * numeric, the userId exactly. Without `sort` a page lists the newest hosts first (userId
 * descending); with `sort`, `order` defaults to asc, empty values (null or '') come last in both
 * directions and userId breaks ties. The CSV lists the selected hosts in userId order.
 */
export const hostListDeclaration = declareList({
  name: 'hosts',
  paths: ['/api/admin/hosts', '/api/admin/admin/hosts'],
  sorts: ['name', 'statusHost', 'email', 'numberOfProperties'],
  statuses: HOST_STATUSES,
  defaultOrder: { order: 'desc' },
  searchFields: ['name', 'email', 'userId'],
  idSearch: { allowHash: false },
  /** docs/product.md §23: 8 hosts per page. */
  pageSize: 8,
  csvColumns: ['userId', 'name', 'email', 'statusHost', 'numberOfProperties'],
  statusFilter: HOST_STATUS_FILTERS,
  labels: 'admin.hosts.list',
  access: 'hosts.read',
});

/** Property Approvals: `q` matches title, address and host name; without `sort`, the repository's own order. */
export const propertyApprovalListDeclaration = declareList({
  name: 'property-approvals',
  sorts: ['title', 'address', 'hostName', 'status'],
  statuses: PROPERTY_APPROVAL_STATUSES,
  defaultOrder: { order: 'asc' },
  searchFields: ['title', 'address', 'hostName'],
  /** docs/product.md §23: 8 properties per page. */
  pageSize: 8,
  access: 'listings.read',
});

/** Review Listings: `q` matches the title; without `sort`, the repository's own order. */
export const listingListDeclaration = declareList({
  name: 'listings',
  sorts: ['title', 'status', 'address', 'hostName'],
  statuses: LISTING_STATUSES,
  defaultOrder: { order: 'asc' },
  searchFields: ['title'],
  /** docs/product.md §23: 8 listings per page. */
  pageSize: 8,
  statusFilter: LISTING_STATUS_FILTERS,
  labels: 'admin.listings.list',
  access: 'listings.read',
});

/**
 * GET /api/admin/bookings (and /api/admin/admin/bookings, the Refresh path of docs/product.md §21). `q` matches guest
 * name, guest e-mail, property title and property address (case-insensitive, `%` and `_` literal)
 * and, as `123` or `#123`, the booking id exactly. Without `sort` a page lists the newest bookings
 * first (id descending); with `sort`, `order` defaults to asc, empty values (null or '') come last
 * in both directions and the id breaks ties. The CSV lists the selected bookings in id order.
 */
export const bookingListDeclaration = declareList({
  name: 'bookings',
  paths: ['/api/admin/bookings', '/api/admin/admin/bookings'],
  sorts: ['id', 'User.name', 'Property.title', 'checkInDate', 'checkOutDate', 'total', 'status'],
  statuses: BOOKING_STATUSES,
  defaultOrder: { order: 'desc' },
  searchFields: ['User.name', 'User.email', 'Property.title', 'Property.address', 'id'],
  idSearch: { allowHash: true },
  /** docs/product.md §23: 8 bookings per page. */
  pageSize: 8,
  csvColumns: [
    'id',
    'status',
    'checkInDate',
    'checkOutDate',
    'total',
    'adultCount',
    'childrenCount',
    'isPetComing',
    'isCancelled',
    'isDisputed',
    { header: 'guestName', field: 'User.name' },
    { header: 'guestEmail', field: 'User.email' },
    { header: 'propertyTitle', field: 'Property.title' },
    { header: 'propertyAddress', field: 'Property.address' },
  ],
  statusFilter: { confirmed: 'confirmed', pending: 'pending', cancelled: 'cancelled', completed: 'completed' },
  access: 'bookings.read',
});

/**
 * GET /api/admin/feedbacks. `q` matches the comments and the user's name (case-insensitive, `%` and
 * `_` literal). Without `sort`: newest first; with `sort`, `order` defaults to asc. Equal ratings keep
 * the newest first. There is no status filter and no CSV.
 */
export const feedbackListDeclaration = declareList({
  name: 'feedbacks',
  sorts: ['createdAt', 'rating'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['comments', 'User.name'],
  /** Cards per "Show More" step (docs/product.md §23: 10). */
  pageSize: 10,
  labels: 'admin.feedback',
  tag: 'feedback',
  access: 'feedback.read',
});

/** Both lists: newest first unless the call names a sort; `format=csv` downloads all rows, or the searched ones, in the same order. */
export const hostInformationListDeclaration = declareList({
  name: 'host-information',
  sorts: ['createdAt', 'name', 'email', 'phone', 'address'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['name', 'email', 'phone', 'address'],
  pageSize: 10,
  csvColumns: ['id', 'name', 'email', 'phone', 'address', 'createdAt'],
  labels: 'admin.landingData.hostInterest',
  tag: 'landing',
  access: 'landing.read',
});

export const emailSubscriberListDeclaration = declareList({
  name: 'email-subscribers',
  sorts: ['createdAt', 'email'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['email'],
  pageSize: 10,
  csvColumns: ['id', 'email', 'createdAt'],
  labels: 'admin.landingData.subscribers',
  tag: 'landing',
  access: 'landing.read',
});

/**
 * Activity: every decision the audit trail records. `q` matches the staff member's e-mail and name,
 * the action and the reason; `status` is the kind of record; `staffId` keeps one staff member's
 * entries, in every form (page, whole array and CSV).
 */
export const activityListDeclaration = declareList({
  name: 'activity',
  sorts: ['createdAt'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  statuses: AUDIT_ENTITY_TYPES,
  statusFilter: { host: 'host', listing: 'listing', property: 'property', promo: 'promo', staff: 'staff' },
  searchFields: ['administratorEmail', 'administratorName', 'action', 'reason'],
  filters: { staffId: 'id' },
  pageSize: 10,
  csvColumns: ['id', 'createdAt', 'administratorEmail', 'action', 'entityType', 'entityId', 'reason', 'before', 'after'],
  tag: 'audit',
  access: 'activity.read',
});

/**
 * GET /api/admin/staff. `q` matches name and e-mail; `status` is the role filter (one of ROLES), so
 * the list screen's status filter serves as the role filter. Administrators only.
 */
export const staffListDeclaration = declareList({
  name: 'staff',
  sorts: ['name', 'email', 'role', 'createdAt'],
  defaultOrder: { sort: 'name', order: 'asc' },
  statuses: ROLES,
  statusFilter: { administrator: 'administrator', moderator: 'moderator', support: 'support', viewer: 'viewer' },
  searchFields: ['name', 'email'],
  pageSize: 10,
  access: 'staff.manage',
});
