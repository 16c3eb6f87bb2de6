/**
 * Validates a delivery's ERN 4.3 XML against the official schema, for ingestion (issue
 * 15): libxml2's xmllint compiled to wasm (xmllint-wasm, from the registry, no system
 * install), the schema files read from the repository's ddex/ folder (found relative to
 * this code: the source, a bundle in dist/ and the packaged app alike), or DDEX_DIR. A failure is release_status index-error with the §8 text
 * "the XML file did not validate"; the errors say why, by line.
 *
 * Memory (the ingest worker's peak RSS, issue 15): xmllint-wasm runs each validation in a
 * worker thread of its own (a fresh isolate and wasm memory, ended after the call), so
 * what the schema costs is paid per call. The schema files are 3.6 MB, 70 % of it
 * xs:annotation (documentation of every allowed value), which libxml2 parses and keeps
 * and which no validation reads: they are held and handed over without their
 * annotations (1 MB), which took a validation's peak from +74 MB to +49 MB RSS and its
 * time from ~1 s to ~0.65 s (measured: tests/server/validate-ern.test.ts checks the
 * stripped schema validates as the full one does). xs:annotation elements never nest
 * and the DDEX files use the xs prefix throughout, so one non-greedy pattern removes them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/** The folder holding ern43/release-notification.xsd and the allowed-value-sets it imports. */
export function ddexDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DDEX_DIR ?? shippedDdexDir();
}

const HERE = dirname(fileURLToPath(import.meta.url));
let shipped: string | undefined;
/**
 * The ddex/ folder that ships with the code: the nearest ancestor of this module's folder
 * holding ddex/ern43 (server/ingest/ in the source, dist/server/ or dist/.run/ when bundled,
 * inside app.asar when packaged). Not the working directory: the API may start anywhere.
 */
export function shippedDdexDir(from = HERE): string {
  if (from === HERE && shipped) return shipped;
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'ddex');
    if (existsSync(join(candidate, 'ern43', 'release-notification.xsd'))) {
      if (from === HERE) shipped = candidate;
      return candidate;
    }
    if (dirname(dir) === dir)
      throw new Error(`The ERN 4.3 schema (ddex/ern43) was not found above ${from}; set DDEX_DIR to the folder holding ern43/.`);
  }
}

export interface ErnValidation {
  valid: boolean;
  /** Each schema error: its line (when known) and libxml2's message. */
  errors: Array<{ line: number | null; message: string }>;
}

const ERN43_FILES = ['release-notification.xsd', 'allowed-value-sets.xsd'] as const;
type SchemaFile = { fileName: string; contents: string };
const cache = new Map<string, Promise<SchemaFile[]>>();

/** An XSD's text without its xs:annotation elements (documentation and appinfo: never used to validate). */
export function withoutAnnotations(xsd: string): string {
  return xsd.replace(/<xs:annotation\b[^>]*\/>|<xs:annotation\b[^>]*>[\s\S]*?<\/xs:annotation>/g, '');
}

/** The ERN 4.3 schema files of `dir`, read once; `full` keeps their annotations (tests compare). */
export function schemaFiles(dir: string, full = false): Promise<SchemaFile[]> {
  const id = `${full ? 'full' : 'lean'}:${dir}`;
  let files = cache.get(id);
  if (!files) {
    files = Promise.all(
      ERN43_FILES.map(async (fileName) => {
        const text = await readFile(resolve(dir, 'ern43', fileName), 'utf8');
        return { fileName, contents: full ? text : withoutAnnotations(text) };
      }),
    );
    files.catch(() => cache.delete(id));
    cache.set(id, files);
  }
  return files;
}

/** Validates `xml` (the text of one ERN 4.3 message) against the ERN 4.3 schema. */
export async function validateErn43(xml: string | Uint8Array, opts: { dir?: string; fullSchema?: boolean } = {}): Promise<ErnValidation> {
  const [main, ...imports] = await schemaFiles(opts.dir ?? ddexDir(), opts.fullSchema);
  const r = await validateXML({
    xml: [{ fileName: 'release.xml', contents: xml }],
    schema: [main],
    preload: imports,
    maxMemoryPages: 4096,
  });
  return { valid: r.valid, errors: r.errors.map((e) => ({ line: e.loc?.lineNumber ?? null, message: e.message })) };
}
