// "Flag for follow-up" on a booking's panel (decision 048): a reason, then the booking's case is open
// (or was already); said in a polite live region. For a role that works cases.
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FLAG_REASON_LENGTH } from '../../../contracts/cases';
import { usePermission } from '../../access';
import { useCaseActions } from '../../components/cases/use-case-actions';
import { registerCasesCatalogue } from '../../../i18n/cases-catalogue';

// This screen's texts load with it.
registerCasesCatalogue();

export function FlagBooking({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const mayFlag = usePermission('cases', 'cases.work');
  const [announcement, setAnnouncement] = useState('');
  const actions = useCaseActions(setAnnouncement);
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!mayFlag) return null;
  const isReady = reason.trim() !== '';
  const flag = async () => {
    if (!isReady) return;
    if (await actions.flagBooking(bookingId, reason)) {
      setIsOpen(false);
      setReason('');
    }
  };
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <Button onClick={() => setIsOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {t('admin.cases.flag.open')}
      </Button>
      <output aria-live="polite" aria-atomic="true" style={{ display: 'block' }}>
        {announcement ? <Typography.Text>{announcement}</Typography.Text> : null}
      </output>
      <Modal
        open={isOpen}
        title={t('admin.cases.flag.title', { id: bookingId })}
        okText={t('admin.cases.flag.submit')}
        cancelText={t('admin.cases.flag.cancel')}
        okButtonProps={{ disabled: !isReady }}
        confirmLoading={actions.busy === 'flag'}
        onOk={() => void flag()}
        onCancel={() => setIsOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={4}>
          <label htmlFor={reasonId}>{t('admin.cases.flag.reason')}</label>
          <Input.TextArea
            id={reasonId}
            rows={3}
            maxLength={MAX_FLAG_REASON_LENGTH}
            showCount
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Flex>
      </Modal>
    </Flex>
  );
}
