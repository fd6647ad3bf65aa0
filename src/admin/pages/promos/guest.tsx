// Guest Promo (/promo-code-guest): code, expiry, value and activation, each value field read-only
// until its Edit button is pressed; Save stores them.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, DatePicker, Form, Input } from 'antd';
import { usePermission } from '../../access';
import { NumberInput } from '../../components/number-input';
import { CalendarOutlined, EditOutlined } from '../../icons';
import { MAX_PROMO_CODE_LENGTH, MAX_PROMO_VALUE, type GuestPromoState, type GuestPromoUpdate } from '../../../contracts/promos';
import { PROMO_DATE_DISPLAY_FORMATS, isExpiredPromoDate, promoCodeRules, promoDateItemProps, promoDateRules, promoValueRules } from './promo-rules';
import { PromoFormFooter, PromoFrame } from './promo-frame';
import { usePromoForm } from './use-promo-form';

const EDITABLE_FIELDS = ['promoCode', 'validUntil', 'promoValue'] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];

const NOTHING_EDITED: Record<EditableField, boolean> = { promoCode: false, validUntil: false, promoValue: false };

const FIELD_IDS: Record<EditableField, string> = {
  promoCode: 'guest-promo-code',
  validUntil: 'guest-promo-valid-until',
  promoValue: 'guest-promo-value',
};

const FIELD_LABEL_KEYS: Record<EditableField, string> = {
  promoCode: 'admin.promos.guest.promoCode',
  validUntil: 'admin.promos.guest.validUntil',
  promoValue: 'admin.promos.guest.promoValue',
};

export function GuestPromoPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(NOTHING_EDITED);
  // Only an Administrator changes promos; the other readers see the values without the controls.
  const canWrite = usePermission('promos', 'promos.write');
  const makeEditable = (field: EditableField) => setEditing((current) => ({ ...current, [field]: true }));

  function startEditing(field: EditableField) {
    makeEditable(field);
    // The field becomes editable on the next render; then the cursor goes into it.
    setTimeout(() => document.getElementById(FIELD_IDS[field])?.focus());
  }

  const { formProps, saveButtonProps, form, query, mutation, failure, clearFailure, reload } = usePromoForm<GuestPromoState, GuestPromoUpdate>({
    kind: 'guest',
    dateField: 'validUntil',
    fields: EDITABLE_FIELDS,
    onSaved: () => setEditing(NOTHING_EDITED),
    onFieldRefused: makeEditable,
  });
  const isActive = Form.useWatch('activation', form) as boolean | undefined;
  const validUntil: unknown = Form.useWatch('validUntil', form);
  const fieldProps = (field: EditableField) => ({ field, isEditing: editing[field], canWrite, onEdit: startEditing });

  return (
    <PromoFrame
      title={t('admin.promos.guest.title')}
      description={t('admin.promos.guest.description')}
      query={query}
      failure={failure}
      clearFailure={clearFailure}
      reload={reload}
    >
      <Form
        {...formProps}
        layout="vertical"
        disabled={query?.isLoading || query?.isError || !canWrite}
        onFinishFailed={({ errorFields }) => {
          // A refused field must be editable to be put right.
          for (const { name } of errorFields) {
            const field = EDITABLE_FIELDS.find((candidate) => candidate === name[0]);
            if (field) makeEditable(field);
          }
        }}
      >
        <Form.Item name="version" hidden>
          <NumberInput />
        </Form.Item>

        <FieldWithEdit {...fieldProps('promoCode')}>
          <Form.Item name="promoCode" noStyle rules={promoCodeRules(t)}>
            <Input id={FIELD_IDS.promoCode} readOnly={!editing.promoCode} maxLength={MAX_PROMO_CODE_LENGTH} />
          </Form.Item>
        </FieldWithEdit>

        <FieldWithEdit {...fieldProps('validUntil')} extra={isExpiredPromoDate(validUntil) && <Alert type="warning" message={t('admin.promos.expired')} />}>
          <Form.Item name="validUntil" noStyle rules={promoDateRules(t)} {...promoDateItemProps}>
            <DatePicker
              id={FIELD_IDS.validUntil}
              format={PROMO_DATE_DISPLAY_FORMATS}
              disabled={!editing.validUntil}
              allowClear={false}
              suffixIcon={<CalendarOutlined />}
              style={{ flex: 1 }}
            />
          </Form.Item>
        </FieldWithEdit>

        <FieldWithEdit {...fieldProps('promoValue')}>
          <Form.Item name="promoValue" noStyle rules={promoValueRules(t)}>
            <NumberInput id={FIELD_IDS.promoValue} readOnly={!editing.promoValue} min={1} max={MAX_PROMO_VALUE} precision={0} suffix="%" style={{ flex: 1 }} />
          </Form.Item>
        </FieldWithEdit>

        <Form.Item label={t('admin.promos.activation')} htmlFor="guest-promo-activation">
          <Form.Item name="activation" valuePropName="checked" noStyle>
            <Checkbox id="guest-promo-activation">{isActive === false ? t('admin.promos.inactive') : t('admin.promos.active')}</Checkbox>
          </Form.Item>
        </Form.Item>

        <PromoFormFooter
          back={{ to: '/guest-manage', label: t('admin.promos.guest.back') }}
          canWrite={canWrite}
          saveButtonProps={saveButtonProps}
          isSaving={mutation.isPending}
        />
      </Form>
    </PromoFrame>
  );
}

interface FieldWithEditProps {
  field: EditableField;
  isEditing: boolean;
  canWrite: boolean;
  onEdit: (field: EditableField) => void;
  /** Under the field (the expired date's warning). */
  extra?: ReactNode;
  /** The field's own form item. */
  children: ReactNode;
}

/** A value field, labelled, with its Edit button beside it for the roles that change promos; the button rests while the field is editable. */
function FieldWithEdit({ field, isEditing, canWrite, onEdit, extra, children }: FieldWithEditProps) {
  const { t } = useTranslation();
  const label = t(FIELD_LABEL_KEYS[field]);
  return (
    <Form.Item label={label} htmlFor={FIELD_IDS[field]} required extra={extra}>
      <div style={{ display: 'flex', gap: 8 }}>
        {children}
        {canWrite ? (
          <Button icon={<EditOutlined />} onClick={() => onEdit(field)} disabled={isEditing} aria-label={t('admin.promos.editField', { field: label })}>
            {t('admin.promos.edit')}
          </Button>
        ) : null}
      </div>
    </Form.Item>
  );
}
