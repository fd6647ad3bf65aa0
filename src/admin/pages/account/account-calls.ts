// The calls of My account and the enrolment screen (POST /api/admin/account/...), through the data
// provider, and what their refusals say in the shown language.
import { useCustomMutation, type HttpError } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { ACCOUNT_REASONS } from '../../../contracts/account';
import { ADMIN_CALLS } from '../../resources';
import { useStepUp } from '../../step-up/step-up';
import { registerAccountCatalogue } from '../../../i18n/account-catalogue';

// These texts load with this screen.
registerAccountCatalogue();

type AccountCall = 'changePassword' | 'startSecondFactor' | 'confirmSecondFactor' | 'disableSecondFactor' | 'renewRecoveryCodes';
type AccountReason = keyof typeof ACCOUNT_REASONS;

/**
 * One account call at a time: the answer on success; a refusal rejects with the data provider's
 * HttpError (status, message, reason). A call that needs a step-up asks for it first (the step-up
 * dialog), then goes again; closed, the call keeps its refusal.
 */
export function useAccountCall() {
  const { mutateAsync, mutation } = useCustomMutation<object, HttpError>();
  const withStepUp = useStepUp();
  async function call<Answer>(name: AccountCall, values: object = {}): Promise<Answer> {
    const { method, path } = ADMIN_CALLS[name];
    const { data } = await withStepUp(() => mutateAsync({ url: path, method, values, successNotification: false, errorNotification: false }));
    return data as Answer;
  }
  return { call, isPending: mutation.isPending };
}

/** The contract's name of a refusal's reason ('codeInvalid', 'setupReplaced'...), if it is one of the account's. */
export function accountReasonOf(error: unknown): AccountReason | undefined {
  const reason = (error as { reason?: unknown } | undefined)?.reason;
  return (Object.keys(ACCOUNT_REASONS) as AccountReason[]).find((name) => ACCOUNT_REASONS[name] === reason);
}

/** What a refused account call says: its reason or status in the shown language, else the server's own message. */
export function accountErrorText(t: TFunction, error: unknown): string {
  const reason = accountReasonOf(error);
  if (reason) return t(`admin.account.reasons.${reason}`);
  const { statusCode, message } = (error ?? {}) as Partial<HttpError>;
  if (statusCode === 429) return t('admin.account.errors.tooManyAttempts');
  return typeof message === 'string' && message !== '' ? message : t('admin.errors.server');
}
