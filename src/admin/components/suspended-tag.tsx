// The "Suspended" tag beside a guest's or host's name, wherever one is named (src/contracts/user-suspension.ts):
// a word, not a colour alone, so a screen reader and a colour-blind reader both get it.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface SuspendedTagProps {
  /** Since when the person is suspended; null or absent: active, and nothing is shown. */
  suspendedAt: string | null | undefined;
  /** Why, as the tag's title where the screen has it (the guest's and host's pages). */
  suspensionReason?: string | null;
}

export function SuspendedTag({ suspendedAt, suspensionReason }: SuspendedTagProps) {
  const { t } = useTranslation();
  if (suspendedAt === null || suspendedAt === undefined) return null;
  return (
    <Tag color="red" title={suspensionReason ?? undefined} style={{ marginInlineStart: 8 }}>
      {t('admin.suspension.tag')}
    </Tag>
  );
}
