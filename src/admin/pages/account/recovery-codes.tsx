import { App, Button, Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { downloadText } from '../../components/download-file';
import { DownloadOutlined } from '../../icons';
import { copyText } from '../../components/copy-text';
import { Notice } from '../../components/notice';

type RecoveryCodesProps = {
  codes: readonly string[];
  /** Named in the downloaded file, so a member with several accounts knows whose codes they are. */
  email: string;
  /** "I have saved them": the codes are gone from the screen for good. */
  onSaved: () => void;
  /** The level of the panel's heading in the page around it. */
  headingLevel?: 2 | 3 | 4;
};

const CODE_LIST_STYLE = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(13em, 1fr))',
  gap: '4px 24px',
  margin: 0,
  paddingInlineStart: '2em',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 16,
} as const;

/**
 * The ten recovery codes, shown this once (after turning the second factor on, or after making new
 * ones) with a warning to keep them, Copy and Download; the server keeps only their hashes.
 */
export function RecoveryCodes({ codes, email, onSaved, headingLevel = 4 }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const listId = useId();
  const asText = () => [t('admin.account.codes.fileHeading', { email, date: formatDateTime(new Date().toISOString()) }), '', ...codes, ''].join('\n');

  async function copy() {
    if (await copyText(codes.join('\n'))) void message.success(t('admin.account.codes.copied'));
    else void message.error(t('admin.account.copyFailed'));
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={headingLevel} style={{ margin: 0 }}>
        {t('admin.account.codes.title')}
      </Typography.Title>
      <Notice type="warning" showIcon message={t('admin.account.codes.warningTitle')} description={t('admin.account.codes.warning')} />
      <Typography.Text strong id={listId}>
        {t('admin.account.codes.list')}
      </Typography.Text>
      <ol aria-labelledby={listId} style={CODE_LIST_STYLE}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex wrap gap={8}>
        <Button onClick={() => void copy()}>{t('admin.account.codes.copy')}</Button>
        <Button icon={<DownloadOutlined />} onClick={() => downloadText(asText(), 'hoy-recovery-codes.txt', 'text/plain;charset=utf-8')}>
          {t('admin.account.codes.download')}
        </Button>
        <Button type="primary" onClick={onSaved}>
          {t('admin.account.codes.saved')}
        </Button>
      </Flex>
    </Flex>
  );
}
