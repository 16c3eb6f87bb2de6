/**
 * §8's "Upload failed. Please try again." for every upload the console makes (cover
 * art, record and module images, coupon users and bulk credits CSV files): a refusal
 * that says why in its own words is kept (the API's 4xx validation answer, or main
 * refusing the picked file before sending it); anything else (the API unreachable, a
 * 5xx, a bridge or transport failure) is the spec's one text.
 */
import { BridgeError } from '../../shared/bridge/error';
import { MSG } from '../../shared/messages';

/** The codes main refuses a picked file with before any upload; their message says why. */
const PICK_REFUSALS: ReadonlySet<string> = new Set(['invalid_image', 'invalid_pick', 'forbidden_path']);

/** Whether an upload's failure is a refusal in its own words (the API's 4xx, or main's refusal of the picked file). */
export function isUploadRefusal(error: unknown): error is BridgeError {
  if (!(error instanceof BridgeError)) return false;
  if (error.status !== undefined) return error.status >= 400 && error.status <= 499;
  return PICK_REFUSALS.has(error.code);
}

/** The text of a failed upload: `refusal`'s words for a refusal, else "Upload failed. Please try again.". */
export function uploadFailureText(error: unknown, refusal: (error: BridgeError) => string): string {
  return isUploadRefusal(error) ? refusal(error) : MSG.uploadFailed;
}
