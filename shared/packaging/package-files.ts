/**
 * How a delivery package names its files: main's package writer writes them
 * (main/services/packaging/package-writer.ts) and the Finish step lists them before
 * the build, from this one function. As the DDEX SFTP choreography has it, the package
 * is a batch folder named by the batch id holding the release folder, named by the UPC
 * (<UPC>.xml (ERN 4.3), resources/: each track as <UPC>_01_<position, 3
 * digits><source extension, lower case>, the cover art as <UPC>.jpg or .png), and
 * beside it, written last, BatchComplete_<batch id>.xml.
 */

export const RESOURCES_DIR = 'resources';

export interface PackageFileNames {
  /** The batch folder, in the output folder. */
  folder: string;
  /** The release folder, in the batch folder. */
  release: string;
  /** The release XML, relative to the batch folder. */
  xml: string;
  /** Each track's file name in resources/, in the order the tracks were given. */
  tracks: string[];
  /** The cover art's file name in resources/. */
  image: string | null;
  /** In the batch folder. */
  batchComplete: string;
  /** Every file, relative to the output folder, in the order the writer writes them. */
  paths: string[];
}

export function packageFileNames(p: {
  upc: string;
  /** Each track's position on the release and the path (or file name) of its source. */
  tracks: readonly { position: number; path: string }[];
  coverArt: 'jpeg' | 'png' | null;
  batchId: string;
}): PackageFileNames {
  const upc = p.upc.trim();
  const tracks = p.tracks.map((t) => `${upc}_01_${String(t.position).padStart(3, '0')}${extensionOf(t.path)}`);
  const image = p.coverArt ? `${upc}${p.coverArt === 'png' ? '.png' : '.jpg'}` : null;
  const xml = `${upc}/${upc}.xml`;
  const batch = p.batchId;
  const batchComplete = `BatchComplete_${batch}.xml`;
  const resources = [...tracks, ...(image ? [image] : [])].map((name) => `${batch}/${upc}/${RESOURCES_DIR}/${name}`);
  return {
    folder: batch,
    release: upc,
    xml,
    tracks,
    image,
    batchComplete,
    paths: [`${batch}/${xml}`, ...resources, `${batch}/${batchComplete}`],
  };
}

/** The file's extension in lower case ('' for none), as Node's extname finds it, for / and \ paths. */
function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
