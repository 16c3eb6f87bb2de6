/**
 * Field maximum lengths of spec §9 (numbers from shared/constants MAX_LEN) as zod
 * strings. The server uses the same numbers for its CHECK constraints.
 */
import { z } from 'zod';
import { LIMITS, MAX_LEN } from '../constants';

export { MAX_LEN };

export const limited = (max: number) => z.string().max(max, `Ensure this field has no more than ${max} characters.`);

export const PAGE_MODULE_MAX_ITEMS = LIMITS.pageModuleItems;
export const LIVE_STREAM_MAX_STAGES = LIMITS.liveStreamStages;
