// Hosts: the list, the count cards, the user and verification detail, the host detail envelope
// and the host edit rules (docs/product.md §20.1), shared by the server and the web form.
import { z } from 'zod';
import { countsSchema, isValidEmail, MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from './common';
import { HOST_STATUSES } from './statuses';

export const hostListItemSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  statusHost: z.enum(HOST_STATUSES),
  numberOfProperties: z.number().int(),
  /** Since when the host is suspended (src/contracts/user-suspension.ts), ISO 8601; null while active. */
  suspendedAt: z.string().nullable(),
});
export type HostListItem = z.infer<typeof hostListItemSchema>;

/** The four count cards: every host, whatever the search or filter of the list. */
export const hostSummarySchema = countsSchema(['total', 'approved', 'pending', 'rejected']);
export type HostSummary = z.infer<typeof hostSummarySchema>;

/** GET /api/admin/user/:id (docs/product.md §21). Timestamps are ISO 8601. */
export const userDetailsResponseSchema = z.object({
  userDetails: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phoneCountryCode: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    about: z.string().nullable(),
    createdAt: z.string(),
    profilePicture: z.string().nullable(),
  }),
  hostVerificationDetails: z
    .object({
      idType: z.string(),
      country: z.string(),
      createdAt: z.string(),
      idDocumentUrl: z.string(),
    })
    .nullable(),
});
export type UserDetailsResponse = z.infer<typeof userDetailsResponseSchema>;

/** The host of the host detail screen. Timestamps are ISO 8601. */
export const hostDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  propertyAddress: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type HostDetail = z.infer<typeof hostDetailSchema>;

export const hostDetailResponseSchema = z.object({ success: z.literal(true), data: hostDetailSchema });

export const hostDeleteResponseSchema = z.object({ success: z.literal(true) });

export const HOST_NOT_FOUND_MESSAGE = 'Host not found';

/** docs/product.md §20.1, word for word. */
export const HOST_EDIT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone is required',
  propertyAddressRequired: 'Property address is required',
  emailInvalid: 'Please enter a valid email address',
} as const;

export const HOST_EDIT_FIELDS = ['name', 'email', 'phone', 'propertyAddress'] as const;
export type HostEditField = (typeof HOST_EDIT_FIELDS)[number];
export type HostEditValues = Record<HostEditField, string>;

export const HOST_EDIT_LIMITS: Record<HostEditField, number> = {
  name: MAX_SHORT_TEXT_LENGTH,
  email: MAX_SHORT_TEXT_LENGTH,
  phone: MAX_SHORT_TEXT_LENGTH,
  propertyAddress: MAX_TEXT_LENGTH,
};

const HOST_EDIT_LABELS: Record<HostEditField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  propertyAddress: 'Property address',
};

export function hostEditTooLongMessage(field: HostEditField): string {
  return `${HOST_EDIT_LABELS[field]} must be at most ${HOST_EDIT_LIMITS[field]} characters`;
}

const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * The host edit rules in the order of docs/product.md §20.1; answers the first failure's message, or undefined.
 * Blankness is judged after trimming, but the values are stored as typed. Lengths come last.
 */
export function validateHostEdit(values: Partial<Record<HostEditField, string | null>>): string | undefined {
  if (isBlank(values.name)) return HOST_EDIT_MESSAGES.nameRequired;
  if (isBlank(values.email)) return HOST_EDIT_MESSAGES.emailRequired;
  if (isBlank(values.phone)) return HOST_EDIT_MESSAGES.phoneRequired;
  if (isBlank(values.propertyAddress)) return HOST_EDIT_MESSAGES.propertyAddressRequired;
  if (!isValidEmail(values.email ?? '')) return HOST_EDIT_MESSAGES.emailInvalid;
  const tooLong = HOST_EDIT_FIELDS.find((field) => (values[field] ?? '').length > HOST_EDIT_LIMITS[field]);
  return tooLong ? hostEditTooLongMessage(tooLong) : undefined;
}

// A missing field reads as blank, so it gets the rule's "... is required" rather than a type error.
const editField = (field: HostEditField) => z.string().default('').meta({ maxLength: HOST_EDIT_LIMITS[field] });

/** PUT /api/hosts/:id: four strings, checked by validateHostEdit (first failure only). */
export const hostEditRequestSchema = z
  .object({
    name: editField('name'),
    email: editField('email'),
    phone: editField('phone'),
    propertyAddress: editField('propertyAddress'),
  })
  .superRefine((values, context) => {
    const message = validateHostEdit(values);
    if (message) context.addIssue({ code: 'custom', message });
  });
