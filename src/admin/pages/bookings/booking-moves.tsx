// The booking's moves on its side panel: a button for each move the state machine allows from the
// booking's status (src/contracts/booking-moves.ts), for a role that may intervene; Cancel asks first.
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { movesFrom, type BookingMoveResponse } from '../../../contracts/booking-moves';
import type { Booking } from '../../../contracts/bookings';
import { usePermission } from '../../access';
import { CancelBookingModal } from './cancel-booking-modal';
import { useBookingMove } from './use-booking-move';

interface BookingMovesProps {
  booking: Booking;
  onMoved(answer: BookingMoveResponse): void;
}

export function BookingMoves({ booking, onMoved }: BookingMovesProps) {
  const { t } = useTranslation();
  const mayIntervene = usePermission('bookings', 'bookings.intervene');
  const { move, isMoving } = useBookingMove(onMoved);
  const [isCancelling, setIsCancelling] = useState(false);
  const moves = movesFrom(booking.status);
  if (!mayIntervene || moves.length === 0) return null;
  return (
    <fieldset
      aria-label={t('admin.bookings.moves.label', { id: booking.id })}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, border: 0, padding: 0, margin: '0 0 16px' }}
    >
      {moves.map((name) => (
        <Button
          key={name}
          danger={name === 'cancel'}
          disabled={isMoving}
          onClick={() => (name === 'cancel' ? setIsCancelling(true) : void move(booking.id, { move: name }))}
        >
          {t(`admin.bookings.moves.actions.${name}`)}
        </Button>
      ))}
      <CancelBookingModal
        bookingId={booking.id}
        isOpen={isCancelling}
        isMoving={isMoving}
        onClose={() => setIsCancelling(false)}
        onCancel={(request) => void move(booking.id, request).then((isMoved) => isMoved && setIsCancelling(false))}
      />
    </fieldset>
  );
}
