// A guest's or host's suspension on their page (src/contracts/user-suspension.ts): a "Suspended" tag
// with its reason and date, and Suspend / Reinstate for a role that may, each asking for a reason and
// run under the step-up (decision 039).
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SUSPENSION_REASON_LENGTH, type UserSuspensionMove } from '../../contracts/user-suspension';
import { formatDateTime } from '../../lib/format';
import { usePermission } from '../access';
import { actionPath } from '../resources';
import { isStepUpRequired, useStepUp } from '../step-up/step-up';

export interface Suspension {
  suspendedAt: string | null;
  suspensionReason: string | null;
}

interface UserSuspensionProps extends Suspension {
  resource: 'guests' | 'hosts';
  userId: number;
  onChanged(): void;
}

/** The tag with its reason and date, and the button of the move the user's state allows. */
export function UserSuspension({ resource, userId, suspendedAt, suspensionReason, onChanged }: UserSuspensionProps) {
  const { t } = useTranslation();
  const maySuspend = usePermission(resource, 'users.suspend');
  const [asking, setAsking] = useState<UserSuspensionMove | null>(null);
  const { change, isChanging } = useSuspensionChange(resource, userId, onChanged);
  const move: UserSuspensionMove = suspendedAt === null ? 'suspend' : 'reinstate';
  return (
    <Flex vertical gap={8}>
      {suspendedAt !== null && (
        <Typography.Text>{t('admin.suspension.since', { date: formatDateTime(suspendedAt), reason: suspensionReason ?? '' })}</Typography.Text>
      )}
      {maySuspend && (
        <div>
          <Button danger={move === 'suspend'} disabled={isChanging} onClick={() => setAsking(move)}>
            {t(`admin.suspension.actions.${move}`)}
          </Button>
        </div>
      )}
      <ReasonModal
        move={asking}
        isChanging={isChanging}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => asking && void change(asking, reason).then((isDone) => isDone && setAsking(null))}
      />
    </Flex>
  );
}

function ReasonModal({
  move,
  isChanging,
  onClose,
  onConfirm,
}: {
  move: UserSuspensionMove | null;
  isChanging: boolean;
  onClose(): void;
  onConfirm(reason: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={move !== null}
      title={move && t(`admin.suspension.dialog.${move}`)}
      okText={move && t(`admin.suspension.actions.${move}`)}
      cancelText={t('admin.suspension.dialog.keep')}
      okButtonProps={{ danger: move === 'suspend', disabled: reason.length === 0 }}
      confirmLoading={isChanging}
      onOk={() => reason.length > 0 && onConfirm(reason)}
      onCancel={onClose}
      afterClose={() => setReason('')}
    >
      <Flex vertical gap={4}>
        <label htmlFor={id}>{t('admin.suspension.dialog.reason')}</label>
        <Input.TextArea
          id={id}
          rows={3}
          maxLength={MAX_SUSPENSION_REASON_LENGTH}
          showCount
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Flex>
    </Modal>
  );
}

function useSuspensionChange(resource: 'guests' | 'hosts', userId: number, onChanged: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const withStepUp = useStepUp();
  const { mutateAsync } = useCustomMutation();
  const [isChanging, setIsChanging] = useState(false);

  /** Answers whether the suspension changed. */
  async function change(move: UserSuspensionMove, reason: string): Promise<boolean> {
    setIsChanging(true);
    try {
      const call = () =>
        mutateAsync({ url: actionPath(resource, move, userId), method: 'post', values: { reason }, successNotification: false, errorNotification: false });
      await withStepUp(call);
      void message.success(t(`admin.suspension.done.${move}`));
      return true;
    } catch (error) {
      const { statusCode, message: text } = error as HttpError;
      if (isStepUpRequired(error)) void message.error(t('admin.suspension.stepUpCancelled'));
      else void message.error(statusCode === 409 ? t('admin.suspension.refused') : text);
      return false;
    } finally {
      setIsChanging(false);
      onChanged();
    }
  }

  return { change, isChanging };
}
