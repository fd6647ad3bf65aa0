// The two host promo screens share one form: Validity Ends, Number of free stays offered and the
// Activation toggle, saved to the promo of their kind.
import { useTranslation } from 'react-i18next';
import { Alert, DatePicker, Form, Switch } from 'antd';
import { usePermission } from '../../access';
import { NumberInput } from '../../components/number-input';
import { CalendarOutlined } from '../../icons';
import { MAX_FREE_STAYS, type HostPromoState, type HostPromoUpdate, type PromoUrlKind } from '../../../contracts/promos';
import { PROMO_DATE_DISPLAY_FORMATS, freeStaysRules, isExpiredPromoDate, promoDateItemProps, promoDateRules } from './promo-rules';
import { PromoFormFooter, PromoFrame } from './promo-frame';
import { usePromoForm } from './use-promo-form';
import { PROMO_OVERVIEW_ROUTE } from './routes';

const HOST_FIELDS = ['validityEnds', 'freeStays'] as const;

interface HostPromoFormProps {
  kind: Exclude<PromoUrlKind, 'guest'>;
  /** Catalogue keys of the screen's heading and of the sentence saying whom the promo applies to. */
  titleKey: string;
  descriptionKey: string;
}

export function HostPromoForm({ kind, titleKey, descriptionKey }: HostPromoFormProps) {
  const { t } = useTranslation();
  const { formProps, saveButtonProps, form, query, mutation, failure, clearFailure, reload } = usePromoForm<HostPromoState, HostPromoUpdate>({
    kind,
    dateField: 'validityEnds',
    fields: HOST_FIELDS,
  });
  const isActive = Form.useWatch('isActive', form) as boolean | undefined;
  const validityEnds: unknown = Form.useWatch('validityEnds', form);
  const ids = { validityEnds: `${kind}-validity-ends`, freeStays: `${kind}-free-stays`, isActive: `${kind}-activation` };
  // Only an Administrator changes promos; the other readers see the values without Save.
  const canWrite = usePermission('promos', 'promos.write');

  return (
    <PromoFrame title={t(titleKey)} description={t(descriptionKey)} query={query} failure={failure} clearFailure={clearFailure} reload={reload}>
      <Form {...formProps} layout="vertical" disabled={query?.isLoading || query?.isError || !canWrite}>
        <Form.Item name="version" hidden>
          <NumberInput />
        </Form.Item>

        <Form.Item
          name="validityEnds"
          label={t('admin.promos.host.validityEnds')}
          htmlFor={ids.validityEnds}
          rules={promoDateRules(t)}
          required
          extra={isExpiredPromoDate(validityEnds) && <Alert type="warning" message={t('admin.promos.expired')} />}
          {...promoDateItemProps}
        >
          <DatePicker id={ids.validityEnds} format={PROMO_DATE_DISPLAY_FORMATS} allowClear={false} suffixIcon={<CalendarOutlined />} />
        </Form.Item>

        <Form.Item name="freeStays" label={t('admin.promos.host.freeStays')} htmlFor={ids.freeStays} rules={freeStaysRules(t)} required>
          <NumberInput id={ids.freeStays} min={1} max={MAX_FREE_STAYS} precision={0} />
        </Form.Item>

        <Form.Item label={t('admin.promos.activation')} htmlFor={ids.isActive}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Form.Item name="isActive" valuePropName="checked" noStyle>
              <Switch id={ids.isActive} />
            </Form.Item>
            <span aria-hidden>{isActive === false ? t('admin.promos.inactive') : t('admin.promos.active')}</span>
          </div>
        </Form.Item>

        <PromoFormFooter
          back={{ to: PROMO_OVERVIEW_ROUTE, label: t('admin.promos.backToOverview') }}
          canWrite={canWrite}
          saveButtonProps={saveButtonProps}
          isSaving={mutation.isPending}
        />
      </Form>
    </PromoFrame>
  );
}
