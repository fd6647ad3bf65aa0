import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * What an address shows when the signed-in role may not read its screen (docs/decisions/018-staff-roles.md):
 * a 403 with a way back, never a screen whose calls would all be refused.
 */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('admin.auth.forbiddenTitle')}</h1>}
      subTitle={t('admin.auth.forbiddenScreen')}
      extra={
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          {t('admin.auth.backToDashboard')}
        </Button>
      }
    />
  );
}
