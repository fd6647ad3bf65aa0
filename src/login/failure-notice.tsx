import { useTranslation } from 'react-i18next';
import type { SecondStepFailure } from '../lib/sign-in';

/** The box of a refused sign-in: "Login failed" and why. */
export function FailureNotice({ failure }: { failure: SecondStepFailure }) {
  const { t } = useTranslation();
  return (
    <div className="login-notice login-notice-error" role="alert">
      <strong>{t('admin.login.failedTitle')}</strong>
      <p>{t(failure)}</p>
    </div>
  );
}
