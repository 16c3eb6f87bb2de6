/** Client errors go to the error-reporting endpoint through main (spec §7, §8). */
import { bridge } from './bridge';
import { errorReport, type ReportableError } from './error-report';

export type { ReportableError };

export function reportError(error: ReportableError): void {
  const report = errorReport(error);
  if (!report) return;
  bridge.systemReportError(report).catch(() => {
    // Reporting must never raise a second error.
  });
}
