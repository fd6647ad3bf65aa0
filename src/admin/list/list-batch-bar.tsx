// Above a list that declares batch decisions: how many rows are selected, "select all N that match",
// and Approve / Decline of the selection, each confirmed in a dialog that says how many.
import type { BaseRecord } from '@refinedev/core';
import { Button, Checkbox, Flex, Modal, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchDecision } from '../../contracts/list-declaration';
import { ReasonField } from '../components/reason-field';
import { useListContext } from './list-context';
import { useBatchDecision } from './use-batch-decision';

export function ListBatchBar() {
  const { t } = useTranslation();
  const list = useListContext<BaseRecord>();
  const { selection } = list;
  const [decision, setDecision] = useState<BatchDecision | null>(null);
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
      {selection.decisions.map((option) => (
        <Button
          key={option}
          type={option === 'approve' ? 'primary' : undefined}
          danger={option === 'decline'}
          disabled={selection.count === 0}
          onClick={() => setDecision(option)}
        >
          {t(`admin.review.${option}Selection`)}
        </Button>
      ))}
      {decision ? <BatchDecisionDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </Flex>
  );
}

/** "Decline 18 listings?": the count, for a decline the one reason every row gets, then the batch. */
function BatchDecisionDialog({ decision, onClose }: { decision: BatchDecision; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useListContext<BaseRecord>();
  const { count, isDeclineReasonRequired } = list.selection;
  const { send, isSending } = useBatchDecision(list);
  const [reason, setReason] = useState('');
  // The reason is where a decline starts typing (the review queue's D opens this too).
  const reasonField = useRef<TextAreaRef>(null);
  const isReasonMissing = decision === 'decline' && isDeclineReasonRequired && reason.trim() === '';
  return (
    <Modal
      open
      title={t(`admin.review.confirm.${decision}Title`, { count })}
      okText={t(`admin.review.confirm.${decision}`, { count })}
      cancelText={t('admin.review.confirm.cancel')}
      okButtonProps={{ danger: decision === 'decline', disabled: isReasonMissing, loading: isSending }}
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
        <Typography.Paragraph>{t(`admin.review.confirm.${decision}Body`, { count })}</Typography.Paragraph>
        {decision === 'decline' ? (
          <>
            <ReasonField
              label={t(isDeclineReasonRequired ? 'admin.review.confirm.reasonRequired' : 'admin.review.confirm.reasonOptional')}
              value={reason}
              onChange={setReason}
              fieldRef={reasonField}
              isRequired={isDeclineReasonRequired}
            />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
