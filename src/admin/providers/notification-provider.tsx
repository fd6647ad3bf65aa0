import { lazy, Suspense } from 'react';
import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

// Only an undoable mutation shows the countdown; its Progress ring loads when one first does.
const UndoableNotice = lazy(() => import('../components/undoable-notice'));

/**
 * Refine's notifications through antd's App context (so they take the theme and locale), as
 * @refinedev/antd's provider does, without that package in the admin's first download.
 * Refine calls it as a hook inside its provider tree: pass it uncalled as `notificationProvider`.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.open({
          key,
          message: null,
          description: (
            <Suspense fallback={message}>
              <UndoableNotice
                message={message}
                undoableTimeout={undoableTimeout}
                onUndo={() => {
                  cancelMutation?.();
                  notification.destroy(key ?? '');
                }}
              />
            </Suspense>
          ),
          duration: 0,
          closeIcon: <></>,
        });
        return;
      }
      // antd names the close link "Close" in every language.
      notification.open({ key, message: description ?? null, description: message, type, closable: { 'aria-label': t('admin.framework.buttons.close') } });
    },
    close: (key) => notification.destroy(key),
  };
}
