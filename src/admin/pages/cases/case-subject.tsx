// What a case is about, as text: a feedback's stars and comment, or the booking and why it was flagged.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Case } from '../../../contracts/cases';

export function CaseSubject({ found, isFull = false }: { found: Case; isFull?: boolean }) {
  const { t } = useTranslation();
  const ellipsis = isFull ? false : { rows: 2 };
  if (found.source === 'feedback') {
    return (
      <Typography.Paragraph ellipsis={ellipsis} style={{ margin: 0, whiteSpace: isFull ? 'pre-wrap' : undefined }}>
        <strong>{t('admin.cases.stars', { count: found.rating ?? 0 })}</strong> · {found.comment ?? t('admin.cases.noComment')}
      </Typography.Paragraph>
    );
  }
  return (
    <Typography.Paragraph ellipsis={ellipsis} style={{ margin: 0, whiteSpace: isFull ? 'pre-wrap' : undefined }}>
      <strong>{t('admin.cases.bookingSubject', { id: found.sourceId })}</strong>
      {found.reason ? ` · ${found.reason}` : ''}
    </Typography.Paragraph>
  );
}
