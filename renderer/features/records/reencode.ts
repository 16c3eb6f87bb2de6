/**
 * The re-encode action's texts and progress (spec §4, §8): POST …/reencode/ starts an
 * `encode` job, main's job poller waits for it (jobWait) and reports each state.
 * A 409 at the start is "Failed to start encode job." with the API's reason; a job that fails, or finishes
 * with tracks in ERROR, is "Error during re-encode"; the poller's 120 s limit is
 * "Request Timed Out".
 */
import { BridgeError } from '../../../shared/bridge/error';
import { MSG } from '../../../shared/messages';
import { bodyErrorText, errorText, statusOf } from '../../lib/http-errors';
import { formatCount } from '../../../shared/format';

export type ReencodePhase = 'starting' | 'PENDING' | 'RUNNING' | 'DONE';

/** The step a job state is at, for the progress bar and its label. */
export const PHASES: Record<ReencodePhase, { percent: number; label: string }> = {
  starting: { percent: 5, label: 'Starting the encode job…' },
  PENDING: { percent: 20, label: 'Encode job queued…' },
  RUNNING: { percent: 60, label: 'Encoding…' },
  DONE: { percent: 100, label: 'Encode finished' },
};

/**
 * Why the Re-encode button is off (issue 27), from the record's `has_source_audio`: the API
 * refuses an encode that would leave a track without audio; null when it may start (or the
 * record does not say).
 */
export function noSourceReason(type: 'releases' | 'tracks', hasSourceAudio: unknown): string | null {
  if (hasSourceAudio !== false) return null;
  return type === 'releases'
    ? 'A track of this release has no source audio to encode from.'
    : 'This track has no source audio to encode from.';
}

export function phaseOf(state: string): ReencodePhase | null {
  return state === 'PENDING' || state === 'RUNNING' || state === 'DONE' ? state : null;
}

export interface ReencodeFailure {
  title: string;
  description?: string;
}

/**
 * The start call failed: 409 (an encode of this release is queued or running) in the spec's
 * words, with the API's reason after them (its detail past §8's text) as the description.
 */
export function startFailure(error: unknown): ReencodeFailure {
  if (statusOf(error) === 409) {
    const detail = error instanceof BridgeError && error.detail !== undefined ? bodyErrorText(error) : '';
    const reason = (detail.startsWith(MSG.encodeStartFailed) ? detail.slice(MSG.encodeStartFailed.length) : detail).trim();
    return { title: MSG.encodeStartFailed, ...(reason ? { description: reason } : {}) };
  }
  return { title: MSG.encodeStartFailed, description: MSG.requestFailed(errorText(error)) };
}

/** Waiting for the job failed: null when the user cancelled the wait. */
export function waitFailure(error: unknown): ReencodeFailure | null {
  if (error instanceof BridgeError && error.code === 'cancelled') return null;
  if (error instanceof BridgeError && error.code === 'timeout') return { title: MSG.requestTimedOut };
  const text = errorText(error);
  return { title: MSG.reencodeError, ...(text ? { description: text } : {}) };
}

/** The finished job's result: its track counts, and a failure when a track ended in ERROR. */
export function doneOutcome(result: unknown): { text: string; failure: ReencodeFailure | null } {
  const r = (result && typeof result === 'object' ? result : {}) as { converted?: unknown; errors?: unknown };
  const converted = typeof r.converted === 'number' ? r.converted : 0;
  const errors = typeof r.errors === 'number' ? r.errors : 0;
  const tracks = (n: number) => formatCount(n, 'track');
  const text = `Re-encoded ${tracks(converted)}${errors ? `; ${tracks(errors)} in ERROR` : ''}`;
  return {
    text,
    failure:
      errors > 0
        ? { title: MSG.reencodeError, description: `${tracks(errors)} could not be encoded (no lossless source audio in storage).` }
        : null,
  };
}
