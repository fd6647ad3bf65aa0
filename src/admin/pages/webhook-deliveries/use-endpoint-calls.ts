// The endpoint calls of the Endpoints tab through the data provider (the 'webhook-endpoints' actions
// in resources.ts): add or change one, enable or disable one; the list is read afresh after each.
import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedEndpoint, CreateEndpointRequest, UpdateEndpointRequest, WebhookEndpoint } from '../../../contracts/webhooks';
import { actionPath } from '../../resources';
import { translateWebhookMessage } from './endpoint-messages';

export const ENDPOINTS_RESOURCE = 'webhook-endpoints';

interface SaveHandlers {
  /** The endpoint as saved, and its signing secret when it was just added (this answer only). */
  onSaved(endpoint: WebhookEndpoint, secret: string | undefined): void;
  onFailed(error: HttpError): void;
}

/** Adds an endpoint (POST) or changes one (PATCH). The answer, secret and all, is dropped from the query cache at once. */
export function useEndpointSave() {
  const invalidate = useInvalidate();
  // No cache time: the mutation holding the secret is forgotten as soon as it is reset below.
  const { mutate, mutation } = useCustomMutation<(CreatedEndpoint | WebhookEndpoint) & BaseRecord, HttpError, CreateEndpointRequest | UpdateEndpointRequest>({
    mutationOptions: { gcTime: 0 },
  });

  function save(endpoint: WebhookEndpoint | undefined, values: CreateEndpointRequest, handlers: SaveHandlers) {
    mutate(
      {
        url: endpoint ? actionPath(ENDPOINTS_RESOURCE, 'update', endpoint.id) : actionPath(ENDPOINTS_RESOURCE, 'create'),
        method: endpoint ? 'patch' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          mutation.reset();
          if ('secret' in data) handlers.onSaved(data.endpoint, data.secret);
          else handlers.onSaved(data as WebhookEndpoint, undefined);
          void invalidate({ resource: ENDPOINTS_RESOURCE, invalidates: ['list'] });
        },
        onError: handlers.onFailed,
      },
    );
  }
  return { save, isSaving: mutation.isPending };
}

/** Enables or disables an endpoint, with a notice of what that means for its deliveries. */
export function useEndpointToggle() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutate } = useCustomMutation<WebhookEndpoint & BaseRecord, HttpError, UpdateEndpointRequest>();
  const [togglingId, setTogglingId] = useState<string>();

  function setEnabled(endpoint: WebhookEndpoint, isEnabled: boolean) {
    setTogglingId(endpoint.id);
    mutate(
      {
        url: actionPath(ENDPOINTS_RESOURCE, 'update', endpoint.id),
        method: 'patch',
        values: { isEnabled },
        successNotification: () => ({ type: 'success', message: t(`admin.webhookEndpoints.${isEnabled ? 'enabledNotice' : 'disabledNotice'}`) }),
        errorNotification: (error) => ({ type: 'error', message: translateWebhookMessage(t, error?.message ?? '') }),
      },
      {
        onSettled: () => {
          setTogglingId(undefined);
          void invalidate({ resource: ENDPOINTS_RESOURCE, invalidates: ['list'] });
        },
      },
    );
  }
  return { setEnabled, togglingId };
}
