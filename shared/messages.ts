/**
 * Texts the spec quotes (console-spec §2, §5, §8), used word for word by the
 * screens and the server. Never rephrase one of these at its point of use.
 */

/** Friendly text by HTTP status for the error screen (§8). */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Sorry, we cannot process that request right now.',
  403: "Sorry, you're not authorized to view this page.",
  404: 'Sorry, we could not find the page you wanted.',
  500: 'Something has gone terribly wrong.',
};
export const OTHER_STATUS_TEXT = "That's an error.";

/** Friendly text for a status, with the §8 fallback. */
export function friendlyStatusText(status: number | undefined): string {
  return (status !== undefined && STATUS_TEXT[status]) || OTHER_STATUS_TEXT;
}

/** Shown with statuses above 500 or a missing status (§2). */
export const LOGGED_TEXT = 'This error has been logged and we are looking into it.';
export const TAKE_ME_BACK = 'Take Me Back';

/** What a message reads as on screen: names between backticks show as code (renderer/ui/MessageText.tsx). */
export const shownMessage = (text: string): string => text.replace(/`([^`]+)`/g, '$1');

export const MSG = {
  authorizationFailed: 'Authorization failed. Please try again.',
  requestFailed: (error: string) => `Something went wrong processing your request: ${error}`,
  resubmitDelivery: 'There was a problem resubmitting your delivery',
  actionNotPerformed: 'Action could not be performed',
  encodeStartFailed: 'Failed to start encode job.',
  reencodeError: 'Error during re-encode',
  refundOnce: 'You can only refund items once',
  loadOrderItems: 'There was a problem loading order item(s)',
  refundItems: 'There was a problem refunding the selected order item(s)',
  uploadFailed: 'Upload failed. Please try again.',
  /** In a chart's place when it cannot be drawn (the figures beside it stay). */
  chartFailed: 'The chart could not be shown.',
  csvUpload: 'There was a problem uploading your CSV file.',
  csvColumnRequired: 'A column heading of `person_id` or `user_id` is required',
  download: 'There was a problem downloading this file',
  djTrackParentHidden: 'Cannot show DJ track: Parent track is hidden or disabled',
  itemLimitExceeded: 'ITEM LIMIT EXCEEDED',
  liveStages: 'Live streams only support 5 stages',
  labelExists: 'Label Exists with Similar or Identical Name',
  requestTimedOut: 'Request Timed Out',
  startBeforeEnd: 'Start Date must be before End Date',
  endAfterStart: 'End Date must be after Start Date',
  /** A sales filter naming a brand the user does not hold. */
  brandNotHeld: 'Choose a brand you hold.',
  /** Publish dates (§5). */
  territoryRequired: 'A territory must be selected',
  publishTimeRequired: 'A valid publish time must be selected',
  preOrderBeforePublish: 'Pre-order time must be before publish time',
  takedownAfterPublish: 'Takedown time must be after publish time',
  validDdexPartyId: 'Valid DDEX Party ID',
  invalidDdexPartyId: 'Invalid DDEX Party ID',
  emptyEntry: 'empty entry',
  selectFromList: 'Please select a valid option from the list',
  supplierNeedsContactAndContract: 'Supplier needs at least one contact and one contract',
  unexpectedStatus: (status: number) => `Received unexpected status code: ${status}`,
  /**
   * §8 "Error during create or update of release, track, artist, chart, label, supplier,
   * coupon, page, module, user, with {error}", said of one thing at a time (the record's
   * noun, shared/records): "Error during create or update of release, with {error}".
   */
  saveFailed: (thing: string, error: string) => `Error during create or update of ${thing}, with ${error}`,
  /** Ours (the spec quotes none): accepting a service agreement version that is no longer the one in force. */
  agreementChanged: 'The service agreement has changed. Please read the new version.',
  /**
   * The spec says a DJ slug is unique without a message: ours, on dj_slug
   * (docs/decisions.md "Charts, playlists, genres").
   */
  djSlugTaken: 'This DJ slug is already used by another DJ profile. Choose another.',
} as const;

/** Confirm dialog texts (§2). */
export const CONFIRM = {
  defaultTitle: 'Confirmation Required',
  themes: {
    confirm: { cancel: 'Cancel', ok: 'OK' },
    delete: { cancel: 'Cancel', ok: 'Delete' },
    proceed: { cancel: 'Cancel', ok: 'Proceed' },
  },
} as const;

/** Delivery status-message texts (§8). */
export const DELIVERY_STATUS_MESSAGES = {
  'non-existent-label': 'label does not exist or is not mapped for the supplier',
  'restricted-genre': 'genre does not allow ingestion for the supplier',
  'non-existent-genre': 'genre not mapped for the supplier',
  'invalid-image': 'Missing or out of aspect image file',
  'already-live-error': 'cannot insert, release already live or pending for label',
  'reingestion-error': 'release was updated in the last 90 seconds',
  fatal: 'Release has no label or label was normalized and contained no normal characters',
  'restricted-label': 'blacklisted in label mapping table for supplier',
  'missing-isrc': 'Track missing ISRC on insert',
  'index-error': 'the XML file did not validate',
  updated: 'updated metadata successfully',
} as const;

/** SFTP users (§7 content-ops ftp-users): the spec quotes no messages, these are ours. */
export const FTP_USER_MSG = {
  usernameTaken: 'An SFTP user with this name already exists.',
  usernameFormat: 'Use 3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit.',
  notAPublicKey: 'This is not an SSH public key (paste one line such as "ssh-ed25519 AAAA… name").',
  keyTaken: 'This user already has this key.',
} as const;
