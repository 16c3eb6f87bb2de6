/** Columns and filter options several search types share. */
import { storeOptions } from '../../access/brand-options';
import { PRE_ORDER_WEEKS } from '../../constants';
import {
  ALBUM_ACTIONS,
  ENCODE_STATUS,
  ORDER_STATUS,
  PLAYLIST_STATUSES,
  PPOSP_ENROLLMENT,
  RELEASE_STATUS,
  type Term,
} from '../../vocabularies';
import { col, opts, type Option, type Options } from '../define';
import { MONTH_OPTIONS, yearOptions } from '../format';

export const S = { sortable: true } as const;
export const D = { byDefault: true } as const;
export const DS = { byDefault: true, sortable: true } as const;

export const ID = col('ID', 'number', { fixed: true, link: true, sortable: true });
export const NAME = col('Name', 'text', { fixed: true, link: true, sortable: true });
export const TITLE = col('Title', 'text', { fixed: true, link: true, sortable: true });
/** "Enabled" is a field (spec §3), not a status word of §4: shown as Yes/No. */
export const ENABLED = col('Enabled', 'bool', D);
export const CREATED = col('Created', 'date', S);
export const START_DATE = col('Start Date', 'date', S);
export const END_DATE = col('End Date', 'date');

const termOptions = (terms: readonly Term[]): Option[] => terms.map((t) => ({ value: t.value, label: t.label }));

export const ENCODE_STATUS_OPTIONS = termOptions(ENCODE_STATUS);
export const ORDER_STATUS_OPTIONS = termOptions(ORDER_STATUS);
export const RELEASE_STATUS_OPTIONS = termOptions(RELEASE_STATUS);
export const PPOSP_OPTIONS = termOptions(PPOSP_ENROLLMENT);
export const ALBUM_ACTION_OPTIONS = opts(ALBUM_ACTIONS);
export const PLAYLIST_STATUS_OPTIONS = opts(PLAYLIST_STATUSES);
export const PRE_ORDER_WEEK_OPTIONS = opts(PRE_ORDER_WEEKS);
/** The current year down to 2004 (spec §9). */
export const YEAR_OPTIONS: Options = ({ now }) => opts(yearOptions(now));
export const MONTH_FILTER_OPTIONS: Options = MONTH_OPTIONS.map((m) => ({ value: String(m.value), label: m.label }));
/** Store: the active brand's options only (spec §6). */
export const STORE_FILTER_OPTIONS: Options = ({ brand }) => opts(storeOptions(brand));
