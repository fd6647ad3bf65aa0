import type { HttpError } from '@refinedev/core';
import { listErrorMessage } from './list-error-alert';

/** The translated texts of SPEC.md section 8 for one list ("No bookings found.", "Failed to fetch bookings. ..."). */
export interface ListErrorTexts {
  unauthorized: string;
  notFound: string;
  failed: string;
}

export interface ListError {
  message: string;
  /** 401 and 404 mean "nothing to show": the screen shows the message over an empty list. */
  isEmptyList: boolean;
}

/** What a list screen shows for a failed load (the wording of listErrorMessage), and whether its rows go. */
export function describeListError(error: HttpError | null | undefined, texts: ListErrorTexts): ListError | undefined {
  if (!error) return undefined;
  return { message: listErrorMessage(error, texts, texts.unauthorized), isEmptyList: error.statusCode === 401 || error.statusCode === 404 };
}
