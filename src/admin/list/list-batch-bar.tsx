// Above a list that declares actions in bulk: how many rows are selected, "select all N that match",
// and a button for each bulk action (Approve, Decline), confirmed in a dialog that says how many and
// asks for the reason its declaration asks for (src/contracts/record-action.ts).
import type { BaseRecord } from '@refinedev/core';
import { Button, Checkbox, Flex, Modal, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionTextKey, type RecordAction } from '../../contracts/record-action';
import { ReasonField } from '../components/reason-field';
import { useListContext } from './list-context';
import { useBatchDecision } from './use-batch-decision';

export function ListBatchBar() {
  const { t } = useTranslation();
  const list = useListContext<BaseRecord>();
  const { selection } = list;
  const [action, setAction] = useState<RecordAction | null>(null);
  if (!selection.isEnabled || (list.rows.length === 0 && selection.count === 0)) return null;
  return (
    <Flex gap={8} wrap align="center">
      <Checkbox
        checked={selection.isPageSelected}
        indeterminate={selection.isPagePartlySelected}
        disabled={list.rows.length === 0}
        onChange={selection.togglePage}
      >
        {t('admin.review.selectPage')}
      </Checkbox>
      <Typography.Text aria-live="polite">
        {selection.count === 0 ? t('admin.review.noneSelected') : t('admin.review.selected', { count: selection.count })}
      </Typography.Text>
      {selection.canSelectAllMatching ? (
        <Button type="link" onClick={selection.selectAllMatching}>
          {t(selection.isCapped ? 'admin.review.selectFirstMatching' : 'admin.review.selectAllMatching', { count: selection.matchingCount })}
        </Button>
      ) : null}
      {selection.count > 0 ? <Button onClick={selection.clear}>{t('admin.review.clear')}</Button> : null}
      {selection.actions.map((option) => (
        <Button
          key={option.name}
          type={option.tone === 'primary' ? 'primary' : undefined}
          danger={option.tone === 'danger'}
          disabled={selection.count === 0}
          onClick={() => setAction(option)}
        >
          {t(actionTextKey(option, 'button'))}
        </Button>
      ))}
      {action ? <BatchDecisionDialog action={action} onClose={() => setAction(null)} /> : null}
    </Flex>
  );
}

/** "Decline 18 listings?": the count, the one reason every row gets where the action asks one, then the batch. */
function BatchDecisionDialog({ action, onClose }: { action: RecordAction; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useListContext<BaseRecord>();
  const { count } = list.selection;
  const { send, isSending } = useBatchDecision(list);
  const [reason, setReason] = useState('');
  // The reason is where a decline starts typing (the review queue's D opens this too).
  const reasonField = useRef<TextAreaRef>(null);
  const decision = action.name;
  const isReasonRequired = action.reason?.isRequired === true;
  const isReasonMissing = isReasonRequired && reason.trim() === '';
  return (
    <Modal
      open
      title={t(actionTextKey(action, 'confirmTitle'), { count })}
      okText={t(actionTextKey(action, 'confirm'), { count })}
      cancelText={t('admin.review.confirm.cancel')}
      okButtonProps={{ danger: action.tone === 'danger', disabled: isReasonMissing, loading: isSending }}
      onOk={async () => {
        await send(decision, reason.trim() || undefined);
        onClose();
      }}
      onCancel={onClose}
      afterOpenChange={(isOpen) => {
        if (isOpen) reasonField.current?.focus();
      }}
    >
      <Flex vertical gap={8}>
        <Typography.Paragraph>{t(actionTextKey(action, 'confirmBody'), { count })}</Typography.Paragraph>
        {action.reason ? (
          <ReasonField
            label={t(actionTextKey(action, 'reason'))}
            value={reason}
            onChange={setReason}
            fieldRef={reasonField}
            isRequired={isReasonRequired}
            maxLength={action.reason.maxLength}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
