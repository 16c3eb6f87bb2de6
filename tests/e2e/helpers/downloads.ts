/**
 * Where the browser host saved an export a toast names: its downloads folder, which main
 * chooses when the host starts (main/services/exports.ts downloadsTarget: CONSOLE_DOWNLOADS_DIR,
 * else ~/Downloads).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function downloadedFile(name: string): string {
  return join(process.env.CONSOLE_DOWNLOADS_DIR || join(homedir(), 'Downloads'), name);
}
