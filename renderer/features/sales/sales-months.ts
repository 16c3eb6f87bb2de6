/**
 * The sales screen's dates (issue 29): it opens on the last twelve whole months and this
 * month so far, a range the sandbox's two years of sales fill; and the chart over time has
 * every month of the range for each currency, a month without sales at 0, in order.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { SalesFigure } from '../../../shared/api/endpoints/jobs';

/** Whole months before this one the default range covers. */
export const DEFAULT_SALES_MONTHS = 12;

/** The range /sales opens on: the first day of the month twelve months back, to today. */
export function defaultSalesRange(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(DEFAULT_SALES_MONTHS, 'month').startOf('month'), today];
}

/** Every month (YYYY-MM) from the start's to the end's. */
export function monthsOf(start: Dayjs, end: Dayjs): string[] {
  const out: string[] = [];
  for (let m = start.startOf('month'); !m.isAfter(end, 'month'); m = m.add(1, 'month')) out.push(m.format('YYYY-MM'));
  return out;
}

export interface MonthPoint {
  /** YYYY-MM */
  month: string;
  currency: string;
  net: number;
}

/** The over-time figures as one point per month of the range and currency (0 where none sold). */
export function monthSeries(figures: readonly SalesFigure[], start: Dayjs, end: Dayjs): MonthPoint[] {
  const currencies = [...new Set(figures.map((f) => f.currency))].sort();
  const keyOf = (month: string, currency: string) => [month, currency].join('|');
  const net = new Map(figures.map((f) => [keyOf(f.key, f.currency), Number(f.net)]));
  return monthsOf(start, end).flatMap((month) =>
    currencies.map((currency) => ({ month, currency, net: net.get(keyOf(month, currency)) ?? 0 })),
  );
}
