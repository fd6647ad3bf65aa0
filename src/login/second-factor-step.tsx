import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInSecondFactor, type SecondFactorProof, type SecondStepFailure } from '../lib/sign-in';
import { FailureNotice } from './failure-notice';

type SecondFactorStepProps = {
  /** The password step's challenge: kept in the page's state only, never stored. */
  challenge: string;
  onSignedIn: () => void;
  /** The challenge is used up (expired, used, too many wrong codes): back to the password step, saying why. */
  onEnded: (why: SecondStepFailure) => void;
  onBack: () => void;
};

/** Six digits, spaces between groups allowed ("123 456"), as src/contracts/account.ts checks it. */
function codeOf(typed: string): string | undefined {
  const code = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : undefined;
}

/** 16 characters of Crockford's base32 once spaces and dashes are gone, as src/contracts/account.ts checks it. */
function recoveryCodeOf(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-HJKMNP-TV-Z]{16}$/.test(code) ? code : undefined;
}

/**
 * The second step of a sign-in (docs/decisions/020-second-factor.md): the 6-digit code of the
 * member's authenticator app, or one recovery code instead; "Back" returns to the password step.
 */
export function SecondFactorStep({ challenge, onSignedIn, onEnded, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [isRecovery, setIsRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<SecondStepFailure | null>(null);
  const [isPending, setIsPending] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  // The field takes the focus as it appears: when the step opens, and when the kind of code changes.
  const attachInput = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
    element?.focus();
  }, []);
  const inputId = `${ids}-code`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const typed = isRecovery ? recoveryCodeOf(field.value) : codeOf(field.value);
    setFailure(null);
    if (typed === undefined) {
      setFieldError(t(isRecovery ? 'admin.login.secondFactor.recoveryCodeFormat' : 'admin.login.secondFactor.codeFormat'));
      field.focus();
      return;
    }
    setFieldError(undefined);
    setIsPending(true);
    const proof: SecondFactorProof = isRecovery ? { recoveryCode: typed } : { code: typed };
    const result = await signInSecondFactor(challenge, proof);
    if (result.step === 'signed-in') return onSignedIn();
    setIsPending(false);
    if (result.hasEnded) return onEnded(result.failure);
    // A wrong code: say so, and leave an empty field to type the next one.
    setFailure(result.failure);
    field.value = '';
    field.focus();
  };

  const switchKind = () => {
    setIsRecovery((current) => !current);
    setFieldError(undefined);
    setFailure(null);
  };

  const kind = isRecovery ? 'recovery' : 'code';
  return (
    <>
      {failure && <FailureNotice failure={failure} />}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="login-field">
          <label htmlFor={inputId}>{t(`admin.login.secondFactor.${kind}Label`)}</label>
          <p id={hintId} className="login-hint">
            {t(`admin.login.secondFactor.${kind}Hint`)}
          </p>
          <input
            // A new field for each kind: the browser offers one-time codes for the app's code only.
            key={kind}
            ref={attachInput}
            id={inputId}
            name={kind}
            type="text"
            inputMode={isRecovery ? 'text' : 'numeric'}
            autoComplete={isRecovery ? 'off' : 'one-time-code'}
            autoCapitalize={isRecovery ? 'characters' : undefined}
            spellCheck={false}
            maxLength={isRecovery ? 40 : 20}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
          />
          {fieldError && (
            <p id={errorId} className="login-field-error">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="login-submit" disabled={isPending} aria-busy={isPending}>
          {t('admin.login.secondFactor.submit')}
        </button>
      </form>
      <div className="login-links">
        <button type="button" className="login-link" onClick={switchKind}>
          {t(isRecovery ? 'admin.login.secondFactor.useCode' : 'admin.login.secondFactor.useRecoveryCode')}
        </button>
        <button type="button" className="login-link" onClick={onBack}>
          {t('admin.login.secondFactor.back')}
        </button>
      </div>
    </>
  );
}
