import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { App, Button, Card, Checkbox, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorPolicy } from '../../../contracts/account';
import { ROLES, type Role } from '../../../contracts/roles';
import { buttonLoading } from '../../icons';
import { actionPath } from '../../resources';
import { Notice } from '../../components/notice';

/**
 * "Two-factor sign-in required for": the roles whose members must set up a second factor before
 * they can do anything else (GET and PUT /api/admin/staff/second-factor-policy). A member of such a
 * role without one is sent to its setup at their next call.
 */
export function SecondFactorPolicyForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { query } = useCustom<SecondFactorPolicy, HttpError>({
    url: actionPath('staff', 'secondFactorPolicy'),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const { mutateAsync, mutation } = useCustomMutation<SecondFactorPolicy, HttpError>();
  // The roles as ticked; until the member ticks one, the server's answer.
  const [edited, setEdited] = useState<Role[] | null>(null);
  const saved = query.data?.data?.requiredRoles;
  const ticked = edited ?? saved ?? [];
  const roleName = (role: Role) => t(`admin.staff.roles.${role}`);

  async function save() {
    const requiredRoles = ROLES.filter((role) => ticked.includes(role));
    try {
      const { data } = await mutateAsync({
        url: actionPath('staff', 'saveSecondFactorPolicy'),
        method: 'put',
        values: { requiredRoles },
        successNotification: false,
        errorNotification: false,
      });
      setEdited(null);
      await query.refetch();
      const names = data.requiredRoles.map(roleName);
      void message.success(names.length > 0 ? t('admin.staff.policy.saved', { roles: names.join(', ') }) : t('admin.staff.policy.savedNone'));
    } catch (error) {
      void message.error((error as HttpError).message);
    } finally {
      void invalidate({ resource: 'staff', invalidates: ['list'] });
    }
  }

  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>{t('admin.staff.policy.title')}</h3>}>
      <Flex vertical gap={16} align="flex-start">
        <Typography.Text>{t('admin.staff.policy.hint')}</Typography.Text>
        {query.isLoading && <Skeleton active paragraph={{ rows: 1 }} />}
        {query.isError && <Notice type="error" showIcon message={t('admin.staff.policy.loadFailed')} />}
        {saved && (
          <>
            <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <legend style={{ fontSize: 'inherit', fontWeight: 600, marginBottom: 8 }}>{t('admin.staff.policy.label')}</legend>
              <Checkbox.Group<Role>
                value={ticked}
                onChange={(roles) => setEdited(roles)}
                options={ROLES.map((role) => ({ value: role, label: roleName(role) }))}
              />
            </fieldset>
            <Button type="primary" onClick={() => void save()} loading={buttonLoading(mutation.isPending)} disabled={edited === null}>
              {t('admin.staff.policy.save')}
            </Button>
          </>
        )}
      </Flex>
    </Card>
  );
}
