/**
 * What a client error report says (spec §7, §8): the systemReportError request built from
 * an error, or null while error reporting is off. Pure: ./report-error sends it through the
 * bridge, and the bridge itself sends one for an event payload that does not parse.
 */
import { FLAGS } from '../../shared/constants';
import type { ChannelRequest } from '../../shared/bridge';

export interface ReportableError {
  message: string;
  stack?: string;
  componentStack?: string;
  status?: number;
}

export function errorReport(error: ReportableError): ChannelRequest<'systemReportError'> | null {
  if (!FLAGS.errorReporting) return null;
  return {
    message: error.message.slice(0, 2000) || 'Unknown error',
    stack: error.stack?.slice(0, 20000),
    componentStack: error.componentStack?.slice(0, 20000),
    route: typeof location !== 'undefined' ? location.pathname.slice(0, 512) : undefined,
    status: error.status,
  };
}
