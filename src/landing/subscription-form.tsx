import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from './form-status';
import { LandingSection } from './landing-section';
import { subscribeEmail, type SubmissionOutcome } from './public-api';

/** The updates subscription: one e-mail field; the server refuses an invalid address. */
export function SubscriptionForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SubmissionOutcome | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    const result = await subscribeEmail(email);
    if (result === 'success') setEmail('');
    setOutcome(result);
    setSending(false);
  };

  const failure = t('landing.subscribe.failure');
  return (
    <LandingSection name="subscribe" panelClassName="subscribe-panel">
      <form className="inline-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId}>{t('landing.subscribe.email')}</label>
        <div className="inline-form-row">
          <input id={inputId} name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button className="button button-primary" type="submit" disabled={isSending}>
            {isSending ? t('landing.subscribe.submitting') : t('landing.subscribe.submit')}
          </button>
        </div>
        <FormStatus
          outcome={outcome}
          messages={{
            success: t('landing.subscribe.success'),
            invalid: t('landing.subscribe.invalid'),
            failure,
            'rate-limited': t('landing.subscribe.rateLimited'),
            exception: t('landing.subscribe.exception'),
          }}
        />
      </form>
    </LandingSection>
  );
}
