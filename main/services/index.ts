import type { ChannelResponse } from '../../shared/bridge';
import type { SystemInfo } from '../../shared/bridge/channels/system';
import { EventBus } from './event-bus';
import type { MainConfig } from '../config';
import { ApiClient } from './api-client';
import { JobPoller } from './job-poller';
import { MediaService } from './media';
import { DeliveryFiles } from './delivery-files';
import { ExportService, announceExports, apiExportSource, downloadsTarget, type ExportNotify, type ExportsFacade } from './exports';
import { ExportHistory } from './export-history';
import type { PackagingService } from './packaging';
import { createPackagingService } from './packaging/create';
import { PackageDeliveries } from './packaging/deliveries';
import { SftpDeliveryService } from './packaging/sftp-delivery';
import type { PackagingDialogs } from './packaging/dialogs';
import { SessionService } from './session';
import { createSettingsService, type SettingsBackend, type SettingsService } from './settings';
import { SystemService } from './system';
import type { TokenVault } from './token-vault';

export type SignInResult = ChannelResponse<'sessionSignIn'>;

/**
 * Every service main's handlers use, built once per launch by the transport
 * (main/host or main/electron) with what differs between them. An area that needs
 * a service of its own adds a field here and builds it in createServices.
 */
export interface MainServices {
  config: MainConfig;
  events: EventBus;
  session: SessionService;
  api: ApiClient;
  settings: SettingsService;
  system: SystemService;
  /** CSV exports of searches to disk (main/services/exports.ts). */
  exports: ExportsFacade;
  /** The packaging wizard's scans and package writer (main/services/packaging). */
  packaging: PackagingService;
  /** "Deliver to the store": built packages sent over SFTP with the supplier's key from the keychain. */
  deliveries: PackageDeliveries;
  /** Waits for async API jobs (spec §4 polling; main/services/job-poller.ts). */
  jobs: JobPoller;
  /** Cover art uploads and the media URLs of images and previews (main/services/media.ts). */
  media: MediaService;
  /** A delivery's files saved or opened through main (main/services/delivery-files.ts). */
  deliveryFiles: DeliveryFiles;
  /** How sign-in starts on this transport (redirect in the host, loopback in Electron). */
  signIn: () => Promise<SignInResult>;
}

export interface TransportParts {
  transport: SystemInfo['transport'];
  vault: TokenVault;
  settings: SettingsBackend;
  /** Opens an allowlisted https URL (already checked) in the system browser. */
  openExternal: (url: string) => Promise<void>;
  signIn: (session: SessionService) => Promise<SignInResult>;
  fetch?: typeof fetch;
  /** Where an export goes: Electron's save dialog; the Downloads folder by default. */
  chooseExportTarget?: (suggestedName: string) => Promise<string | null>;
  /** Where a saved file goes (a delivery's file): Electron's save dialog; the Downloads folder by default. */
  chooseSaveTarget?: (suggestedName: string) => Promise<string | null>;
  /** Opens a file with the system's app for it, answering '' or why not (Electron's shell.openPath); the browser host has none. */
  openPath?: (path: string) => Promise<string>;
  /** Shows a file in the system file manager (Electron); the browser host has none. */
  showItemInFolder?: (path: string) => void;
  /**
   * An OS notification (Electron's Notification; clicking it shows `path` in its folder). The browser
   * host has none: its renderer raises the web Notification on the same exportProgress event.
   */
  notify?: ExportNotify;
  /** Native folder/file pickers for packaging (Electron); the host serves a folder browser instead. */
  packagingDialogs?: PackagingDialogs;
}

export function createServices(config: MainConfig, parts: TransportParts): MainServices {
  const events = new EventBus();
  const session = new SessionService({
    idpUrl: config.idpUrl,
    vault: parts.vault,
    events,
    fetch: parts.fetch,
    // The sandbox's ports change every launch: key its session by data folder so it survives a restart.
    account: config.environment === 'sandbox' ? `sandbox@${config.dataDir}` : undefined,
  });
  const api = new ApiClient({ apiUrl: config.apiUrl, session, fetch: parts.fetch });
  const packaging = createPackagingService(api, events, parts.packagingDialogs, parts.settings);
  const exportHistory = new ExportHistory(parts.settings);
  const settings = createSettingsService(parts.settings);
  const deliveries = new PackageDeliveries({
    // deliver() refuses before this is asked when no server is configured.
    sftp: new SftpDeliveryService({ vault: parts.vault, server: () => config.sftp! }),
    packaging,
    settings,
    server: config.sftp,
    emitProgress: (p) => events.emit('packagingDeliverProgress', p),
  });
  return {
    config,
    events,
    session,
    api,
    settings,
    system: new SystemService(config, parts.transport, parts.openExternal, parts.fetch),
    exports: {
      service: new ExportService({
        source: apiExportSource(api),
        history: exportHistory,
        onProgress: announceExports((p) => events.emit('exportProgress', p), exportHistory, parts.notify),
      }),
      history: exportHistory,
      chooseTarget: parts.chooseExportTarget ?? downloadsTarget(),
      targets: new Map(),
      showInFolder: parts.showItemInFolder,
    },
    packaging,
    deliveries,
    jobs: new JobPoller({ api, onProgress: (p) => events.emit('jobProgress', p), timeoutMs: config.jobTimeoutMs }),
    media: new MediaService({
      api,
      session,
      readPickedImage: (path, max) => packaging.readPickedImage(path, max),
      openPickedCsv: (path, max) => packaging.openPickedCsv(path, max),
    }),
    deliveryFiles: new DeliveryFiles({ api, chooseTarget: parts.chooseSaveTarget ?? downloadsTarget(), openPath: parts.openPath }),
    signIn: () => parts.signIn(session),
  };
}
