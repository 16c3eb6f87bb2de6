/**
 * Statement periods and amounts (spec §9), for the server's statements job and the console:
 * quarterly periods until Q2 2018, monthly from STATEMENTS_MONTHLY_FROM; amounts in the six
 * §9 currencies with thousands separators, empty as $0.00.
 */
import { CURRENCIES, STATEMENTS_MONTHLY_FROM } from './constants';
import { formatMoney, formatMonth } from './format';

export interface Period {
  start: string;
  end: string;
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
/** The last day of month m (1-12) of year y. */
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The statement period holding a day (YYYY-MM-DD): its quarter before STATEMENTS_MONTHLY_FROM, its month from it. */
export function periodOf(day: string): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const first = day < STATEMENTS_MONTHLY_FROM ? m - ((m - 1) % 3) : m;
  const last = day < STATEMENTS_MONTHLY_FROM ? first + 2 : m;
  return { start: iso(y, first, 1), end: iso(y, last, lastDay(y, last)) };
}

/** The period after one. */
export function nextPeriod(p: Period): Period {
  const y = Number(p.end.slice(0, 4));
  const m = Number(p.end.slice(5, 7));
  return periodOf(m === 12 ? iso(y + 1, 1, 1) : iso(y, m + 1, 1));
}

/** The periods that end on or before `through`, from the one holding `from`. */
export function periodsBetween(from: string, through: string): Period[] {
  const out: Period[] = [];
  for (let p = periodOf(from); p.end <= through; p = nextPeriod(p)) out.push(p);
  return out;
}

/** The last period that has ended before `today` (YYYY-MM-DD). */
export function lastClosedPeriod(today: string): Period {
  const current = periodOf(today);
  const y = Number(current.start.slice(0, 4));
  const m = Number(current.start.slice(5, 7));
  return periodOf(m === 1 ? iso(y - 1, 12, 1) : iso(y, m - 1, 1));
}

/** How a period is named: "Q2 2018" for a quarter, "July 2018" for a month. */
export function periodLabel(p: Period): string {
  const y = p.start.slice(0, 4);
  const m = Number(p.start.slice(5, 7));
  if (p.start.slice(0, 7) !== p.end.slice(0, 7)) return `Q${(m + 2) / 3} ${y}`;
  return formatMonth(Number(y), m);
}

/**
 * An amount in one of the §9 currencies with thousands separators and two decimals
 * ("$1,234.50", "€1,234.50", "R$1,234.50"); empty (null, undefined, '') shows "$0.00" (§9).
 */
export function formatAmount(amount: number | string | null | undefined, currency = 'USD'): string {
  return formatMoney(amount, CURRENCIES.some((c) => c.code === currency) ? currency : 'USD');
}
