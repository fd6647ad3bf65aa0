// The step-up dialog (docs/decisions/039-step-up.md): the member's password, or, when they have a
// second factor, a code from their authenticator app or one recovery code. A wrong one is said under
// its field (read out at once); too many wrong ones, and any other refusal, above the form.
import { useCustomMutation, useGetIdentity, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Modal, Typography, type FormRule, type InputRef } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PASSWORD_LENGTH } from '../../contracts/auth';
import { recoveryCodeSchema, totpCodeSchema } from '../../contracts/account';
import type { MeResponse } from '../../contracts/staff';
import { Notice } from '../components/notice';
import { buttonLoading } from '../icons';
import { accountErrorText, accountReasonOf } from '../pages/account/account-calls';
import { ADMIN_CALLS } from '../resources';
import { registerStepUpCatalogue } from '../../i18n/step-up-catalogue';
import { registerAccountCatalogue } from '../../i18n/account-catalogue';

// These texts load with this screen.
registerAccountCatalogue();

// The dialog's texts come with it (src/i18n/step-up-catalogue.ts).
registerStepUpCatalogue();

type Proof = 'password' | 'code' | 'recoveryCode';

type StepUpModalProps = {
  /** The step-up was accepted: the waiting call goes again. */
  onConfirmed: () => void;
  /** Closed without one: the waiting call keeps its refusal. */
  onCancel: () => void;
};

const FORM_ID = 'step-up';

/** What the dialog says for one kind of proof: the field's label, the text above it, and the rule its value must meet. */
function wordingOf(t: TFunction, proof: Proof): { label: string; text: string; rule: FormRule } {
  if (proof === 'password') {
    return {
      label: t('admin.account.stepUp.password'),
      text: t('admin.account.stepUp.passwordText'),
      rule: { required: true, message: t('admin.account.stepUp.passwordRequired') },
    };
  }
  const isCode = proof === 'code';
  const schema = isCode ? totpCodeSchema : recoveryCodeSchema;
  const format = t(isCode ? 'admin.account.secondFactor.codeFormat' : 'admin.account.secondFactor.recoveryCodeFormat');
  return {
    label: t(isCode ? 'admin.account.secondFactor.code' : 'admin.account.secondFactor.recoveryCode'),
    text: t(isCode ? 'admin.account.stepUp.codeText' : 'admin.account.stepUp.recoveryCodeText'),
    rule: { validator: async (_rule, typed: unknown) => (schema.safeParse(typed ?? '').success ? undefined : Promise.reject(new Error(format))) },
  };
}

export default function StepUpModal({ onConfirmed, onCancel }: StepUpModalProps) {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<MeResponse>();
  const { mutateAsync, mutation } = useCustomMutation<object, HttpError>();
  const [form] = Form.useForm<{ proof: string }>();
  const [chosen, setChosen] = useState<Proof | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The server's word on what was typed (wrong password or code), under the field and read out at once. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  // The dialog's one field takes the focus once it is open (WAI-ARIA's dialog pattern), and again when the kind changes.
  const inputRef = useRef<InputRef>(null);
  const hasSecondFactor = me?.secondFactor?.isEnabled === true;
  // A member with a second factor gives a code (or a recovery code); one without it, their password.
  const proof: Proof = chosen ?? (hasSecondFactor ? 'code' : 'password');
  const schema = proof === 'code' ? totpCodeSchema : proof === 'recoveryCode' ? recoveryCodeSchema : undefined;

  function choose(next: Proof) {
    form.resetFields();
    setFailure(null);
    setFieldError(null);
    setChosen(next);
    setTimeout(() => inputRef.current?.focus());
  }

  /** Empties the field and says why under it. */
  function refuse(text: string) {
    form.setFieldValue('proof', '');
    setFieldError(text);
    inputRef.current?.focus();
  }

  async function submit({ proof: typed }: { proof: string }) {
    setFailure(null);
    setFieldError(null);
    const value = schema ? schema.parse(typed) : typed;
    try {
      await mutateAsync({
        url: ADMIN_CALLS.stepUp.path,
        method: ADMIN_CALLS.stepUp.method,
        values: { [proof]: value },
        successNotification: false,
        errorNotification: false,
      });
      onConfirmed();
    } catch (error) {
      const reason = accountReasonOf(error);
      if (reason === 'stepUpNeedsSecondFactor') {
        // The account changed since it was read (a second factor turned on elsewhere): ask for a code.
        choose('code');
        setFailure(accountErrorText(t, error));
      } else if (reason === 'currentPasswordWrong') {
        refuse(t('admin.account.stepUp.passwordWrong'));
      } else if (reason === 'codeInvalid') {
        refuse(proof === 'recoveryCode' ? t('admin.account.errors.recoveryCodeInvalid') : accountErrorText(t, error));
      } else {
        setFailure(accountErrorText(t, error));
      }
    }
  }

  const isPassword = proof === 'password';
  const { label, text, rule } = wordingOf(t, proof);
  return (
    <Modal
      open
      title={t('admin.account.stepUp.title')}
      okText={t('admin.account.stepUp.confirm')}
      cancelText={t('admin.account.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: buttonLoading(mutation.isPending) }}
      onCancel={onCancel}
      afterOpenChange={(isOpen) => isOpen && inputRef.current?.focus()}
      destroyOnHidden
      // Above a confirmation dialog that may have opened it.
      zIndex={1100}
      wrapClassName="step-up-dialog"
    >
      <Typography.Paragraph>{text}</Typography.Paragraph>
      {failure && <Notice type="error" showIcon message={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form
        id={FORM_ID}
        name={FORM_ID}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setFieldError(null)}
      >
        <Form.Item
          // A field of its own per kind, so the browser offers the saved password or one-time codes where they fit.
          key={proof}
          name="proof"
          label={label}
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError ? <span role="alert">{fieldError}</span> : undefined}
          validateTrigger={isPassword ? 'onChange' : 'onBlur'}
          rules={[rule]}
        >
          {isPassword ? (
            <Input.Password ref={inputRef} autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} />
          ) : (
            <Input
              ref={inputRef}
              inputMode={proof === 'code' ? 'numeric' : 'text'}
              autoComplete={proof === 'code' ? 'one-time-code' : 'off'}
              maxLength={proof === 'code' ? 20 : 40}
              spellCheck={false}
            />
          )}
        </Form.Item>
      </Form>
      {proof !== 'password' && (
        <Button type="link" style={{ padding: 0 }} onClick={() => choose(proof === 'code' ? 'recoveryCode' : 'code')}>
          {t(proof === 'code' ? 'admin.account.secondFactor.useRecoveryCode' : 'admin.account.secondFactor.useCode')}
        </Button>
      )}
    </Modal>
  );
}
