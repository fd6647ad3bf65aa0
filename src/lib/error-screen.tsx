import { useTranslation } from 'react-i18next';

/** The text of anything thrown: an Error's message, a router response's status, or the value itself. */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    return [status, statusText].filter(Boolean).join(' ');
  }
  return String(error);
}

/** The last-resort screen of both faces (docs/product.md §22): a fixed title and the error's own text. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main role="alert" style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h2>{t('common.error.title')}</h2>
      <h3 style={{ fontStyle: 'italic' }}>{describeError(error)}</h3>
    </main>
  );
}
