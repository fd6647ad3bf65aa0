import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from './form-status';
import { LandingSection } from './landing-section';
import { submitHostInformation, type HostInformation, type SubmissionOutcome } from './public-api';
import { SECTION_IDS } from './sections';

const EMPTY: HostInformation = { name: '', email: '', phone: '', address: '' };

const FIELDS = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', type: 'text', autoComplete: 'street-address' },
] as const;

/** docs/product.md §3: no required or length rules; values go to the server exactly as typed. */
export function HostRegistrationForm() {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState<HostInformation>(EMPTY);
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SubmissionOutcome | null>(null);

  const updateField = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    const result = await submitHostInformation(values);
    if (result === 'success') setValues(EMPTY);
    setOutcome(result);
    setSending(false);
  };

  const failure = t('landing.register.failure');
  return (
    <LandingSection name="register" id={SECTION_IDS.register} isTinted panelClassName="form-panel" image="/landing/register-home.svg">
      <form className="stacked-form" onSubmit={(event) => void submit(event)}>
        {FIELDS.map((field) => (
          <div key={field.name} className="field">
            <label htmlFor={`${idPrefix}-${field.name}`}>{t(`landing.register.${field.name}`)}</label>
            <input
              id={`${idPrefix}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={updateField}
            />
          </div>
        ))}
        <button className="button button-primary" type="submit" disabled={isSending}>
          {isSending ? t('landing.register.submitting') : t('landing.register.submit')}
        </button>
        <FormStatus
          outcome={outcome}
          messages={{
            success: t('landing.register.success'),
            invalid: failure,
            failure,
            'rate-limited': t('landing.register.rateLimited'),
            exception: t('landing.register.exception'),
          }}
        />
      </form>
    </LandingSection>
  );
}
