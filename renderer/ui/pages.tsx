/** 404, not-authorized and generic error pages (spec §2). */
import { errorText, statusOf } from '../lib/http-errors';
import { ErrorScreen } from './ErrorScreen';
import { UI_TEXT } from '../../shared/ui-texts';

export function NotFoundPage() {
  return <ErrorScreen status={404} title={UI_TEXT.notFoundTitle} />;
}

export function NotAuthorizedPage() {
  return <ErrorScreen status={403} title={UI_TEXT.notAuthorizedTitle} />;
}

export function GenericErrorPage({ error }: { error: unknown }) {
  const message = errorText(error) || undefined;
  const status = statusOf(error);
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <NotAuthorizedPage />;
  return <ErrorScreen status={status} message={message} />;
}
