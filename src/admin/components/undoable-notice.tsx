import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { UndoOutlined } from '../icons';

type UndoableNoticeProps = { message: string; undoableTimeout?: number; onUndo: () => void };

/** The body of an undoable mutation's notification: the seconds left in a ring, the text and an undo button. */
export default function UndoableNotice({ message, undoableTimeout, onUndo }: UndoableNoticeProps) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginTop: -7 }}>
      <Progress type="circle" percent={(undoableTimeout ?? 0) * 20} format={(percent) => (percent ? percent / 20 : percent)} size={50} status="normal" />
      <span style={{ marginLeft: 8, width: '100%' }}>{message}</span>
      <Button
        style={{ flexShrink: 0 }}
        onClick={onUndo}
        disabled={undoableTimeout === 0}
        icon={<UndoOutlined />}
        aria-label={t('admin.framework.buttons.undo')}
      />
    </div>
  );
}
