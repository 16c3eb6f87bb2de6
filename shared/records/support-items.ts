/**
 * A user's credits (spec §3 Credit: amount, currency, reason; §5 "Currency and reason
 * required to add credits"). POST …/users/{id}/credits/ takes this declaration's body; the
 * bulk credit and its CSV upload take the same fields (shared/api/endpoints/credits.ts).
 */
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { MSG } from '../messages';
import { INT4_MAX } from '../api/query-values';
import { defineItems, field } from './define';
import { money } from './values';

/** §5: currency and reason are required to add credits (field messages ours; the spec gives none). */
export const CREDIT_MESSAGES = {
  amount: 'Enter an amount greater than 0.',
  currency: 'A currency is required to add credits.',
  reason: 'A reason is required to add credits.',
} as const;

const CODES = CURRENCIES.map((c) => c.code) as [string, ...string[]];

export const CREDIT_ITEMS = defineItems({
  noun: 'credit',
  fields: {
    amount: field(
      'Amount',
      'money',
      money().refine((v) => v > 0, CREDIT_MESSAGES.amount),
    ),
    currency: field('Currency', 'select', z.enum(CODES, { error: CREDIT_MESSAGES.currency }), {
      options: CURRENCIES.map((c) => ({ value: c.code, label: c.name })),
    }),
    reason_id: field(
      'Reason',
      'select',
      z.number({ error: CREDIT_MESSAGES.reason }).int(MSG.selectFromList).positive(MSG.selectFromList).max(INT4_MAX, MSG.selectFromList),
      { list: 'reason' },
    ),
  },
  required: ['amount', 'currency', 'reason_id'],
});
