import type { SubmissionOutcome } from './public-api';

type FormMessages = Record<SubmissionOutcome, string>;

/**
 * Both live regions stay in the page so assistive technology is listening before the text arrives:
 * success is polite news (an <output> is a status region), every failure an alert.
 */
export function FormStatus({ outcome, messages }: { outcome: SubmissionOutcome | null; messages: FormMessages }) {
  const isSuccess = outcome === 'success';
  return (
    <>
      <output className="form-status form-status-success">{isSuccess ? messages.success : null}</output>
      <p className="form-status form-status-error" role="alert">
        {outcome && !isSuccess ? messages[outcome] : null}
      </p>
    </>
  );
}
