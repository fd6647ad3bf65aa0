import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../app-name';
import { registerLoginCatalogue } from '../i18n/login-catalogue';
import { signIn, type SecondStepFailure } from '../lib/sign-in';
import { FailureNotice } from './failure-notice';
import { SecondFactorStep } from './second-factor-step';
// oxlint-disable-next-line import/no-unassigned-import -- the page's own stylesheet, split into the login chunk's CSS
import './login.css';

registerLoginCatalogue();

/** The back-office, fetched while the administrator types, so the dashboard follows a sign-in at once. */
const loadAdmin = () => import('../admin/app');

type FieldErrors = { email?: string; password?: string };

/** Why the last session ended (the admin's auth provider sends a 401 here with a reason). */
function endedMessageKey(search: string): string | undefined {
  const reason = new URLSearchParams(search).get('reason');
  if (reason === 'expired') return 'admin.auth.sessionExpired';
  if (reason === 'unauthorized') return 'admin.auth.unauthorized';
  return undefined;
}

/**
 * The sign-in page: e-mail (typed as e-mail) and password, both required; a right password opens
 * the dashboard, or, for a member with a second factor, the code step in place of the form (the
 * challenge lives in this component's state only). Plain React and CSS, no Refine or Ant Design, so
 * it shows at once; the back-office loads meanwhile.
 */
export default function LoginFace({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SecondStepFailure | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  // The e-mail typed before the code step, so "Back" and an ended challenge keep it.
  const [email, setEmail] = useState('');
  const ended = endedMessageKey(window.location.search);

  useEffect(() => {
    document.title = t('admin.login.title', { appName: APP_NAME });
  }, [t]);

  // The first sign of the administrator at work (a focus, a key, a touch) starts the back-office's download.
  useEffect(() => {
    const events = ['focusin', 'keydown', 'pointerdown'] as const;
    const prefetch = () => {
      for (const name of events) document.removeEventListener(name, prefetch);
      void loadAdmin().catch(() => undefined);
    };
    for (const name of events) document.addEventListener(name, prefetch);
    return () => {
      for (const name of events) document.removeEventListener(name, prefetch);
    };
  }, []);

  const openAdmin = async () => {
    await loadAdmin().catch(() => undefined);
    onSignedIn();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const emailField = form.elements.namedItem('email') as HTMLInputElement;
    const password = form.elements.namedItem('password') as HTMLInputElement;
    const found: FieldErrors = {
      email: emailField.value.trim() === '' ? t('admin.login.emailRequired') : emailField.validity.typeMismatch ? t('admin.login.emailInvalid') : undefined,
      password: password.value === '' ? t('admin.login.passwordRequired') : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) {
      (found.email ? emailField : password).focus();
      return;
    }
    setIsPending(true);
    const result = await signIn(emailField.value.trim(), password.value);
    if (result.step === 'signed-in') return openAdmin();
    setIsPending(false);
    if (result.step === 'second-factor') {
      setEmail(emailField.value.trim());
      setChallenge(result.challenge);
      return;
    }
    setFailure(result.failure);
  };

  /** Back to the password step: by choice, or because the challenge ended (then saying so). */
  const backToPassword = (why: SecondStepFailure | null) => {
    setChallenge(null);
    setErrors({});
    setFailure(why);
  };

  const field = (name: 'email' | 'password', type: string, autoComplete: string) => {
    const inputId = `${ids}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    return (
      <div className="login-field">
        <label htmlFor={inputId}>{t(`admin.login.${name}`)}</label>
        <input
          id={inputId}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={name === 'email' ? email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="login-field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <main className="login">
      <div className="login-card">
        <h1>{t('admin.login.title', { appName: APP_NAME })}</h1>
        {challenge === null ? (
          <>
            {ended && <output className="login-notice login-notice-warning">{t(ended)}</output>}
            {failure && <FailureNotice failure={failure} />}
            <form noValidate onSubmit={(event) => void submit(event)}>
              {field('email', 'email', 'username')}
              {field('password', 'password', 'current-password')}
              <button type="submit" className="login-submit" disabled={isPending} aria-busy={isPending}>
                {t('admin.login.submit')}
              </button>
            </form>
          </>
        ) : (
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={() => void openAdmin()}
            onEnded={(why) => backToPassword(why)}
            onBack={() => backToPassword(null)}
          />
        )}
      </div>
    </main>
  );
}
