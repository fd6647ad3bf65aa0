import type { HttpError } from '@refinedev/core';
import { Button, Checkbox, Flex, Form, Input, type InputRef } from 'antd';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type CreateEndpointRequest, type WebhookEndpoint } from '../../../contracts/webhooks';
import { Notice } from '../../components/notice';
import { eventTypesRules, fieldOfWebhookMessage, translateWebhookMessage, urlRules } from './endpoint-messages';
import { useEndpointSave } from './use-endpoint-calls';

const EVENT_TYPE_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }));

interface EndpointFormProps {
  /** The endpoint changed, or none: a new one is added. */
  endpoint: WebhookEndpoint | undefined;
  onSaved(endpoint: WebhookEndpoint, secret: string | undefined): void;
  onCancel(): void;
  /** The URL field, focused by the dialog once it shows (hidden until then, it could not take focus). */
  urlInputRef: RefObject<InputRef | null>;
}

/** Add or Edit endpoint: its URL and the kinds of event it takes, checked by the contract's rules before the call. */
export function EndpointForm({ endpoint, onSaved, onCancel, urlInputRef }: EndpointFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateEndpointRequest>();
  const { save, isSaving } = useEndpointSave();
  const [formError, setFormError] = useState<string>();

  function showFailure(error: HttpError) {
    const message = translateWebhookMessage(t, error.message);
    const field = error.statusCode === 400 ? fieldOfWebhookMessage(error.message) : undefined;
    if (field) {
      form.setFields([{ name: field, errors: [message] }]);
      form.focusField(field);
    } else setFormError(`${t('admin.webhookEndpoints.form.failed')}: ${message}`);
  }

  function submit(values: CreateEndpointRequest) {
    setFormError(undefined);
    save(endpoint, { url: values.url.trim(), eventTypes: values.eventTypes }, { onSaved, onFailed: showFailure });
  }

  return (
    <Form<CreateEndpointRequest>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ url: endpoint?.url ?? '', eventTypes: endpoint?.eventTypes ?? [] }}
      onFinish={submit}
    >
      {formError ? <Notice type="error" role="alert" showIcon message={formError} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="url" validateFirst label={t('admin.webhookEndpoints.form.url')} extra={t('admin.webhookEndpoints.form.urlHelp')} rules={urlRules(t)}>
        <Input ref={urlInputRef} inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" />
      </Form.Item>
      {/* A fieldset names the group of checkboxes; a label element would name none of them. */}
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend style={{ fontSize: 14, paddingBottom: 8, marginBottom: 0, border: 0 }}>{t('admin.webhookEndpoints.form.eventTypes')}</legend>
        <Form.Item name="eventTypes" validateFirst extra={t('admin.webhookEndpoints.form.eventTypesHelp')} rules={eventTypesRules(t)}>
          <Checkbox.Group options={EVENT_TYPE_OPTIONS} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }} />
        </Form.Item>
      </fieldset>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>{t('admin.webhookEndpoints.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t(endpoint ? 'admin.webhookEndpoints.form.save' : 'admin.webhookEndpoints.form.add')}
        </Button>
      </Flex>
    </Form>
  );
}
