import { Button, Card, Spin, Typography, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonLoading } from '../../icons';
import { Notice } from '../../components/notice';

type PromoFrameProps = {
  title: string;
  description: string;
  /** The promo's read: a spinner while it loads, its message when it fails. */
  query: { isLoading: boolean; isError: boolean; error?: { message?: string } | null } | undefined;
  /** A save the server refused for a reason no field shows, with Reload to start over from what is stored. */
  failure: string | undefined;
  clearFailure: () => void;
  reload: () => Promise<void>;
  children: ReactNode;
};

/** What every promo screen shows around its form: heading, description, the read's and the save's messages. */
export function PromoFrame({ title, description, query, failure, clearFailure, reload, children }: PromoFrameProps) {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Card>
        {query?.isLoading && <Spin />}
        {query?.isError && <Notice type="error" showIcon message={query.error?.message} style={{ marginBottom: 16 }} />}
        {failure && (
          <Notice
            type="error"
            showIcon
            message={failure}
            closable
            onClose={clearFailure}
            action={
              <Button size="small" onClick={() => void reload()}>
                {t('admin.promos.reload')}
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        {children}
      </Card>
    </div>
  );
}

type PromoFormFooterProps = {
  back: { to: string; label: string };
  /** Only an Administrator changes promos: Save for them alone. */
  canWrite: boolean;
  saveButtonProps: ButtonProps;
  isSaving: boolean;
};

/** Under every promo form: the way back, and Save. */
export function PromoFormFooter({ back, canWrite, saveButtonProps, isSaving }: PromoFormFooterProps) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', justifyContent: 'space-between' }}>
      <Link to={back.to}>{back.label}</Link>
      {canWrite ? (
        <Button type="primary" {...saveButtonProps} loading={buttonLoading(isSaving)}>
          {t('admin.promos.save')}
        </Button>
      ) : null}
    </div>
  );
}
