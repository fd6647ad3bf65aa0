// The endpoint form's checks, from the rules of src/contracts/webhooks.ts (the server applies the same
// ones, and the URL's scheme against its setting), and the server's messages in the screen's language.
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_MESSAGES, createEndpointRequestSchema, isWebhookUrl } from '../../../contracts/webhooks';

const ENDPOINT_MESSAGES = ['urlInvalid', 'urlTooLong', 'eventTypesRequired', 'eventTypeUnknown', 'endpointNotFound'] as const;
type EndpointMessage = (typeof ENDPOINT_MESSAGES)[number];

const FIELD_OF_MESSAGE: Partial<Record<EndpointMessage, 'url' | 'eventTypes'>> = {
  urlInvalid: 'url',
  urlTooLong: 'url',
  eventTypesRequired: 'eventTypes',
  eventTypeUnknown: 'eventTypes',
};

const keyOf = (message: string) => ENDPOINT_MESSAGES.find((key) => WEBHOOK_MESSAGES[key] === message);

/** A server or contract message in the screen's language (an unknown one is shown as it came). */
export function translateWebhookMessage(t: TFunction, message: string): string {
  const key = keyOf(message);
  return key ? t(`admin.webhookEndpoints.errors.${key}`, { max: MAX_WEBHOOK_URL_LENGTH }) : message;
}

/** The form field a server message is about, or undefined for the whole form. */
export function fieldOfWebhookMessage(message: string): 'url' | 'eventTypes' | undefined {
  const key = keyOf(message);
  return key ? FIELD_OF_MESSAGE[key] : undefined;
}

function schemaRule(t: TFunction, schema: z.ZodType, isValid: (value: unknown) => boolean = () => true): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const checked = schema.safeParse(value ?? undefined);
      if (!checked.success) throw new Error(translateWebhookMessage(t, checked.error.issues[0]?.message ?? ''));
      if (!isValid(checked.data)) throw new Error(translateWebhookMessage(t, WEBHOOK_MESSAGES.urlInvalid));
    },
  };
}

/** An address Hoy may post to; local http is left to the server, which knows whether it is allowed. */
export const urlRules = (t: TFunction): FormRule[] => [
  { required: true, message: translateWebhookMessage(t, WEBHOOK_MESSAGES.urlInvalid) },
  schemaRule(t, createEndpointRequestSchema.shape.url, (url) => isWebhookUrl(String(url), true)),
];

// Not `required`: that would mark the group aria-required, which a group of checkboxes may not carry.
export const eventTypesRules = (t: TFunction): FormRule[] => [schemaRule(t, createEndpointRequestSchema.shape.eventTypes)];
