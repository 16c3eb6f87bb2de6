import type { SystemInfo } from '../../shared/bridge/channels/system';
import type { MainConfig } from '../config';
import { createErrorReporter, type ClientErrorReport, type ErrorReporter } from './error-reporter';
import { assertAllowedExternalUrl } from './external-links';

/**
 * System facts and actions for the renderer: which transport and hosts, error
 * reporting, and opening allowlisted https links (the opener is the transport's:
 * shell.openExternal in Electron; in the browser host the renderer's own tab
 * opens it once main has approved it).
 */
export class SystemService {
  readonly reporter: ErrorReporter;
  constructor(
    private readonly config: MainConfig,
    private readonly transport: SystemInfo['transport'],
    private readonly opener: (url: string) => Promise<void>,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.reporter = createErrorReporter(config.sentryDsn, config.version, fetchImpl);
  }

  info(): SystemInfo {
    const c = this.config;
    return { transport: this.transport, apiUrl: c.apiUrl, idpUrl: c.idpUrl, environment: c.environment, version: c.version };
  }

  async openExternal(url: string): Promise<void> {
    assertAllowedExternalUrl(url, this.config.externalAllowlist);
    await this.opener(url);
  }

  reportError(report: ClientErrorReport): Promise<void> {
    return this.reporter.report(report);
  }
}
