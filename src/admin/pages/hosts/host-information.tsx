// The "Host Information" of Host Details (docs/product.md §9): the host's name, e-mail, phone and
// address, read or edited in place, and the edit itself (the rules of §20.1 checked before Save).
import { useInvalidate, useUpdate, type HttpError } from '@refinedev/core';
import { App, Descriptions, Form, Input, Typography, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOST_EDIT_FIELDS, HOST_EDIT_LIMITS, HOST_EDIT_MESSAGES, validateHostEdit, type HostDetail, type HostEditValues } from '../../../contracts/hosts';
import { SectionCard } from '../../components/section-card';
import { markOwnChange } from '../../live/own-changes';
import { Notice } from '../../components/notice';

/** The catalogue key of each host edit message (docs/product.md §20.1), so the rule's text shows in the chosen language. */
const VALIDATION_KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(HOST_EDIT_MESSAGES).map(([key, text]) => [text, `admin.hosts.detail.validation.${key}`]),
);

function editValuesOf(host: HostDetail): HostEditValues {
  return {
    name: host.name,
    email: host.email ?? '',
    phone: host.phone ?? '',
    propertyAddress: host.propertyAddress ?? '',
  };
}

/** Editing a host (the one at `id` in the address): start, cancel, and save once the edit rules pass. */
export function useHostEdit(id: string, host: HostDetail) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<HostEditValues>();
  // The host being edited: the keyboard queue (J, K, a decision) shows the next host in the same
  // screen, which then shows its values, not a form still open on the last host's.
  const [editedId, setEditedId] = useState<string>();
  const isEditing = editedId === id;
  const setIsEditing = (isOn: boolean) => setEditedId(isOn ? id : undefined);
  /** The host whose values the form holds (it keeps them between edits of one host). */
  const heldId = useRef<string>(undefined);
  const [formError, setFormError] = useState<string>();
  const { mutate: update, mutation: updating } = useUpdate<HostDetail, HttpError, HostEditValues>();
  const validationText = (text: string) => (VALIDATION_KEYS[text] ? t(VALIDATION_KEYS[text]) : text);

  function startEditing() {
    if (heldId.current !== id) form.setFieldsValue(editValuesOf(host));
    heldId.current = id;
    setFormError(undefined);
    setIsEditing(true);
  }

  function cancelEditing() {
    // Cancel restores the stored values: the form keeps its values between edits, so they are put back first.
    form.setFieldsValue(editValuesOf(host));
    setFormError(undefined);
    setIsEditing(false);
  }

  function save() {
    const values = form.getFieldsValue(true) as HostEditValues;
    const problem = validateHostEdit(values);
    if (problem) {
      setFormError(validationText(problem));
      return;
    }
    setFormError(undefined);
    markOwnChange('host', id);
    update(
      { resource: 'hosts', id, values, successNotification: false, errorNotification: false },
      {
        onSettled: () => markOwnChange('host', id),
        onSuccess: () => {
          // The next Edit starts from what was saved.
          form.setFieldsValue(values);
          setIsEditing(false);
          void message.success(t('admin.hosts.detail.updated'));
          void invalidate({ invalidates: ['all'] });
        },
        onError: (error) => setFormError(`${t('admin.hosts.detail.errors.updateFailed')}: ${validationText(error.message)}`),
      },
    );
  }

  return { form, isEditing, formError, isSaving: updating.isPending, startEditing, cancelEditing, save };
}

export type HostEdit = ReturnType<typeof useHostEdit>;

/** The host's contact details: a form while editing, otherwise the values with "Not provided" for the missing ones. */
export function HostInformationCard({ host, edit }: { host: HostDetail; edit: HostEdit }) {
  const { t } = useTranslation();
  const shown = (value: string | null) => (value ? value : <Typography.Text italic>{t('admin.hosts.detail.notProvided')}</Typography.Text>);
  return (
    <SectionCard title={t('admin.hosts.detail.information')}>
      {edit.isEditing ? (
        <HostEditForm form={edit.form} host={host} formError={edit.formError} onFinish={edit.save} />
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('admin.hosts.detail.fields.name')}>{shown(host.name)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.detail.fields.email')}>{shown(host.email)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.detail.fields.phone')}>{shown(host.phone)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.detail.fields.propertyAddress')}>{shown(host.propertyAddress)}</Descriptions.Item>
        </Descriptions>
      )}
    </SectionCard>
  );
}

interface HostEditFormProps {
  form: FormInstance<HostEditValues>;
  host: HostDetail;
  formError: string | undefined;
  onFinish: () => void;
}

function HostEditForm({ form, host, formError, onFinish }: HostEditFormProps) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={editValuesOf(host)}>
      {formError && <Notice role="alert" type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
      {HOST_EDIT_FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`admin.hosts.detail.fields.${field}`)}>
          {field === 'propertyAddress' ? (
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={HOST_EDIT_LIMITS[field]} />
          ) : (
            <Input type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'} maxLength={HOST_EDIT_LIMITS[field]} />
          )}
        </Form.Item>
      ))}
    </Form>
  );
}
