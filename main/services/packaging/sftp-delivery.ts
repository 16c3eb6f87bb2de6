/**
 * "Deliver to the store" (issue 15): the SFTP key main delivers a supplier's packages
 * with, and the deliveries it runs. The key pair is made by main on first use and its
 * private half kept in the OS keychain (TokenVault, as the tokens are), one per
 * supplier; only the public half (an authorized_keys line and its fingerprint) ever
 * leaves main, for content ops to add to the supplier's SFTP user. Deliveries run
 * deliverPackage with progress and can be cancelled by id.
 *
 * The wizard's "Deliver to the store" reaches it through PackageDeliveries
 * (./deliveries.ts) and the bridge channels packagingDeliveryKey and packagingDeliver.
 */
import { newSshKeyPair } from '../../../shared/packaging/ssh-key';
import { createHash } from 'node:crypto';
import type { TokenVault } from '../token-vault';
import { deliverPackage, type DeliveryProgress, type DeliveryResult, type SftpTarget } from './sftp-upload';

/** The keychain account of a supplier's delivery key. */
export const deliveryKeyAccount = (supplierId: number) => `sftp-delivery-key:${supplierId}`;

export interface DeliveryKey {
  publicKey: string;
  fingerprint: string;
}

interface StoredKey {
  private: string;
  public: string;
}

export class SftpDeliveryService {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: { vault: TokenVault; server: () => Pick<SftpTarget, 'host' | 'port' | 'hostKey'> }) {}

  /** The supplier's delivery key's public half, made (and its private half stored in the keychain) on first use. */
  async deliveryKey(supplierId: number): Promise<DeliveryKey> {
    const stored = await this.stored(supplierId);
    const blob = Buffer.from(stored.public.trim().split(/\s+/)[1], 'base64');
    return {
      publicKey: stored.public.trim(),
      fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
    };
  }

  /** Sends a built package's files (relative to `root`, BatchComplete last) as the supplier's SFTP user, with its stored key. */
  async deliver(req: {
    deliveryId: string;
    supplierId: number;
    username: string;
    root: string;
    files: readonly string[];
    onProgress?: (p: DeliveryProgress) => void;
  }): Promise<DeliveryResult> {
    if (this.running.has(req.deliveryId)) throw new Error('This delivery is already running.');
    const ac = new AbortController();
    this.running.set(req.deliveryId, ac);
    try {
      const key = await this.stored(req.supplierId);
      return await deliverPackage({ ...this.deps.server(), username: req.username, privateKey: key.private }, req.root, req.files, {
        signal: ac.signal,
        onProgress: req.onProgress,
      });
    } finally {
      this.running.delete(req.deliveryId);
    }
  }

  cancel(deliveryId: string): void {
    this.running.get(deliveryId)?.abort();
  }

  private async stored(supplierId: number): Promise<StoredKey> {
    const account = deliveryKeyAccount(supplierId);
    const raw = await this.deps.vault.read(account);
    if (raw) return JSON.parse(raw) as StoredKey;
    const key = newSshKeyPair(`store-console supplier ${supplierId}`);
    await this.deps.vault.save(account, JSON.stringify(key));
    return key;
  }
}
