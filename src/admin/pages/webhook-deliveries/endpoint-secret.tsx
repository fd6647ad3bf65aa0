import { App, Button, Flex, Input, Typography } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/copy-text';
import { Notice } from '../../components/notice';

interface EndpointSecretProps {
  url: string;
  /** The signing secret from the answer that added the endpoint: shown here, then forgotten. */
  secret: string;
  onClose(): void;
}

/** The new endpoint's signing secret, shown this once, with Copy and a warning that it will not be shown again. */
export function EndpointSecret({ url, secret, onClose }: EndpointSecretProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fieldId = useId();
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form's button that opened this view is gone: Copy is the next thing to do.
  useEffect(() => copyButton.current?.focus(), []);

  async function copy() {
    if (await copyText(secret)) void message.success(t('admin.webhookEndpoints.secret.copied'));
    else void message.error(t('admin.webhookEndpoints.secret.copyFailed'));
  }

  return (
    <Flex vertical gap={16}>
      <Notice
        type="warning"
        showIcon
        message={t('admin.webhookEndpoints.secret.warning')}
        description={t('admin.webhookEndpoints.secret.explanation', { url })}
      />
      <Flex vertical gap={4}>
        <Typography.Text strong>
          <label htmlFor={fieldId}>{t('admin.webhookEndpoints.secret.label')}</label>
        </Typography.Text>
        <Input id={fieldId} readOnly value={secret} spellCheck={false} style={{ fontFamily: 'monospace' }} onFocus={(event) => event.target.select()} />
      </Flex>
      <Flex justify="flex-end" gap={8}>
        <Button ref={copyButton} onClick={() => void copy()}>
          {t('admin.webhookEndpoints.secret.copy')}
        </Button>
        <Button type="primary" onClick={onClose}>
          {t('admin.webhookEndpoints.secret.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
