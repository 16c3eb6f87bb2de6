/**
 * A live stream's stages (spec §3, §5, §9): a name and a number 1 to 5. PUT …/stages/ sends
 * them whole, each stage this declaration's body (shared/api/endpoints/curation.ts StagesBody).
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { defineItems, field } from './define';
import { NAME_MAX } from './values';

const BLANK = 'This field may not be blank.';
const STAGE_NUMBER = `Enter a whole number from 1 to ${LIMITS.liveStreamStages}.`;

export const STAGE_ITEMS = defineItems({
  noun: 'stage',
  fields: {
    name: field('Name', 'text', z.string({ error: BLANK }).trim().min(1, BLANK).max(NAME_MAX)),
    number: field(
      'Number',
      'number',
      z.number({ error: STAGE_NUMBER }).int(STAGE_NUMBER).min(1, STAGE_NUMBER).max(LIMITS.liveStreamStages, STAGE_NUMBER),
    ),
  },
  required: ['name', 'number'],
});
