// One promo screen's form over Refine's useForm: loads the promo by kind, saves it with the version
// it read, and puts the server's refusal at its field or above the form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import type { PromoUrlKind } from '../../../contracts/promos';
import { fieldOfPromoMessage, translatePromoMessage } from './promo-rules';

interface PromoFormOptions {
  kind: PromoUrlKind;
  /** The screen's date field (validUntil or validityEnds), where date messages go. */
  dateField: string;
  /** The screen's own field names; a message about another field is shown above the form. */
  fields: readonly string[];
  onSaved?(): void;
  /** A field the server refused, so the screen can make it editable. */
  onFieldRefused?(field: string): void;
}

export function usePromoForm<TState extends BaseRecord, TUpdate>({ kind, dateField, fields, onSaved, onFieldRefused }: PromoFormOptions) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | undefined>(undefined);

  const form = useForm<TState, HttpError, TUpdate>({
    resource: 'promos',
    id: kind,
    action: 'edit',
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('admin.promos.saved'), key: `promo-saved-${kind}` }),
    // The refusal is shown on the screen itself, at its field or above the form.
    errorNotification: false,
    onMutationSuccess: () => {
      setFailure(undefined);
      onSaved?.();
    },
    onMutationError: (error) => {
      const message = translatePromoMessage(t, error.message);
      const field = fieldOfPromoMessage(error.message);
      const name = field === 'date' ? dateField : field;
      if (name && fields.includes(name)) {
        form.form.setFields([{ name: name as never, errors: [message] }]);
        onFieldRefused?.(name);
        return;
      }
      setFailure(message);
    },
  });

  return {
    ...form,
    failure,
    clearFailure: () => setFailure(undefined),
    /** Reads the promo again (after someone else changed it) and starts over from what is stored. */
    reload: async () => {
      setFailure(undefined);
      await form.query?.refetch();
    },
  };
}
