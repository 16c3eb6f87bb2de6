/**
 * Packaging wizard texts. Where the spec quotes a text (§5 DDEX party id, selects)
 * the shared MSG constant is used; the rest are the wizard's own wording, kept here
 * so screens, main's package writer and tests use the same words.
 */
import { MSG } from '../messages';
import { formatCount } from '../format';

export const PKG_MSG = {
  deliverNotBuilt: 'Only a package built with this console can be delivered: build it here first',
  deliverNoServer: 'No SFTP server is configured for deliveries (SFTP_URL)',
  deliverNoSupplier: 'Choose the supplier this package is delivered for',
  deliverRunning: 'This package is already being delivered',
  deliverKeyRefused: (username: string) =>
    `The store did not accept this console's delivery key for the SFTP user "${username}". Give the store the key below to add to that user, then deliver again`,
  deliverBroken: (reason: string) =>
    `The delivery stopped: ${reason}. Deliver again to resume: files already at the store are not sent again`,
  deliverCancelled: 'The delivery was cancelled',
  required: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  upcDigits: 'UPC/EAN must contain digits only',
  upcLength: 'UPC/EAN must be 8, 12, 13 or 14 digits',
  upcCheckDigit: 'UPC/EAN check digit is wrong',
  isrcFormat: 'ISRC must look like CC-XXX-YY-NNNNN',
  preOrderWeeks: 'Pre-order weeks must be a whole number from 0 to 4',
  bpm: 'BPM must be a number from 1 to 999',
  coverArtTooSmall: 'Cover art must be at least 500x500',
  coverArtNotSquare: 'Cover art must be square',
  coverArtCrop: 'Cover art of 1400x1400 is recommended',
  coverArtFormat: 'Cover art must be a JPEG or PNG image',
  coverArtMissing: (name: string) =>
    `The cover art file ${name} was moved or deleted after it was chosen: put it back, or choose the cover art again`,
  outputMissing: (folder: string) => `The output folder ${folder} was moved or deleted after it was chosen: choose the output folder again`,
  outputNotWritable: (folder: string) => `The output folder ${folder} cannot be written to: choose another folder`,
  packageExists: (upc: string, folder: string) =>
    `This output folder already holds a package of UPC ${upc} (${folder}). Deliver that package, or replace it with a new build`,
  packageExistsUnknown: (upc: string, folder: string) =>
    `This output folder already holds a package of UPC ${upc} (${folder}), not one this console remembers building. Replace it with a new build, or choose another output folder`,
  coverArtChanged: (width: number, height: number) =>
    `The cover art file changed since it was chosen (it is now ${width}x${height}): choose it again`,
  severalReleases: (n: number) =>
    `These files come from ${n} releases, and a package holds one release. Choose the release to package; package the others afterwards with Start a new package.`,
  releaseFiles: (name: string, files: number, folder: string) => `${name}: ${formatCount(files, 'file')} in ${folder}`,
  allAsOne: (files: number) => `All ${files} files as one release (for example the discs of one release)`,
  leftOut: (name: string, reason: string) => `${name} is left out of the package: ${reason.replace(/[.\s]+$/, '')}`,
  songwriterType: 'Choose a songwriter type',
  streetBeforeRelease: 'Street date must not be after the release date',
  noTracks: 'Add at least one track',
  duplicateIsrc: (position: number) => `This ISRC is already used by track ${position}: each recording has its own`,
  sameFile: (position: number) => `This is the same file as track ${position}: a recording is packaged once`,
  notPicked: 'That path is not inside a folder or file you picked: choose it with Browse or drop it here',
  repick: "Your draft's folders need to be chosen again before they can be read:",
  senderPartyId: MSG.invalidDdexPartyId,
  senderPartyIdMissing: 'The supplier has no DDEX Party ID',
  selectFromList: MSG.selectFromList,
} as const;
