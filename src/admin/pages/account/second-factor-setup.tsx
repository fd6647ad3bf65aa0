import { useGetIdentity } from '@refinedev/core';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { totpCodeSchema, type RecoveryCodes as RecoveryCodesAnswer, type SecondFactorSetup as SetupAnswer } from '../../../contracts/account';
import type { MeResponse } from '../../../contracts/staff';
import { buttonLoading } from '../../icons';
import { copyText } from '../../components/copy-text';
import { accountErrorText, accountReasonOf, useAccountCall } from './account-calls';
import { RecoveryCodes } from './recovery-codes';
import { Notice } from '../../components/notice';

type SecondFactorSetupProps = {
  /** The second factor is on (the codes are still on the screen). */
  onEnabled?: () => void;
  /** "I have saved them": the setup is over. */
  onDone: () => void;
  /** The level of the setup's own headings in the page around it. */
  headingLevel?: 2 | 3 | 4;
};

/** The secret as an app asks for it typed: groups of four. */
const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const KEY_STYLE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 16, wordSpacing: '0.25em' } as const;

/**
 * Turning the second factor on (docs/decisions/020-second-factor.md): a new secret shown as a QR
 * code and as a typed key, one current code of it to confirm, then the ten recovery codes, once.
 * A newer setup (another tab) replaces this one: the member is told, and may start again.
 */
export function SecondFactorSetup({ onEnabled, onDone, headingLevel = 4 }: SecondFactorSetupProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useGetIdentity<MeResponse>();
  const { call, isPending } = useAccountCall();
  const [setup, setSetup] = useState<SetupAnswer | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<{ text: string; isReplaced: boolean } | null>(null);

  async function start() {
    setFailure(null);
    try {
      setSetup(await call<SetupAnswer>('startSecondFactor'));
    } catch (error) {
      setFailure({ text: accountErrorText(t, error), isReplaced: false });
    }
  }

  /** One current code of the setup's secret; answers the text to show under the field when it is wrong. */
  async function confirm(code: string): Promise<string | undefined> {
    if (!setup) return undefined;
    setFailure(null);
    try {
      const answer = await call<RecoveryCodesAnswer>('confirmSecondFactor', { setupId: setup.setupId, code });
      setSetup(null);
      setRecoveryCodes(answer.recoveryCodes);
      onEnabled?.();
      return undefined;
    } catch (error) {
      const reason = accountReasonOf(error);
      if (reason === 'codeInvalid') return accountErrorText(t, error);
      setFailure({ text: accountErrorText(t, error), isReplaced: reason === 'setupReplaced' });
      if (reason === 'setupReplaced') setSetup(null);
      return undefined;
    }
  }

  async function copyKey(secret: string) {
    if (await copyText(secret)) void message.success(t('admin.account.copied'));
    else void message.error(t('admin.account.copyFailed'));
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} email={me?.email ?? ''} onSaved={onDone} headingLevel={headingLevel} />;

  const failureAlert = failure && (
    <Notice
      type={failure.isReplaced ? 'warning' : 'error'}
      showIcon
      message={failure.isReplaced ? t('admin.account.setup.replacedTitle') : failure.text}
      description={failure.isReplaced ? failure.text : undefined}
      action={
        failure.isReplaced ? (
          <Button size="small" type="primary" onClick={() => void start()} loading={buttonLoading(isPending)}>
            {t('admin.account.setup.startAgain')}
          </Button>
        ) : undefined
      }
    />
  );

  if (!setup) {
    return (
      <Flex vertical gap={16} align="flex-start">
        {failureAlert}
        {!failure?.isReplaced && (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>{t('admin.account.setup.intro')}</Typography.Paragraph>
            <Button type="primary" onClick={() => void start()} loading={buttonLoading(isPending)}>
              {t('admin.account.setup.start')}
            </Button>
          </>
        )}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} align="flex-start">
      {failureAlert}
      <Typography.Paragraph style={{ margin: 0 }}>{t('admin.account.setup.scan')}</Typography.Paragraph>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
        alt={t('admin.account.setup.qrAlt')}
        width={200}
        height={200}
        style={{ border: '1px solid #d9d9d9', borderRadius: 8, background: '#fff' }}
      />
      <Typography.Paragraph style={{ margin: 0 }}>{t('admin.account.setup.manual')}</Typography.Paragraph>
      <Flex wrap gap={8} align="center">
        <Typography.Text strong>{t('admin.account.setup.key')}:</Typography.Text>
        <code data-testid="second-factor-secret" style={KEY_STYLE}>
          {groupsOfFour(setup.secret)}
        </code>
        <Button size="small" onClick={() => void copyKey(setup.secret)}>
          {t('admin.account.setup.copyKey')}
        </Button>
      </Flex>
      <Typography.Paragraph style={{ margin: 0 }}>{t('admin.account.setup.enterCode')}</Typography.Paragraph>
      {/* A form of its own per setup: nothing typed for an earlier secret stays. */}
      <ConfirmCodeForm key={setup.setupId} isPending={isPending} onConfirm={confirm} onCancel={() => setSetup(null)} />
    </Flex>
  );
}

type ConfirmCodeFormProps = {
  isPending: boolean;
  /** Sends the code; answers the text of a wrong one. */
  onConfirm: (code: string) => Promise<string | undefined>;
  /** Back to the start; the secret shown is dropped (the server replaces it at the next setup). */
  onCancel: () => void;
};

/** The one field of the setup: the 6-digit code the app shows for the new secret. */
function ConfirmCodeForm({ isPending, onConfirm, onCancel }: ConfirmCodeFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();

  async function submit({ code }: { code: string }) {
    const wrong = await onConfirm(totpCodeSchema.parse(code));
    if (wrong) form.setFields([{ name: 'code', value: '', errors: [wrong] }]);
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} style={{ width: '100%', maxWidth: 320 }}>
      <Form.Item
        name="code"
        label={t('admin.account.secondFactor.code')}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value: unknown) =>
              totpCodeSchema.safeParse(value ?? '').success ? undefined : Promise.reject(new Error(t('admin.account.secondFactor.codeFormat'))),
          },
        ]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={20} spellCheck={false} />
      </Form.Item>
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={buttonLoading(isPending)}>
          {t('admin.account.setup.confirm')}
        </Button>
        <Button onClick={onCancel}>{t('admin.account.cancel')}</Button>
      </Flex>
    </Form>
  );
}
