/** The antd tag colour of each status tone (shared/vocabularies Tone). */
import type { Tone } from '../../shared/search';

export const TONE_COLOR: Readonly<Record<Tone, string>> = {
  success: 'green',
  processing: 'blue',
  error: 'red',
  warning: 'orange',
  default: 'default',
};
