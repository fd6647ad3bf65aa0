// The calls that move a case (take the next, release, close) and a booking's flag, each told in words
// to the screen's live region: what happened, or why not.
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Case, FlaggedBooking, TakenCase } from '../../../contracts/cases';
import { actionPath } from '../../resources';

const RESOURCE = 'cases';

export function useCaseActions(announce: (text: string) => void) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation();
  const [busy, setBusy] = useState<string | null>(null);

  async function run<Answer>(name: string, path: string, values: object, told: (answer: Answer) => string): Promise<Answer | undefined> {
    setBusy(name);
    try {
      const { data } = await mutateAsync({ url: path, method: 'post', values, successNotification: false, errorNotification: false });
      announce(told(data as Answer));
      return data as Answer;
    } catch (error) {
      announce(t('admin.cases.errors.action', { message: (error as HttpError).message }));
      return undefined;
    } finally {
      setBusy(null);
      void invalidate({ resource: RESOURCE, invalidates: ['list', 'detail'] });
    }
  }

  return {
    busy,
    takeNext: () =>
      run<TakenCase>('takeNext', actionPath(RESOURCE, 'takeNext'), {}, (answer) =>
        answer.case ? t('admin.cases.announce.taken', { id: answer.case.id }) : t('admin.cases.announce.noneFree'),
      ),
    release: (id: number) => run<Case>('release', actionPath(RESOURCE, 'release', id), {}, () => t('admin.cases.announce.released', { id })),
    close: (id: number, resolution: string) =>
      run<Case>('close', actionPath(RESOURCE, 'close', id), { resolution }, () => t('admin.cases.announce.closed', { id })),
    flagBooking: (bookingId: number, reason: string) =>
      run<FlaggedBooking>('flag', actionPath(RESOURCE, 'flagBooking', bookingId), { reason }, (answer) =>
        t(answer.isNew ? 'admin.cases.flag.done' : 'admin.cases.flag.already', { id: bookingId, caseId: answer.case.id }),
      ),
  };
}
