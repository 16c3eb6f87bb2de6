/**
 * "Deliver to the store" for the packaging wizard (issue 15): what the bridge channels
 * packagingDeliveryKey and packagingDeliver run. A package this console built is sent
 * to the store's SFTP drop server (MainConfig.sftp: the sandbox's own, or SFTP_URL) as
 * the supplier's SFTP user, signed in with the supplier's delivery key (SftpDeliveryService:
 * made on first use, private half in the keychain). The renderer names the user (kept in
 * settings for the next delivery, it is no secret) and never sees a password or key.
 * A key the server refuses answers the public key, for the supplier to give the store.
 */
import { BridgeError } from '../../../shared/bridge';
import type { DeliverResult, DeliveryKeyInfo } from '../../../shared/bridge/channels/packaging';
import type { BridgeEventPayload } from '../../../shared/bridge/events';
import { PKG_MSG } from '../../../shared/packaging/messages';
import type { SftpServer } from '../../config';
import type { SettingsService } from '../settings';
import type { PackagingService } from './index';
import type { SftpDeliveryService } from './sftp-delivery';
import { DeliveryCancelled } from './sftp-upload';

/** Settings entry: the SFTP user name last delivered with, by supplier id. */
const USERNAMES_KEY = 'sftpDelivery' as const;

export interface PackageDeliveryDeps {
  sftp: Pick<SftpDeliveryService, 'deliveryKey' | 'deliver' | 'cancel'>;
  packaging: Pick<PackagingService, 'sender' | 'builtPackage' | 'delivered'>;
  settings: SettingsService;
  server: SftpServer | undefined;
  emitProgress?: (p: BridgeEventPayload<'packagingDeliverProgress'>) => void;
}

export class PackageDeliveries {
  /** Batch folders being delivered: one delivery of a package at a time. */
  private readonly folders = new Set<string>();

  constructor(private readonly deps: PackageDeliveryDeps) {}

  async key(supplierId?: number): Promise<DeliveryKeyInfo> {
    const id = await this.supplierOf(supplierId);
    const key = await this.deps.sftp.deliveryKey(id);
    const { server } = this.deps;
    return {
      supplierId: id,
      ...key,
      username: this.usernames()[String(id)] ?? null,
      server: server ? `sftp://${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}` : null,
    };
  }

  async deliver(req: { deliveryId: string; folder: string; supplierId?: number; username: string }): Promise<DeliverResult> {
    if (!this.deps.server) throw new BridgeError({ code: 'delivery_unavailable', message: PKG_MSG.deliverNoServer });
    const pkg = this.deps.packaging.builtPackage(req.folder);
    const supplierId = await this.supplierOf(req.supplierId);
    if (this.folders.has(req.folder)) throw new BridgeError({ code: 'conflict', message: PKG_MSG.deliverRunning });
    this.folders.add(req.folder);
    this.deps.settings.set(USERNAMES_KEY, { ...this.usernames(), [String(supplierId)]: req.username });
    try {
      const r = await this.deps.sftp.deliver({
        deliveryId: req.deliveryId,
        supplierId,
        username: req.username,
        root: pkg.root,
        files: pkg.files,
        onProgress: (p) => this.deps.emitProgress?.({ deliveryId: req.deliveryId, ...p }),
      });
      this.deps.packaging.delivered(req.folder);
      return { batch: pkg.batch, uploaded: r.uploaded, skipped: r.skipped };
    } catch (e) {
      throw await this.failure(e, supplierId, req.username);
    } finally {
      this.folders.delete(req.folder);
    }
  }

  cancel(deliveryId: string): void {
    this.deps.sftp.cancel(deliveryId);
  }

  /** The supplier delivered for: the one staff chose, or the signed-in supplier's own (from its record). */
  private async supplierOf(supplierId?: number): Promise<number> {
    const sender = await this.deps.packaging.sender(supplierId);
    if (!sender.supplierId) throw new BridgeError({ code: 'invalid_request', message: PKG_MSG.deliverNoSupplier });
    return sender.supplierId;
  }

  private usernames(): Record<string, string> {
    const v = this.deps.settings.get(USERNAMES_KEY);
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  }

  private async failure(e: unknown, supplierId: number, username: string): Promise<BridgeError> {
    if (e instanceof BridgeError) return e;
    if (e instanceof DeliveryCancelled) return new BridgeError({ code: 'cancelled', message: PKG_MSG.deliverCancelled });
    const err = e as Error & { level?: string; code?: string };
    // ssh2: every sign-in method was refused (the key is not on that user, or no such user).
    if (err.level === 'client-authentication') {
      const key = await this.deps.sftp.deliveryKey(supplierId);
      return new BridgeError({ code: 'delivery_key_refused', message: PKG_MSG.deliverKeyRefused(username), detail: key });
    }
    return new BridgeError({ code: 'delivery_failed', message: PKG_MSG.deliverBroken(reasonOf(err)) });
  }
}

/** A connection failure in words (the error code when Node gives one). */
function reasonOf(err: Error & { code?: string; level?: string }): string {
  // ssh2: the hostVerifier refused the server's key (a handshake error).
  if (err.level === 'handshake' && /^Host denied/.test(err.message)) return "the server's host key is not the store's (SFTP_HOST_KEY)";
  switch (err.code) {
    case 'ECONNREFUSED':
      return "the store's SFTP server refused the connection";
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection to the store was broken';
    case 'ETIMEDOUT':
      return "the store's SFTP server did not answer";
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "the store's SFTP server could not be found";
    case 'ENOENT':
      return 'a file of the package was moved or deleted';
    default:
      return err.message ? err.message.replace(/[.\s]+$/, '') : 'the connection failed';
  }
}
