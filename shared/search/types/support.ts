/** Search types of the support area (spec §2): one declaration each (shared/search/define.ts). */
import { SEARCH_RULES } from '../../access/search-rules';
import { defineSearchType, ids, text, int, reference, choice, date, bool, year, month, col } from '../define';
import {
  ID, NAME, ENABLED, S, D, DS, ORDER_STATUS_OPTIONS, YEAR_OPTIONS, MONTH_FILTER_OPTIONS, STORE_FILTER_OPTIONS,
  START_DATE, END_DATE,
} from './common';

export const coupons = defineSearchType({
  key: 'coupons', label: 'Coupons', area: '/support', category: 'content-ops', path: 'coupons',
  rule: SEARCH_RULES.coupons,
  filters: {
    id: ids(), code: text(), discount_type: reference('discount-types'), discount_amount: int(), enabled: bool(),
    start_date: date(), end_date: date(), date_created: date(),
  },
  columns: {
    id: ID, code: col('Code', 'text', { fixed: true, sortable: true }),
    discount_type: col('Discount Type', 'ref', D), discount_amount: col('Discount Amount', 'discount', D),
    discount_percentage: col('Discount %', 'percent'), max_usage: col('Max Usage', 'number'),
    start_date: START_DATE, end_date: END_DATE, enabled: ENABLED,
  },
  sorts: ['created_at'],
  defaultSort: '-created_at',
  textSearch: true,
});

export const orders = defineSearchType({
  key: 'orders', label: 'Orders', area: '/support', category: 'accounts', path: 'orders', rule: SEARCH_RULES.orders,
  filters: {
    id: ids(), user_id: ids(), person_id: ids(), username: text(), email: text(), purchaser_ip: text(), date: date(),
    year: year(YEAR_OPTIONS), month: month(MONTH_FILTER_OPTIONS), current_status: choice(ORDER_STATUS_OPTIONS),
    voided: bool(), store: choice(STORE_FILTER_OPTIONS, true), track_id: ids(), release_id: ids(),
  },
  columns: {
    id: ID, user: col('Username', 'ref', { fixed: true }),
    date: col('Date', 'date', { field: 'created_at', fixed: true, sortable: true }),
    total: col('Total', 'money', DS), current_status: col('Status', 'orderStatus', D),
    voided: col('Voided', 'voided', D), store: col('Store'), email: col('Email'), purchaser_ip: col('Purchaser IP'),
    item_count: col('Items', 'number'),
  },
  sorts: ['created_at'],
  defaultSort: '-created_at',
  textSearch: false,
});

export const users = defineSearchType({
  key: 'users', label: 'Users', area: '/support', category: 'accounts', path: 'users', rule: SEARCH_RULES.users,
  filters: {
    id: ids(), user_id: ids(), person_id: ids(), username: text(), email: text(), first_name: text(),
    last_name: text(), register_ip_address: text(), dj_name: text(), is_indexed: bool(), created_date: date(),
    country_id: reference('countries'),
  },
  columns: {
    id: ID, username: col('Username', 'text', { fixed: true, sortable: true }),
    email: col('Email', 'text', { fixed: true }), first_name: col('First Name', 'text', D),
    last_name: col('Last Name', 'text', D), dj_name: col('DJ Name'), is_indexed: col('Indexed', 'indexed'),
    country: col('Country', 'ref'), registered_at: col('Registered', 'date', S),
    last_login: col('Last Login', 'date', S),
  },
  defaultSort: '-registered_at',
  textSearch: true,
});

export const hypeOffers = defineSearchType({
  key: 'hype_offers', label: 'Hype Offers', area: '/support', category: 'content-ops', path: 'hype-offers',
  rule: SEARCH_RULES.hypeOffers,
  filters: {
    id: ids(), name: text(), label_id: ids(), label_name: text(), enabled: bool(), hype_active: bool(),
    start_date: date(), end_date: date(),
  },
  columns: {
    id: ID, name: NAME, label: col('Label', 'ref', D), price: col('Price', 'money', D),
    start_date: START_DATE, end_date: END_DATE, enabled: ENABLED,
  },
  defaultSort: 'name',
  textSearch: true,
});

export const hypePurchases = defineSearchType({
  key: 'hype_purchases', label: 'Hype Purchases', area: '/support', category: 'accounts', path: 'hype-purchases',
  rule: SEARCH_RULES.hypePurchases,
  filters: {
    id: ids(), user_id: ids(), username: text(), label_id: ids(), label_name: text(), date: date(),
    year: year(YEAR_OPTIONS), month: month(MONTH_FILTER_OPTIONS), voided: bool(),
  },
  columns: {
    id: ID, user: col('Username', 'ref', { fixed: true }), label: col('Label', 'ref', { fixed: true }),
    date: col('Date', 'date', { field: 'created_at', sortable: true, byDefault: true }),
    amount: col('Amount', 'money', D), voided: col('Voided', 'voided', D),
  },
  sorts: ['created_at'],
  defaultSort: '-created_at',
  textSearch: false,
});
