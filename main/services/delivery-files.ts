/**
 * A delivery's files, opened or saved through main (spec §7 "Delivery inspector service …
 * A cloud storage link opens a delivery"; issue 27). The delivery page lists the files as
 * delivered (GET …/deliveries/{id}/ `files`); their bytes come from GET …/{id}/file/?path=,
 * fetched here with the session's token, which never reaches the page.
 *
 * - Save…: to the path chosen in the save dialog (Electron), or a free name in the
 *   Downloads folder (the browser host, as its exports). The body goes to a temporary file
 *   beside the target, is flushed, and is renamed onto the target only once the whole body
 *   arrived: the target is never a partial file, and a failure removes the temporary file.
 * - Open: the same, into a folder of its own under this launch's temporary folder, then
 *   opened with the system's app for its type (Electron's shell.openPath; the copy stays
 *   there while that app may have it open: the system's temporary folder is its to clear). The browser
 *   host opens nothing on the machine: it refuses in plain words (the page offers Save…).
 *
 * The API's refusal (404 for a path the delivery does not list, 401, 403) comes back as the
 * BridgeError every call gives (httpError: status, §7 text, the body's detail).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { deliveryEndpoints } from '../../shared/api/endpoints/deliveries';
import { BridgeError } from '../../shared/bridge/error';
import { httpError, type ApiClient } from './api-client';

/** Why Open is refused where main cannot open files on the machine (the browser host). */
export const OPEN_UNSUPPORTED = 'Opening a delivery file is available in the desktop app; use Save… to download it.';

export interface DeliveryFilesDeps {
  api: Pick<ApiClient, 'stream'>;
  /** Where a saved file goes (suggested name in): the save dialog's path, null when dismissed. */
  chooseTarget: (suggestedName: string) => Promise<string | null>;
  /** Opens a file with the system's app for it; answers '' or why it could not (Electron's shell.openPath). */
  openPath?: (path: string) => Promise<string>;
  /** The folder opened files are written under (default: the system's temporary folder). */
  tempRoot?: string;
}

/**
 * The file name a delivery file is saved or opened as: the last segment of its path, with
 * what no file system takes (separators, `<>:"|?*`, control characters) made `_`; never
 * empty, `.` or `..`.
 */
export function deliveryFileName(path: string): string {
  const last = path.split(/[/\\]/).filter(Boolean).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[<>:"|?*\u0000-\u001f]/g, '_').trim();
  return clean === '' || /^\.+$/.test(clean) ? 'delivery-file' : clean;
}

/**
 * Writes an API answer's body to `target`: into a temporary file beside it (created
 * exclusively, owner-only), flushed, then renamed onto it; on any failure the temporary
 * file is removed and the target left as it was. An answer of 400-599 is thrown as
 * httpError. Answers the bytes written.
 */
export async function writeAnswerTo(res: Response, target: string): Promise<number> {
  if (res.status >= 400 || !res.body) {
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    throw httpError(res, body);
  }
  await mkdir(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  let bytes = 0;
  try {
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    const counted = Readable.fromWeb(res.body as WebReadableStream).on('data', (c: Buffer) => (bytes += c.length));
    await pipeline(counted, out);
    const handle = await open(temp, 'r+');
    await handle.sync().finally(() => handle.close());
    await rename(temp, target);
    return bytes;
  } catch (e) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
}

export class DeliveryFiles {
  private openFolder: Promise<string> | null = null;

  constructor(private readonly deps: DeliveryFilesDeps) {}

  /** This launch's folder of opened files, made on the first Open (made again after a failure). */
  private folder(): Promise<string> {
    const base = this.deps.tempRoot ?? tmpdir();
    this.openFolder ??= mkdir(base, { recursive: true }).then(() => mkdtemp(join(base, 'store-console-delivery-files-')));
    return this.openFolder.catch((e: unknown) => {
      this.openFolder = null;
      throw e;
    });
  }

  private fetch(deliveryId: number, path: string): Promise<Response> {
    return this.deps.api.stream(deliveryEndpoints.file, { params: { id: deliveryId }, query: { path } }, { accept: '*/*' });
  }

  /** Saves the file where the user chooses; `saved: false` when the dialog was dismissed (nothing fetched). */
  async save(deliveryId: number, path: string): Promise<{ saved: boolean; fileName: string }> {
    const fileName = deliveryFileName(path);
    const target = await this.deps.chooseTarget(fileName);
    if (!target) return { saved: false, fileName };
    await writeAnswerTo(await this.fetch(deliveryId, path), target);
    return { saved: true, fileName: basename(target) };
  }

  /** Fetches the file into a folder of its own and opens it with the system's app for it. */
  async open(deliveryId: number, path: string): Promise<{ fileName: string }> {
    const openPath = this.deps.openPath;
    if (!openPath) throw new BridgeError({ code: 'unsupported', message: OPEN_UNSUPPORTED });
    const fileName = deliveryFileName(path);
    const root = await this.folder();
    const dir = await mkdtemp(join(root, `${deliveryId}-`));
    const target = join(dir, fileName);
    try {
      await writeAnswerTo(await this.fetch(deliveryId, path), target);
    } catch (e) {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      throw e;
    }
    const why = await openPath(target);
    if (why) throw new BridgeError({ code: 'open_failed', message: `${fileName} could not be opened: ${why}` });
    return { fileName };
  }
}
