import { App, Modal, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '../../../contracts/webhooks';
import { EndpointForm } from './endpoint-form';
import { EndpointSecret } from './endpoint-secret';

/** What the dialog shows: the form to add or edit, or a just-added endpoint's secret (held only while it is open). */
export type EndpointDialogState = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | { kind: 'secret'; url: string; secret: string };

const TITLES: Record<EndpointDialogState['kind'], string> = {
  add: 'admin.webhookEndpoints.form.addTitle',
  edit: 'admin.webhookEndpoints.form.editTitle',
  secret: 'admin.webhookEndpoints.secret.title',
};

/**
 * The dialog's state, and focus: back to the button that opened it once it closes. The dialog is
 * taken out of the page as it closes, not faded out, so the secret leaves the page at once.
 */
export function useEndpointDialog() {
  const [dialog, setDialog] = useState<EndpointDialogState>();
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (dialog === undefined) opener.current?.focus();
  }, [dialog]);
  const open = (next: EndpointDialogState) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  return { dialog, setDialog, open, close: () => setDialog(undefined) };
}

interface EndpointDialogProps {
  dialog: EndpointDialogState;
  setDialog(dialog: EndpointDialogState): void;
  close(): void;
}

/** Add or Edit endpoint; after an add, the same dialog shows the new endpoint's signing secret, once. */
export function EndpointDialog({ dialog, setDialog, close }: EndpointDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const urlInput = useRef<InputRef>(null);
  const onSaved = (endpoint: WebhookEndpoint, secret: string | undefined) => {
    if (secret !== undefined) return setDialog({ kind: 'secret', url: endpoint.url, secret });
    void message.success(t('admin.webhookEndpoints.saved'));
    return close();
  };
  return (
    <Modal
      open
      title={t(TITLES[dialog.kind])}
      onCancel={close}
      // A click beside the secret must not lose it; Escape and the buttons still close.
      maskClosable={dialog.kind !== 'secret'}
      footer={null}
      // The form opens on its first field.
      afterOpenChange={(isOpen) => isOpen && urlInput.current?.focus()}
      width="min(640px, 100vw)"
    >
      {dialog.kind === 'secret' ? (
        <EndpointSecret url={dialog.url} secret={dialog.secret} onClose={close} />
      ) : (
        <EndpointForm endpoint={dialog.kind === 'edit' ? dialog.endpoint : undefined} onSaved={onSaved} onCancel={close} urlInputRef={urlInput} />
      )}
    </Modal>
  );
}
