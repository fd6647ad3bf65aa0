// A record screen's decision controls, drawn from its list's declared actions
// (src/contracts/record-action.ts, decision 044): a button per action with a call for one record (its
// tone, the main one last), the dialog of an action that asks a reason (required or not, its length),
// and what each action's key does in a review queue. The screen says only how a decision is sent and
// where its words are: `<texts>.<action>.<text>` (an `ActionText`, and `reasonPlaceholder` and
// `confirmBody` where it has them), as the listing and host screens' own words are the product's.
import { Button, Flex, Modal, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionTextKey, type ActionText, type RecordAction } from '../../contracts/record-action';
import { buttonLoading } from '../icons';
import { ReasonField } from './reason-field';

/** The screen's key of one of an action's texts, under the screen's own prefix. */
export const screenTextKey = (texts: string, action: RecordAction, text: ActionText | 'reasonPlaceholder') =>
  text === 'reasonPlaceholder' ? `${texts}.${action.name}.${text}` : actionTextKey({ ...action, texts: `${texts}.${action.name}` }, text);

/** The actions a record screen shows as buttons: those with a call for one record, the main one last. */
export const buttonActionsOf = (actions: readonly RecordAction[]) =>
  actions.filter((action) => action.path !== undefined).sort((a, b) => Number(a.tone === 'primary') - Number(b.tone === 'primary'));

/** The action whose dialog is asked (still drawn while it closes), and whether a review key asked it. */
export interface AskedAction {
  action: RecordAction;
  isByKey: boolean;
  isOpen: boolean;
}

/** How a decision was asked: by a review key or not, and what closes its dialog once it is decided. */
export interface AskedBy {
  isByKey: boolean;
  close: () => void;
}

/**
 * An action asked from a button or a key: one that asks a reason opens its dialog, any other is
 * decided at once. `keys` is what each keyed action does, for `ReviewShortcuts`.
 */
export function useDeclaredActions(actions: readonly RecordAction[], decide: (action: RecordAction, reason: string | undefined, by: AskedBy) => void) {
  const [asked, setAsked] = useState<AskedAction | null>(null);
  const [reason, setReason] = useState('');
  /** Closes the dialog once decided (or given up): what was typed goes. */
  const close = () => {
    setAsked((current) => current && { ...current, isOpen: false });
    setReason('');
  };
  const request = (action: RecordAction, isByKey = false) =>
    action.reason ? setAsked({ action, isByKey, isOpen: true }) : decide(action, undefined, { isByKey, close });
  const keys = Object.fromEntries(actions.filter((action) => action.key).map((action) => [action.name, () => request(action, true)]));
  return {
    asked,
    reason,
    setReason,
    request,
    keys,
    confirm: () => (asked ? decide(asked.action, reason.trim() || undefined, { isByKey: asked.isByKey, close }) : undefined),
    /** Closes the dialog and keeps what was typed, for the next time it opens. */
    cancel: () => setAsked((current) => current && { ...current, isByKey: false, isOpen: false }),
    close,
  };
}

interface DeclaredActionButtonsProps {
  actions: readonly RecordAction[];
  texts: string;
  onAction: (action: RecordAction) => void;
  isDisabled?: boolean;
  /** The action on its way, if any: its button spins. */
  pendingName?: string | null;
  icon?: (action: RecordAction) => ReactNode;
}

/** A button per action, in its tone, named by the screen's `button` text. */
export function DeclaredActionButtons({ actions, texts, onAction, isDisabled = false, pendingName, icon }: DeclaredActionButtonsProps) {
  const { t } = useTranslation();
  return actions.map((action) => (
    <Button
      key={action.name}
      type={action.tone === 'primary' ? 'primary' : undefined}
      danger={action.tone === 'danger'}
      icon={icon?.(action)}
      disabled={isDisabled}
      loading={buttonLoading(pendingName === action.name)}
      onClick={() => onAction(action)}
    >
      {t(screenTextKey(texts, action, 'button'))}
    </Button>
  ));
}

interface DeclaredActionDialogProps {
  asked: AskedAction;
  texts: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
  /** A decision on this record is on its way: the confirm button waits. */
  isBusy?: boolean;
  /** The action on its way, if any: the confirm button spins when it is this one. */
  pendingName?: string | null;
  isLabelShown?: boolean;
  rows?: number;
}

/** The confirmation of an action that asks a reason: its title, its text, the reason field as declared, Cancel and its confirm button. */
export function DeclaredActionDialog({
  asked,
  texts,
  reason,
  onReasonChange,
  onConfirm,
  onCancel,
  isBusy = false,
  pendingName,
  isLabelShown,
  rows,
}: DeclaredActionDialogProps) {
  const { t, i18n } = useTranslation();
  const field = useRef<TextAreaRef>(null);
  const bodyId = useId();
  const { action } = asked;
  const optional = (text: 'confirmBody' | 'reasonPlaceholder') =>
    i18n.exists(screenTextKey(texts, action, text)) ? t(screenTextKey(texts, action, text)) : undefined;
  const body = optional('confirmBody');
  const isMissingReason = action.reason?.isRequired === true && reason.trim() === '';
  return (
    <Modal
      open={asked.isOpen}
      title={t(screenTextKey(texts, action, 'confirmTitle'))}
      okText={t(screenTextKey(texts, action, 'confirm'))}
      cancelText={t('admin.review.confirm.cancel')}
      okButtonProps={{ danger: action.tone === 'danger', disabled: isBusy || isMissingReason, loading: buttonLoading(pendingName === action.name) }}
      onOk={onConfirm}
      onCancel={onCancel}
      afterOpenChange={(isVisible) => {
        if (isVisible) field.current?.focus();
      }}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        {body ? <Typography.Text id={bodyId}>{body}</Typography.Text> : null}
        <ReasonField
          label={t(screenTextKey(texts, action, 'reason'))}
          value={reason}
          onChange={onReasonChange}
          fieldRef={field}
          isRequired={action.reason?.isRequired}
          maxLength={action.reason?.maxLength}
          isLabelShown={isLabelShown}
          describedBy={body ? bodyId : undefined}
          placeholder={optional('reasonPlaceholder')}
          rows={rows}
        />
      </Flex>
    </Modal>
  );
}
