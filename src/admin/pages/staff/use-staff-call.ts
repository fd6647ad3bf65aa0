import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '../../../contracts/staff';
import { actionPath } from '../../resources';
import { isStepUpRequired, useStepUp } from '../../step-up/step-up';
import { registerAccountCatalogue } from '../../../i18n/account-catalogue';

// These texts load with this screen.
registerAccountCatalogue();

type StaffAction = 'create' | 'role' | 'disable' | 'enable' | 'resetPassword' | 'revokeSessions' | 'resetSecondFactor';

/**
 * One staff call: the server's answer on success, its message on failure; the list reloads either
 * way. `busy` names the call under way (its `busyKey`), for the control that shows it. A call that
 * needs a step-up (a role, a disable, a password, a second factor's reset: decision 039) asks for it
 * first and goes again; when the dialog is closed instead, the screen says nothing was changed.
 */
export function useStaffCall() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const withStepUp = useStepUp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<StaffRow & { revoked?: number }>();
  const [busy, setBusy] = useState<string | null>(null);

  async function call(action: StaffAction, id: number | undefined, values: object, busyKey: string) {
    setBusy(busyKey);
    try {
      const { data } = await withStepUp(() =>
        mutateAsync({
          url: actionPath('staff', action, id),
          method: action === 'role' ? 'put' : 'post',
          values,
          successNotification: false,
          errorNotification: false,
        }),
      );
      return data;
    } catch (error) {
      void message.error(isStepUpRequired(error) ? t('admin.account.stepUp.cancelled') : (error as HttpError).message);
      return undefined;
    } finally {
      setBusy(null);
      void invalidate({ resource: 'staff', invalidates: ['list'] });
    }
  }

  return { call, busy };
}
