// Builders of one realistic row each, shared by the demo data set and the volume generator.
// Every builder draws only from the Random it is given, so a fixed seed gives the same rows.
import type { BookingStatus, HostStatus, ListingStatus, PropertyApprovalStatus } from '../../../src/contracts/statuses';
import {
  ABOUT_TEXTS,
  CITIES,
  CITY_WEIGHTS,
  DECLINE_REASONS,
  DESCRIPTION_DETAILS,
  DESCRIPTION_OPENINGS,
  EMAIL_DOMAINS,
  FEEDBACK_COMMENTS,
  ID_TYPES,
  OTHER_FIRST_NAMES,
  OTHER_LAST_NAMES,
  PLACE_TYPES,
  PROPERTY_TYPES,
  SOMALI_FIRST_NAMES,
  SOMALI_LAST_NAMES,
  TITLE_ADJECTIVES,
  TITLE_FEATURES,
  TITLE_NOUNS,
  demoAvatarUrl,
  demoIdDocumentUrl,
  type City,
} from './names';
import { addDays, toDateString, type Random } from './random';

/** The default "today" of generated data: fixed, so that every run writes the same rows. */
export const DEFAULT_REFERENCE_DATE = new Date('2026-11-01T12:00:00Z');

export const DEFAULT_SEED = 20_240_601;

export interface UserRow {
  isHost: boolean;
  name: string;
  email: string | null;
  phoneCountryCode: string;
  phone: string;
  propertyAddress: string | null;
  about: string | null;
  country: string;
  profilePictureUrl: string | null;
  statusHost: HostStatus;
  numberOfProperties: number;
  lastSeenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface VerificationRow {
  userId: number;
  idType: string;
  country: string;
  idDocumentUrl: string;
  createdAt: Date;
}

export interface PropertyRow {
  hostId: number;
  title: string;
  description: string;
  address: string;
  city: string;
  country: string;
  pricePerNight: number;
  propertyType: string;
  placeType: string;
  adultCount: number;
  childrenCount: number;
  checkInTime: string;
  checkOutTime: string;
  isWifi: boolean;
  isTv: boolean;
  isKitchen: boolean;
  isWasher: boolean;
  isFreeParking: boolean;
  isPaidParking: boolean;
  isAC: boolean;
  isWorkspace: boolean;
  isPetAllowed: boolean;
  isRequestBooking: boolean;
  isCancellationAllowed: boolean;
  latitude: number;
  longitude: number;
  listingStatus: ListingStatus;
  listingDeclineReason: string | null;
  approvalStatus: PropertyApprovalStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface BookingRow {
  guestId: number | null;
  propertyId: number | null;
  status: BookingStatus;
  checkInDate: string | null;
  checkOutDate: string | null;
  total: number;
  adultCount: number;
  childrenCount: number;
  isPetComing: boolean;
  isCancelled: boolean;
  isDisputed: boolean;
  createdAt: Date;
}

export interface FeedbackRow {
  userId: number | null;
  rating: number;
  comments: string | null;
  createdAt: Date;
}

interface SubmissionRow {
  name: string;
  email: string;
  phone: string;
  address: string;
  createdAt: Date;
}

interface SubscriberRow {
  email: string;
  createdAt: Date;
  updatedAt: Date;
}

const HOST_STATUS_WEIGHTS: Record<HostStatus, number> = { Confirmed: 55, Pending: 30, Rejected: 15 };
const LISTING_STATUS_WEIGHTS: Record<ListingStatus, number> = {
  Approved: 45,
  Pending: 30,
  Declined: 13,
  Rejected: 6,
  'Pending For Verification': 6,
};
const APPROVAL_STATUS_WEIGHTS: Record<PropertyApprovalStatus, number> = { pending: 35, confirmed: 40, declined: 25 };
const BOOKING_STATUS_WEIGHTS: Record<BookingStatus, number> = {
  confirmed: 35,
  pending: 20,
  cancelled: 15,
  completed: 30,
};
const RATING_WEIGHTS = { '5': 40, '4': 28, '3': 14, '2': 9, '1': 9 } as const;

/** Roughly one kilometre in degrees of latitude. */
const KILOMETRE_IN_DEGREES = 0.009;

export function pickCity(random: Random): City {
  const name = random.weighted(CITY_WEIGHTS);
  return CITIES.find((city) => city.name === name) ?? (CITIES[0] as City);
}

function makePersonName(random: Random): string {
  if (random.chance(0.7)) return `${random.pick(SOMALI_FIRST_NAMES)} ${random.pick(SOMALI_LAST_NAMES)}`;
  return `${random.pick(OTHER_FIRST_NAMES)} ${random.pick(OTHER_LAST_NAMES)}`;
}

/** A plausible address; `serial` keeps e-mails unique across millions of rows. */
function makeEmail(random: Random, name: string, serial: number): string {
  const local = name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, random.pick(['.', '_', '']));
  return `${local}${serial}@${random.pick(EMAIL_DOMAINS)}`;
}

function makePhone(random: Random): string {
  return String(random.int(610_000_000, 699_999_999));
}

function makeAddress(random: Random, city: City): string {
  return `${random.int(1, 240)} ${random.pick(city.streets)}, ${random.pick(city.districts)}, ${city.name}`;
}

export function makeUser(random: Random, options: { isHost: boolean; serial: number; reference: Date; city?: City }): UserRow {
  const city = options.city ?? pickCity(random);
  const name = makePersonName(random);
  // Hosts joined over the last two years, more of them lately; guests over three.
  const createdAt = options.isHost ? random.recentDaysBefore(options.reference, 1, 2 * 365) : random.daysBefore(options.reference, 30, 3 * 365);
  return {
    isHost: options.isHost,
    name,
    email: random.chance(0.03) ? null : makeEmail(random, name, options.serial),
    phoneCountryCode: city.phoneCountryCode,
    phone: makePhone(random),
    propertyAddress: options.isHost ? makeAddress(random, city) : null,
    about: options.isHost || random.chance(0.2) ? random.pick(ABOUT_TEXTS) : null,
    country: city.country,
    profilePictureUrl: random.chance(0.75) ? demoAvatarUrl(random.int(0, 99)) : null,
    statusHost: options.isHost ? random.weighted(HOST_STATUS_WEIGHTS) : 'Pending',
    numberOfProperties: 0,
    lastSeenAt: random.chance(0.6) ? random.daysBefore(options.reference, 0, 60) : null,
    createdAt,
    updatedAt: random.dateBetween(createdAt, options.reference),
  };
}

export function makeVerification(random: Random, userId: number, user: Pick<UserRow, 'country' | 'createdAt'>): VerificationRow {
  return {
    userId,
    idType: random.pick(ID_TYPES),
    country: user.country,
    idDocumentUrl: demoIdDocumentUrl(random.int(0, 2)),
    createdAt: addDays(user.createdAt, random.int(0, 5)),
  };
}

function makeTitle(random: Random): string {
  return `${random.pick(TITLE_ADJECTIVES)} ${random.pick(TITLE_NOUNS)} ${random.pick(TITLE_FEATURES)}`;
}

function makeDescription(random: Random): string {
  const details = [random.pick(DESCRIPTION_DETAILS), random.pick(DESCRIPTION_DETAILS)];
  return [random.pick(DESCRIPTION_OPENINGS), ...new Set(details)].join(' ');
}

/** Prices in whole dollars, cheaper in Somalia than in the diaspora capitals. */
function makePricePerNight(random: Random, city: City): number {
  const isSomali = city.country === 'Somalia';
  return isSomali ? random.int(20, 90) : random.int(45, 220);
}

export function makeProperty(random: Random, options: { hostId: number; city: City; reference: Date }): PropertyRow {
  const { city } = options;
  const listingStatus = random.weighted(LISTING_STATUS_WEIGHTS);
  const isDeclined = listingStatus === 'Declined' || listingStatus === 'Rejected';
  const createdAt = random.recentDaysBefore(options.reference, 1, 2 * 365);
  const hasFreeParking = random.chance(0.5);
  return {
    hostId: options.hostId,
    title: makeTitle(random),
    description: makeDescription(random),
    address: makeAddress(random, city),
    city: city.name,
    country: city.country,
    pricePerNight: makePricePerNight(random, city),
    propertyType: random.pick(PROPERTY_TYPES),
    placeType: random.pick(PLACE_TYPES),
    adultCount: random.int(1, 8),
    childrenCount: random.int(0, 4),
    checkInTime: random.pick(['12:00', '14:00', '15:00']),
    checkOutTime: random.pick(['10:00', '11:00', '12:00']),
    isWifi: random.chance(0.85),
    isTv: random.chance(0.6),
    isKitchen: random.chance(0.75),
    isWasher: random.chance(0.45),
    isFreeParking: hasFreeParking,
    isPaidParking: !hasFreeParking && random.chance(0.3),
    isAC: random.chance(0.7),
    isWorkspace: random.chance(0.35),
    isPetAllowed: random.chance(0.2),
    isRequestBooking: random.chance(0.4),
    isCancellationAllowed: random.chance(0.65),
    latitude: roundCoordinate(city.latitude + random.float(-4, 4) * KILOMETRE_IN_DEGREES),
    longitude: roundCoordinate(city.longitude + random.float(-4, 4) * KILOMETRE_IN_DEGREES),
    listingStatus,
    listingDeclineReason: isDeclined ? random.pick(DECLINE_REASONS) : null,
    approvalStatus: random.weighted(APPROVAL_STATUS_WEIGHTS),
    createdAt,
    updatedAt: random.dateBetween(createdAt, options.reference),
  };
}

function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Check-in dates that fit the status: completed stays are past, pending and confirmed mostly ahead. */
function makeCheckIn(random: Random, status: BookingStatus, reference: Date): Date {
  if (status === 'completed') return random.recentDaysBefore(reference, 3, 700);
  if (status === 'cancelled') return random.daysBefore(reference, -120, 600);
  return random.daysBefore(reference, -150, 2);
}

export function makeBooking(
  random: Random,
  options: { guestId: number | null; propertyId: number | null; pricePerNight: number; reference: Date },
): BookingRow {
  const status = random.weighted(BOOKING_STATUS_WEIGHTS);
  const checkIn = makeCheckIn(random, status, options.reference);
  const nights = random.int(1, 14);
  const hasDates = !random.chance(0.03);
  const isCancelled = status === 'cancelled' && random.chance(0.9);
  return {
    guestId: options.guestId,
    propertyId: options.propertyId,
    status,
    checkInDate: hasDates ? toDateString(checkIn) : null,
    checkOutDate: hasDates ? toDateString(addDays(checkIn, nights)) : null,
    // Without dates there is no stay to price, as in the legacy rows this mimics.
    total: hasDates ? nights * options.pricePerNight : 0,
    adultCount: random.int(1, 6),
    childrenCount: random.chance(0.6) ? 0 : random.int(1, 4),
    isPetComing: random.chance(0.1),
    isCancelled,
    isDisputed: (status === 'completed' || status === 'cancelled') && random.chance(0.04),
    // Stays still ahead were booked up to eight months before, so recent months are not all of them.
    createdAt: random.dateBetween(
      minDate(addDays(checkIn, status === 'pending' || status === 'confirmed' ? -240 : -60), addDays(options.reference, -1)),
      minDate(addDays(checkIn, -1), options.reference),
    ),
  };
}

function minDate(first: Date, second: Date): Date {
  return first.getTime() < second.getTime() ? first : second;
}

export function makeFeedback(random: Random, options: { userId: number | null; reference: Date }): FeedbackRow {
  return {
    userId: options.userId,
    rating: Number(random.weighted(RATING_WEIGHTS)),
    comments: random.chance(0.08) ? null : random.pick(FEEDBACK_COMMENTS),
    createdAt: random.daysBefore(options.reference, 0, 2 * 365),
  };
}

export function makeSubmission(random: Random, options: { serial: number; reference: Date }): SubmissionRow {
  const name = makePersonName(random);
  const city = pickCity(random);
  return {
    name,
    email: makeEmail(random, name, options.serial),
    phone: `${city.phoneCountryCode} ${makePhone(random)}`,
    address: makeAddress(random, city),
    createdAt: random.daysBefore(options.reference, 0, 365),
  };
}

export function makeSubscriber(random: Random, options: { serial: number; reference: Date }): SubscriberRow {
  const createdAt = random.daysBefore(options.reference, 0, 540);
  return { email: makeEmail(random, makePersonName(random), options.serial), createdAt, updatedAt: createdAt };
}

/** The three promos with their defaults (docs/product.md §14): a sample code, an October 2025 date, 5%, 5 free stays, active. */
export function makePromos(reference: Date) {
  const base = { validUntil: '2025-10-31', isActive: true, createdAt: reference, updatedAt: reference };
  return [
    { ...base, kind: 'guest' as const, name: 'Guest Promo', promoCode: 'HOY5', promoValue: 5, freeStays: null },
    { ...base, kind: 'host_new_joiner' as const, name: 'New Joiner Promo', promoCode: null, promoValue: null, freeStays: 5 },
    { ...base, kind: 'host_regular' as const, name: 'Regular Promo', promoCode: null, promoValue: null, freeStays: 5 },
  ];
}
