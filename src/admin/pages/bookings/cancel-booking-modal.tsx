// Cancel booking's dialog: the reason from the fixed list, who bears it, and a note, each named by its
// visible label and reached by keyboard; "Cancel booking" is enabled once a reason and a bearer are chosen.
import { Flex, Input, Modal, Radio, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANCEL_BEARERS,
  CANCEL_REASONS,
  MAX_MOVE_NOTE_LENGTH,
  type BookingMoveRequest,
  type CancelBearer,
  type CancelReason,
} from '../../../contracts/booking-moves';

interface CancelBookingModalProps {
  bookingId: number;
  isOpen: boolean;
  isMoving: boolean;
  onCancel(request: Extract<BookingMoveRequest, { move: 'cancel' }>): void;
  onClose(): void;
}

export function CancelBookingModal({ bookingId, isOpen, isMoving, onCancel, onClose }: CancelBookingModalProps) {
  const { t } = useTranslation();
  const ids = { reason: useId(), bearer: useId(), note: useId() };
  const [reason, setReason] = useState<CancelReason | undefined>(undefined);
  const [bearer, setBearer] = useState<CancelBearer | undefined>(undefined);
  const [note, setNote] = useState('');
  const isReady = reason !== undefined && bearer !== undefined;
  return (
    <Modal
      open={isOpen}
      title={t('admin.bookings.moves.cancelDialog.title', { id: bookingId })}
      okText={t('admin.bookings.moves.actions.cancel')}
      cancelText={t('admin.bookings.moves.cancelDialog.keep')}
      okButtonProps={{ danger: true, disabled: !isReady }}
      confirmLoading={isMoving}
      onOk={() => isReady && onCancel({ move: 'cancel', reason, bearer, ...(note.trim() ? { note } : {}) })}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <label htmlFor={ids.reason}>{t('admin.bookings.moves.cancelDialog.reason')}</label>
          <Select<CancelReason>
            id={ids.reason}
            value={reason}
            onChange={setReason}
            placeholder={t('admin.bookings.moves.cancelDialog.reasonPlaceholder')}
            options={CANCEL_REASONS.map((value) => ({ value, label: t(`admin.bookings.moves.reasons.${value}`) }))}
          />
        </Flex>
        <Flex vertical gap={4}>
          <span id={ids.bearer}>{t('admin.bookings.moves.cancelDialog.bearer')}</span>
          <div role="radiogroup" aria-labelledby={ids.bearer}>
            <Radio.Group value={bearer} onChange={(event) => setBearer(event.target.value as CancelBearer)}>
              {CANCEL_BEARERS.map((value) => (
                <Radio key={value} value={value}>
                  {t(`admin.bookings.moves.bearers.${value}`)}
                </Radio>
              ))}
            </Radio.Group>
          </div>
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={ids.note}>{t('admin.bookings.moves.cancelDialog.note')}</label>
          <Input.TextArea id={ids.note} rows={3} maxLength={MAX_MOVE_NOTE_LENGTH} showCount value={note} onChange={(event) => setNote(event.target.value)} />
        </Flex>
      </Flex>
    </Modal>
  );
}
