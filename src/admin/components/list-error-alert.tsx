import type { HttpError } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNAUTHORIZED_REDIRECT } from '../providers/auth-provider';
import { Notice } from './notice';

interface ListErrorTexts {
  /** Shown for a 404, with an empty list (e.g. "No hosts found."). */
  notFound: string;
  /** Shown for any other failure (e.g. "Failed to fetch hosts. Please try again."). */
  failed: string;
}

/** The list error texts of docs/product.md §6: 401 asks to log in again, 404 says nothing was found, anything else failed. */
function listErrorMessage(error: Pick<HttpError, 'statusCode'> | null | undefined, texts: ListErrorTexts, unauthorized: string): string {
  if (error?.statusCode === 401) return unauthorized;
  if (error?.statusCode === 404) return texts.notFound;
  return texts.failed;
}

interface ListErrorAlertProps {
  error: Pick<HttpError, 'statusCode'> | null | undefined;
  texts: ListErrorTexts;
}

/** The error banner above an admin list; a 401 also offers the way back to the login page. */
export function ListErrorAlert({ error, texts }: ListErrorAlertProps) {
  const { t } = useTranslation();
  if (!error) return null;
  const isUnauthorized = error.statusCode === 401;
  return (
    <Notice
      role="alert"
      type={error.statusCode === 404 ? 'info' : 'error'}
      showIcon
      message={listErrorMessage(error, texts, t('admin.auth.unauthorized'))}
      action={
        isUnauthorized ? (
          <Button size="small" href={UNAUTHORIZED_REDIRECT}>
            {t('admin.login.submit')}
          </Button>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}
