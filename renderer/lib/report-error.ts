/** Client errors go to the error-reporting endpoint through main (spec §7, §8). */
import { FLAGS } from '../../shared/constants';
import { bridge } from './bridge';

export interface ReportableError {
  message: string;
  stack?: string;
  componentStack?: string;
  status?: number;
}

export function reportError(error: ReportableError): void {
  if (!FLAGS.errorReporting) return;
  bridge
    .systemReportError({
      message: error.message.slice(0, 2000) || 'Unknown error',
      stack: error.stack?.slice(0, 20000),
      componentStack: error.componentStack?.slice(0, 20000),
      route: typeof location !== 'undefined' ? location.pathname.slice(0, 512) : undefined,
      status: error.status,
    })
    .catch(() => {
      // Reporting must never raise a second error.
    });
}
