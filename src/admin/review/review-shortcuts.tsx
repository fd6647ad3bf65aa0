// The review queue's keys on a record's screen (docs/product.md §29): J / K the next / previous
// pending record, each declared action's key (A approve, D decline with its reason focused;
// src/contracts/record-action.ts), U undo the last decision, ? every key, Esc closes. Never while typing or while a dialog is open; each move is announced; a member can
// turn the keys off. The next record is prefetched (`prefetch`), so it opens at once.
import { Button, Flex, Modal, Switch, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordAction, RecordActionName } from '../../contracts/record-action';
import { undoLast } from '../components/last-undo';
import { VisuallyHidden } from '../components/visually-hidden';
import { useShortcutPreference } from './shortcut-preference';
import type { ReviewQueue } from './use-review-queue';

/** The keys the help lists, by their catalogue names (`help` is `?`): the actions' keys between the moves and Undo. */
const keysOf = (actions: readonly RecordAction[]) => ['j', 'k', ...actions.flatMap((action) => (action.key ? [action.key] : [])), 'u', 'help', 'esc'];

/** Whether a key press belongs to a field being typed in. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox';
}

const isDialogOpen = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((dialog) => dialog.style.display !== 'none');

interface ReviewShortcutsProps {
  queue: ReviewQueue;
  /** What names the record on screen, for the announcement. */
  recordName: string;
  /** The record's declared actions; those with a key are taken by it. */
  actions: readonly RecordAction[];
  /** What each action's key does, present while the record can be given it by this member. */
  onAction: Partial<Record<RecordActionName, () => void>>;
  /** Reads the next record ahead of time (a component that only queries). */
  prefetch?: ReactNode;
}

export function ReviewShortcuts({ queue, recordName, actions: declared, onAction, prefetch }: ReviewShortcutsProps) {
  const { t } = useTranslation();
  const preference = useShortcutPreference();
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!preference.isOn) return undefined;
    const actions: Record<string, () => void> = {
      j: () => (queue.next === undefined ? setNotice(t('admin.review.queue.noNext')) : queue.goTo(queue.next)),
      k: () => (queue.previous === undefined ? setNotice(t('admin.review.queue.noPrevious')) : queue.goTo(queue.previous)),
      // A record already decided, or a member whose role (or its loading) offers no decision, hears why nothing happened.
      ...Object.fromEntries(
        declared.flatMap(({ key, name }) => {
          const act = onAction[name];
          return key ? [[key, () => (act ? act() : setNotice(t('admin.review.queue.noDecision')))]] : [];
        }),
      ),
      u: () => {
        if (!undoLast()) setNotice(t('admin.review.queue.nothingToUndo'));
      },
      '?': () => setIsHelpOpen(true),
    };
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTyping(event.target) || isDialogOpen()) return;
      const action = actions[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      setNotice('');
      action();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [preference.isOn, queue, declared, onAction, t]);

  // Esc closes the help however soon after "?": antd's dialog hears Esc only once its opening motion
  // has moved the focus into it (about 0.3 s), and a key pressed before that went to the page.
  useEffect(() => {
    if (!isHelpOpen) return undefined;
    function onEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setIsHelpOpen(false);
    }
    window.addEventListener('keydown', onEscape);
    return () => window.removeEventListener('keydown', onEscape);
  }, [isHelpOpen]);

  const opened = queue.position === undefined ? recordName : t('admin.review.queue.opened', { name: recordName, position: queue.position, total: queue.total });
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Button size="small" aria-keyshortcuts="?" onClick={() => setIsHelpOpen(true)}>
          {t('admin.review.queue.shortcuts')}
        </Button>
        {queue.position !== undefined ? (
          <Typography.Text>{t('admin.review.queue.position', { position: queue.position, total: queue.total })}</Typography.Text>
        ) : null}
      </Flex>
      <output aria-live="polite">
        <VisuallyHidden>{opened}</VisuallyHidden>
        {notice ? <Typography.Text>{notice}</Typography.Text> : null}
      </output>
      <Modal open={isHelpOpen} title={t('admin.review.queue.helpTitle')} footer={null} onCancel={() => setIsHelpOpen(false)}>
        <Flex vertical gap={12}>
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0 }}>
            {keysOf(declared).map((key) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>
                  <kbd>{t(`admin.review.queue.keys.${key}.key`)}</kbd>
                </dt>
                <dd style={{ margin: 0 }}>{t(`admin.review.queue.keys.${key}.does`)}</dd>
              </div>
            ))}
          </dl>
          <Flex gap={8} align="center">
            <Switch id="review-shortcuts-switch" checked={preference.isOn} disabled={!preference.isKnown} onChange={preference.setIsOn} />
            <label htmlFor="review-shortcuts-switch">{t('admin.review.queue.useShortcuts')}</label>
          </Flex>
        </Flex>
      </Modal>
      {prefetch}
    </Flex>
  );
}
