// One move on a booking (src/contracts/booking-moves.ts): sent through the data provider, its outcome
// told from the catalogues (a 409 as "changed meanwhile"), and the list read afresh either way.
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingMoveRequest, BookingMoveResponse } from '../../../contracts/booking-moves';
import { actionPath } from '../../resources';

export function useBookingMove(onMoved: (answer: BookingMoveResponse) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<BookingMoveResponse>();
  const [isMoving, setIsMoving] = useState(false);

  /** Answers whether the booking moved. */
  async function move(id: number, request: BookingMoveRequest): Promise<boolean> {
    setIsMoving(true);
    try {
      const { data } = await mutateAsync({
        url: actionPath('bookings', 'moves', id),
        method: 'post',
        values: request,
        successNotification: false,
        errorNotification: false,
      });
      onMoved(data);
      void message.success(t(`admin.bookings.moves.done.${request.move}`, { id }));
      return true;
    } catch (error) {
      const { statusCode, message: text } = error as HttpError;
      void message.error(statusCode === 409 ? t('admin.bookings.moves.refused', { id }) : text);
      return false;
    } finally {
      setIsMoving(false);
      void invalidate({ resource: 'bookings', invalidates: ['all'] });
    }
  }

  return { move, isMoving };
}
