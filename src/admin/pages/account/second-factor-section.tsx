import { App, Button, Card, Descriptions, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryCodeSchema, totpCodeSchema, type RecoveryCodes as RecoveryCodesAnswer, type SecondFactorStatus } from '../../../contracts/account';
import { OnOffBadge } from '../../components/status-badge';
import { buttonLoading } from '../../icons';
import { accountErrorText, accountReasonOf, useAccountCall } from './account-calls';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetup } from './second-factor-setup';
import { Notice } from '../../components/notice';

/** Below this many unused recovery codes, the screen suggests making new ones. */
const FEW_RECOVERY_CODES = 3;

type ProofModalProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The second factor is off. */
  onSucceeded: () => void;
};

/**
 * Asks for a current code before turning the second factor off (or a recovery code: the phone may be
 * lost). New recovery codes ask for none here: the step-up dialog asks for a code when the session
 * has not given one in the last 5 minutes (docs/decisions/039-step-up.md).
 */
function ProofModal({ isOpen, onClose, onSucceeded }: ProofModalProps) {
  const { t } = useTranslation();
  const { call, isPending } = useAccountCall();
  const [form] = Form.useForm<{ proof: string }>();
  const [isRecovery, setIsRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = isRecovery ? recoveryCodeSchema : totpCodeSchema;

  function close() {
    form.resetFields();
    setIsRecovery(false);
    setFailure(null);
    onClose();
  }

  async function submit({ proof }: { proof: string }) {
    setFailure(null);
    const value = schema.parse(proof);
    try {
      await call('disableSecondFactor', isRecovery ? { recoveryCode: value } : { code: value });
      close();
      onSucceeded();
    } catch (error) {
      if (accountReasonOf(error) === 'codeInvalid') {
        const text = isRecovery ? t('admin.account.errors.recoveryCodeInvalid') : accountErrorText(t, error);
        form.setFields([{ name: 'proof', value: '', errors: [text] }]);
      } else {
        setFailure(accountErrorText(t, error));
      }
    }
  }

  return (
    <Modal
      open={isOpen}
      title={t('admin.account.secondFactor.turnOff')}
      okText={t('admin.account.secondFactor.confirmOff')}
      cancelText={t('admin.account.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'second-factor-proof', danger: true, loading: buttonLoading(isPending) }}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('admin.account.secondFactor.turnOffText')}</Typography.Paragraph>
      {failure && <Notice type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form id="second-factor-proof" form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          // A field of its own per kind, so the browser offers one-time codes for the app's code only.
          key={isRecovery ? 'recovery' : 'code'}
          name="proof"
          label={t(isRecovery ? 'admin.account.secondFactor.recoveryCode' : 'admin.account.secondFactor.code')}
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_rule, value: unknown) =>
                schema.safeParse(value ?? '').success
                  ? undefined
                  : Promise.reject(new Error(t(isRecovery ? 'admin.account.secondFactor.recoveryCodeFormat' : 'admin.account.secondFactor.codeFormat'))),
            },
          ]}
        >
          <Input
            inputMode={isRecovery ? 'text' : 'numeric'}
            autoComplete={isRecovery ? 'off' : 'one-time-code'}
            maxLength={isRecovery ? 40 : 20}
            spellCheck={false}
          />
        </Form.Item>
      </Form>
      <Button
        type="link"
        style={{ padding: 0 }}
        onClick={() => {
          form.resetFields();
          setIsRecovery((current) => !current);
        }}
      >
        {t(isRecovery ? 'admin.account.secondFactor.useCode' : 'admin.account.secondFactor.useRecoveryCode')}
      </Button>
    </Modal>
  );
}

type SecondFactorSectionProps = {
  status: SecondFactorStatus;
  email: string;
  /** The member's second factor changed: read their account again. */
  onChanged: () => void;
};

/**
 * Two-factor sign-in on My account: whether it is on, turning it on (the setup), turning it off with
 * a code (not while the role requires it), and new recovery codes with how many are left.
 */
export function SecondFactorSection({ status, email, onChanged }: SecondFactorSectionProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { call } = useAccountCall();
  // Turned on a moment ago: the setup stays until its recovery codes are saved, though the account now says "on".
  const [isFinishingSetup, setIsFinishingSetup] = useState(false);
  const [isTurningOff, setIsTurningOff] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  /** New recovery codes once confirmed (after a step-up with a code, when the session needs one). */
  function askNewCodes() {
    void modal.confirm({
      title: t('admin.account.secondFactor.newCodes'),
      content: t('admin.account.secondFactor.newCodesText'),
      okText: t('admin.account.secondFactor.confirmNewCodes'),
      cancelText: t('admin.account.cancel'),
      onOk: async () => {
        try {
          const answer = await call<RecoveryCodesAnswer>('renewRecoveryCodes');
          setNewCodes(answer.recoveryCodes);
          onChanged();
        } catch (error) {
          void message.error(accountErrorText(t, error));
        }
      },
    });
  }

  const statusItem = (isOn: boolean) => ({
    key: 'status',
    label: t('admin.account.secondFactor.status'),
    children: <OnOffBadge isOn={isOn} on={t('admin.account.secondFactor.on')} off={t('admin.account.secondFactor.off')} />,
  });

  let content;
  if (newCodes) {
    content = <RecoveryCodes codes={newCodes} email={email} onSaved={() => setNewCodes(null)} />;
  } else if (!status.isEnabled || isFinishingSetup) {
    content = (
      <Flex vertical gap={16}>
        {!isFinishingSetup && <Descriptions size="small" column={1} items={[statusItem(false)]} />}
        <SecondFactorSetup
          onEnabled={() => {
            setIsFinishingSetup(true);
            onChanged();
          }}
          onDone={() => {
            setIsFinishingSetup(false);
            void message.success(t('admin.account.secondFactor.turnedOn'));
          }}
        />
      </Flex>
    );
  } else {
    const codesLeft = status.recoveryCodesLeft;
    content = (
      <Flex vertical gap={16} align="flex-start">
        <Descriptions
          size="small"
          column={1}
          items={[
            statusItem(true),
            {
              key: 'codes',
              label: t('admin.account.secondFactor.recoveryCodes'),
              children: t('admin.account.secondFactor.recoveryCodesLeft', { count: codesLeft }),
            },
          ]}
        />
        {status.isRequired && <Notice type="info" showIcon message={t('admin.account.secondFactor.required')} />}
        {status.isEnabled && codesLeft < FEW_RECOVERY_CODES && <Notice type="warning" showIcon message={t('admin.account.secondFactor.recoveryCodesLow')} />}
        <Flex wrap gap={8}>
          <Button onClick={askNewCodes}>{t('admin.account.secondFactor.newCodes')}</Button>
          {/* A role that requires the second factor has no way to turn it off (the reason shows above). */}
          {!status.isRequired && (
            <Button danger onClick={() => setIsTurningOff(true)}>
              {t('admin.account.secondFactor.turnOff')}
            </Button>
          )}
        </Flex>
      </Flex>
    );
  }

  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>{t('admin.account.secondFactor.title')}</h3>}>
      <Typography.Paragraph>{t('admin.account.secondFactor.intro')}</Typography.Paragraph>
      {content}
      <ProofModal
        isOpen={isTurningOff}
        onClose={() => setIsTurningOff(false)}
        onSucceeded={() => {
          void message.success(t('admin.account.secondFactor.turnedOff'));
          onChanged();
        }}
      />
    </Card>
  );
}
