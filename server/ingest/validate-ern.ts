/**
 * Validates a delivery's ERN 4.3 XML against the official schema, for ingestion (issue
 * 15): libxml2's xmllint compiled to wasm (xmllint-wasm, from the registry, no system
 * install), the schema files read from the DDEX folder (shared/ddex beside the
 * repository, or DDEX_DIR). A failure is release_status index-error with the §8 text
 * "the XML file did not validate"; the errors say why, by line.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** The folder holding ern43/release-notification.xsd and the allowed-value-sets it imports. */
export function ddexDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DDEX_DIR ?? resolve(process.cwd(), '..', 'shared', 'ddex');
}

export interface ErnValidation {
  valid: boolean;
  /** Each schema error: its line (when known) and libxml2's message. */
  errors: Array<{ line: number | null; message: string }>;
}

const ERN43_FILES = ['release-notification.xsd', 'allowed-value-sets.xsd'] as const;
const cache = new Map<string, Promise<Array<{ fileName: string; contents: string }>>>();

function schemaFiles(dir: string) {
  let files = cache.get(dir);
  if (!files) {
    files = Promise.all(ERN43_FILES.map(async (fileName) => ({ fileName, contents: await readFile(resolve(dir, 'ern43', fileName), 'utf8') })));
    files.catch(() => cache.delete(dir));
    cache.set(dir, files);
  }
  return files;
}

/** Validates `xml` (the text of one ERN 4.3 message) against the ERN 4.3 schema. */
export async function validateErn43(xml: string | Uint8Array, opts: { dir?: string } = {}): Promise<ErnValidation> {
  const [main, ...imports] = await schemaFiles(opts.dir ?? ddexDir());
  const r = await validateXML({ xml: [{ fileName: 'release.xml', contents: xml }], schema: [main], preload: imports, maxMemoryPages: 4096 });
  return { valid: r.valid, errors: r.errors.map((e) => ({ line: e.loc?.lineNumber ?? null, message: e.message })) };
}
