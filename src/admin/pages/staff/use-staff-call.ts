import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import type { StaffRow } from '../../../contracts/staff';
import { actionPath } from '../../resources';

export type StaffAction = 'create' | 'role' | 'disable' | 'enable' | 'resetPassword' | 'revokeSessions' | 'resetSecondFactor';

/**
 * One staff call: the server's answer on success, its message on failure; the list reloads either
 * way. `busy` names the call under way (its `busyKey`), for the control that shows it.
 */
export function useStaffCall() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<StaffRow & { revoked?: number }>();
  const [busy, setBusy] = useState<string | null>(null);

  async function call(action: StaffAction, id: number | undefined, values: object, busyKey: string) {
    setBusy(busyKey);
    try {
      const { data } = await mutateAsync({
        url: actionPath('staff', action, id),
        method: action === 'role' ? 'put' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      });
      return data;
    } catch (error) {
      void message.error((error as HttpError).message);
      return undefined;
    } finally {
      setBusy(null);
      void invalidate({ resource: 'staff', invalidates: ['list'] });
    }
  }

  return { call, busy };
}
