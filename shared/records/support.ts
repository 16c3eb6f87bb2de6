/** Records of the support area (spec §3): coupons, users, hype offers. */
import { z } from 'zod';
import { INT4_MAX } from '../api/query-values';
import { indexedTag, voidedTag } from '../search/status';
import { coupons, hypeOffers, hypePurchases, users } from '../search/types/support';
import { hypeOfferDates, startBeforeEnd } from './checks';
import { CREATED, DATE_RANGE, ENABLED } from './common';
import { defineRecord, field } from './define';
import { CODE_MAX, NAME_MAX, bool, currencyAmounts, day, id, ids, money, name, optionalText, requiredText, whole } from './values';

/** User ids a coupon form or PATCH may carry; more come by CSV upload (POST …/coupons/{id}/users/upload/). */
export const COUPON_USER_IDS_MAX = 1000;

/** User name fields (first, last): Django's 150. */
const PERSON_NAME_MAX = 150;

export const couponRecord = defineRecord({
  type: coupons,
  title: 'code',
  noun: 'coupon',
  fields: {
    code: field('Code', 'text', requiredText(CODE_MAX)),
    discount_type_id: field('Discount Type', 'select', id, { list: 'discount-types', shownAs: 'discount_type' }),
    discount_amount: field('Discount Amount', 'money', money().nullable()),
    discount_percentage: field(
      'Discount Percentage',
      'number',
      z.number().min(0, 'Ensure this value is at least 0.').max(100, 'Ensure this value is at most 100.').nullable(),
    ),
    max_usage: field('Max Usage', 'number', whole(0, INT4_MAX).nullable()),
    min_order: field('Minimum Order Amount', 'currencyAmounts', currencyAmounts()),
    user_ids: field('User IDs (global when empty)', 'ids', ids(COUPON_USER_IDS_MAX), { ref: 'users' }),
    enabled: ENABLED,
    ...DATE_RANGE,
  },
  shown: { created_at: CREATED },
  create: { required: ['code', 'discount_type_id'] },
  subResources: [{ key: 'users', label: 'Users' }],
  checks: [startBeforeEnd()],
});

export const userRecord = defineRecord({
  type: users,
  title: 'username',
  noun: 'user',
  fields: {
    email: field('Registered Email', 'text', z.email('Enter a valid email address.').max(NAME_MAX)),
    first_name: field('First Name', 'text', optionalText(PERSON_NAME_MAX)),
    last_name: field('Last Name', 'text', optionalText(PERSON_NAME_MAX)),
    dj_name: field('DJ Display Name', 'text', optionalText(NAME_MAX)),
    dj_profile_enabled: field('Profile Page Enabled', 'boolean', bool()),
    is_indexed: field('Indexed', 'boolean', bool()),
    decline_transactions: field('Decline Transactions', 'boolean', bool()),
    bypass_fraud_checks: field('Bypass Fraud Checks', 'boolean', bool()),
    billing_disabled: field('Billing Disabled', 'boolean', bool()),
  },
  shown: {
    username: { label: 'Username', kind: 'text' },
    dj_slug: { label: 'DJ Slug', kind: 'text' },
    registered_at: { label: 'Registration Date', kind: 'datetime' },
    last_login: { label: 'Last Login', kind: 'datetime' },
  },
  subResources: [
    { key: 'credits', label: 'Credits', api: 'credits' },
    { key: 'orders', label: 'Orders' },
    { key: 'coupons', label: 'Coupons', api: 'coupons' },
    { key: 'account', label: 'Sign-in & Billing', api: 'identities' },
  ],
  status: (row) => [indexedTag(row.is_indexed)],
});

/**
 * A hype offer (spec §3, §7 Content ops hype-offers): created on the active brand for a
 * label (which it keeps); §5 hype start and end required, start not after end (hypeOfferDates).
 */
export const hypeOfferRecord = defineRecord({
  type: hypeOffers,
  title: 'name',
  noun: 'hype offer',
  fields: {
    label_id: field('Label', 'reference', id, { ref: 'labels', createOnly: true, shownAs: 'label' }),
    name: field('Name', 'text', name()),
    price: field('Price', 'money', money()),
    enabled: ENABLED,
    hype_active: field('Hype Active', 'boolean', bool()),
    start_date: field('Hype Start', 'date', day.nullable()),
    end_date: field('Hype End', 'date', day.nullable()),
  },
  // Hype start and end are required by hypeOfferDates, so a missing one gets §5's words.
  create: { required: ['label_id', 'name', 'price'] },
  checks: [hypeOfferDates],
});

/**
 * A hype purchase (spec §2 /support, §7 Accounts "hype purchases GET by id"): read only
 * (nobody writes hype purchases through the console), opened from /support and /hype.
 */
export const hypePurchaseRecord = defineRecord({
  type: hypePurchases,
  title: 'id',
  noun: 'hype purchase',
  fields: {},
  shown: {
    user: { label: 'User', kind: 'ref' },
    label: { label: 'Label', kind: 'ref' },
    offer_id: { label: 'Hype Offer ID', kind: 'text' },
    amount: { label: 'Amount', kind: 'text' },
    voided: { label: 'Voided', kind: 'boolean' },
    created_at: { label: 'Purchased', kind: 'datetime' },
  },
  status: (row) => [voidedTag(row.voided)],
});
