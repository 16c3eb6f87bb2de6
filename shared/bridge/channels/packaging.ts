import { z } from 'zod';
import { FTP_USERNAME_PATTERN } from '../../api/endpoints/ftp-users';
import { FTP_USER_MSG } from '../../messages';
import { CoverArt, ReleaseDraft, TrackDraft } from '../../packaging/draft';
import { ScanEntry } from '../../packaging/model';
import { channel, Ok } from '../define';

/**
 * The packaging wizard (spec §1, §2; issue 6). Main reads every file: the renderer
 * sends paths (from a native dialog, a drop resolved in the preload, or main's own
 * folder browser in the browser host) and gets figures back, never file contents.
 * Main only reads inside the folders the user picked.
 */
const AbsPath = z.string().min(1).max(4096);
const OpId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const PickKind = z.enum(['audioFolder', 'audioFiles', 'coverArt', 'outputFolder', 'csv']);
export type PickKind = z.infer<typeof PickKind>;

export const BrowseEntry = z.object({ name: z.string(), path: z.string(), kind: z.enum(['folder', 'file']), size: z.number().optional() });
export const BrowseListing = z.object({
  path: z.string(),
  /** null at a root: the browser cannot go above its roots. */
  parent: z.string().nullable(),
  roots: z.array(z.string()),
  entries: z.array(BrowseEntry),
});
export type BrowseListing = z.infer<typeof BrowseListing>;

export const Sender = z.object({
  supplierId: z.number().int().nullable(),
  name: z.string(),
  partyId: z.string(),
  /** The §5 message for the party id: "Valid DDEX Party ID", "Invalid DDEX Party ID" or "empty entry". */
  partyIdMessage: z.string(),
  valid: z.boolean(),
});
export type Sender = z.infer<typeof Sender>;

export const BuildResult = z.object({
  folder: z.string(),
  xml: z.string(),
  batchComplete: z.string(),
  files: z.array(z.object({ name: z.string(), md5: z.string(), size: z.number() })),
});
export type BuildResult = z.infer<typeof BuildResult>;

/** A package this console built, as main remembers it (across navigation and restarts) to deliver. */
export const BuiltPackage = z.object({
  /** The batch folder: what packagingDeliver names. */
  folder: z.string(),
  batch: z.string(),
  upc: z.string(),
  title: z.string(),
  /** The supplier staff chose when building (null: the builder's own). */
  supplierId: z.number().int().nullable(),
  builtAt: z.string(),
  /** When a delivery of it last completed; null before. */
  deliveredAt: z.string().nullable(),
});
export type BuiltPackage = z.infer<typeof BuiltPackage>;

/**
 * The detail of the `package_exists` error: the output folder already holds a package of
 * this release (its batch folder), and whether main remembers building it (then it can be
 * delivered as it is). Building again with `replace` set to that folder replaces it.
 */
export const PackageExists = z.object({ folder: z.string(), upc: z.string(), known: z.boolean() });
export type PackageExists = z.infer<typeof PackageExists>;

/** This console's SFTP delivery key for a supplier (its public half only) and where deliveries go. */
export const DeliveryKeyInfo = z.object({
  supplierId: z.number().int(),
  /** One authorized_keys line ("ssh-ed25519 AAAA… comment") for the store to add to the supplier's SFTP user. */
  publicKey: z.string(),
  /** SHA256:… as `ssh-keygen -l` prints it. */
  fingerprint: z.string(),
  /** The SFTP user name last delivered with for this supplier (null before the first delivery). */
  username: z.string().nullable(),
  /** sftp://host:port, or null when no SFTP server is configured. */
  server: z.string().nullable(),
});
export type DeliveryKeyInfo = z.infer<typeof DeliveryKeyInfo>;

export const DeliverResult = z.object({
  /** The batch id (the batch folder's name). */
  batch: z.string(),
  /** Sent in this run, relative to the output folder, BatchComplete last. */
  uploaded: z.array(z.string()),
  /** Already at the store whole (same size and SHA-256): a resumed delivery. */
  skipped: z.array(z.string()),
});
export type DeliverResult = z.infer<typeof DeliverResult>;

export const SftpUsername = z.string().trim().regex(FTP_USERNAME_PATTERN, FTP_USER_MSG.usernameFormat);

export const packagingChannels = {
  packagingPick: channel(
    "Opens the native folder or file dialog (Electron). Answers `native: false` in the browser host, where the renderer shows main's folder browser (packagingBrowse, then packagingBrowsePick) instead. The picked paths (answered as real paths) become readable for this launch.",
    z.object({ kind: PickKind }).strict(),
    z.object({ native: z.boolean(), paths: z.array(z.string()) }),
  ),
  packagingBrowse: channel(
    "Lists one folder for the browser host's folder browser, confined to its browse roots (PACKAGING_ROOTS, the user's home by default). Without a path, lists the first root. Listing makes nothing readable; refused in the desktop app, which uses native dialogs.",
    z.object({ path: AbsPath.optional(), show: z.enum(['folders', 'audio', 'images', 'csv']).default('folders') }).strict(),
    BrowseListing,
  ),
  packagingBrowsePick: channel(
    "The user chose this folder or file in the browser host's folder browser: main checks it is inside the browse roots (links out refused) and of the kind asked for, and makes it readable for this launch. Answers its real path. Refused in the desktop app.",
    z.object({ path: AbsPath, kind: PickKind }).strict(),
    z.object({ path: z.string() }),
  ),
  packagingPicked: channel(
    'Which of these paths main may read (inside something the user picked in this launch): a resumed draft asks, and has the rest chosen again.',
    z.object({ paths: z.array(AbsPath).max(600) }).strict(),
    z.object({ picked: z.array(z.string()) }),
  ),
  packagingScan: channel(
    'Scans picked folders or dropped files for WAV, FLAC and AIFF: format fields, duration, size, MD5 and tags per file, every other file listed with its reason. Progress arrives as packagingScanProgress events; packagingCancel stops it.',
    z.object({ scanId: OpId, paths: z.array(AbsPath).min(1).max(500) }).strict(),
    z.object({ entries: z.array(ScanEntry) }),
  ),
  packagingCoverArt: channel(
    "Reads a picked or dropped image's format and size (main reads it; only JPEG and PNG).",
    z.object({ path: AbsPath }).strict(),
    CoverArt,
  ),
  packagingSender: channel(
    "The package sender: the supplier's name and DDEX party id from its supplier record (the signed-in supplier's own, or the one staff chose), checked as §5 says.",
    z.object({ supplierId: z.number().int().positive().optional() }).strict(),
    Sender,
  ),
  packagingBuild: channel(
    "Writes the package for the wizard's release into the output folder: a batch folder <batch id>/ holding <UPC>/ (the ERN 4.3 XML, resources/: audio and artwork, MD5-verified after copy) and BatchComplete written last beside it, through a temporary folder renamed into place. Refused with every error when the draft is not valid; with `package_exists` (detail PackageExists) when the output folder already holds a package of the release and `replace` does not name it; with `output_not_writable` when the output folder cannot be written. Main remembers the package (packagingBuilt). Progress arrives as packagingBuildProgress events.",
    z
      .object({
        buildId: OpId,
        supplierId: z.number().int().positive().optional(),
        release: ReleaseDraft,
        tracks: z.array(TrackDraft).min(1).max(500),
        coverArt: CoverArt,
        outputDir: AbsPath,
        /** The batch folder of this release's package already in the output folder, replaced once the new one is complete. */
        replace: AbsPath.optional(),
      })
      .strict(),
    BuildResult,
  ),
  packagingBuilt: channel(
    'The packages the signed-in user built with this console that are still on disk, newest first: main remembers them across navigation and restarts, so each can be delivered (packagingDeliver with its folder).',
    z.object({}).strict(),
    z.object({ packages: z.array(BuiltPackage) }),
  ),
  packagingCancel: channel(
    'Cancels a running scan, build or delivery by its id; a cancelled build leaves nothing behind (a cancelled delivery never completes its batch).',
    z.object({ id: OpId }).strict(),
    Ok,
  ),
  packagingDeliveryKey: channel(
    "This console's SFTP delivery key for the supplier (the signed-in supplier's own, or the one staff chose): made on first use, its private half kept in the OS keychain; only the public line and fingerprint are answered, for the store to add to the supplier's SFTP user. With the SFTP user name last used for the supplier and the server deliveries go to.",
    z.object({ supplierId: z.number().int().positive().optional() }).strict(),
    DeliveryKeyInfo,
  ),
  packagingDeliver: channel(
    "Delivers a package this console built (remembered across restarts: packagingBuilt; its batch folder, as packagingBuild answered it) to the store's SFTP drop server as the supplier's SFTP user, signed in with the supplier's delivery key from the keychain: the release's files, then BatchComplete last. Delivering again resumes: files already at the store whole are skipped. The user name is kept for the next delivery. Progress arrives as packagingDeliverProgress events; packagingCancel stops it. A refused key is the error `delivery_key_refused` with the public key in its detail.",
    z.object({ deliveryId: OpId, folder: AbsPath, supplierId: z.number().int().positive().optional(), username: SftpUsername }).strict(),
    DeliverResult,
  ),
} as const;
