/**
 * One formatter (spec §9, issue 29): amounts, percentages, counts, dates, times and plurals
 * shown by the console go through shared/format.ts. This reads the sources of renderer/,
 * shared/ and main/ and fails on formatting done by hand anywhere else: `.toFixed(`,
 * `toLocaleString(` and friends, `new Intl.*Format`, an ISO date sliced to its day, a dayjs
 * display pattern, an amount followed by its currency code, "item(s)" plurals and
 * `n === 1 ? 'x' : 'xs'` plurals. Each exception below says why it is not a display.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const DIRS = ['renderer', 'shared', 'main'];
const FORMATTER = 'shared/format.ts';

/** Rules marked `inText` look only inside quoted text ('…', "…", `…`), not at code such as `test(s)`. */
const RULES: readonly { name: string; re: RegExp; inText?: boolean }[] = [
  { name: 'toFixed', re: /\.toFixed\(/ },
  { name: 'toLocale*String', re: /\.toLocale(Date|Time)?String\(/ },
  { name: 'new Intl formatter', re: /new Intl\.(NumberFormat|DateTimeFormat|PluralRules|RelativeTimeFormat)\(/ },
  { name: 'ISO date sliced to its day', re: /toISOString\(\)\.slice\(0, ?10\)/ },
  { name: 'dayjs display pattern', re: /\.format\(\s*['"`](MM\/DD|DD\/MM|M\/D|YYYY-MM-DD HH|MMM)/ },
  { name: 'amount then currency code', re: /\$\{[^}]+\} ?(USD|EUR|GBP|AUD|MXN|BRL)\b|\$\{[^}]+\} \$\{[^}]*currency\}/ },
  { name: '"(s)" plural', re: /[a-z]\(s\)/, inText: true },
  { name: 'hand-made plural', re: /=== 1 \? '[^']*' : '[^']*s'/ },
];

/**
 * file → rule names allowed there, each with its reason. Keep this short: a new entry
 * needs a reason that the value is not shown to people, or is quoted word for word.
 */
const ALLOWED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'shared/messages.ts': {
    '"(s)" plural': 'spec §8 messages quoted word for word ("There was a problem loading order item(s)").',
  },
  'shared/api/zoned-time.ts': {
    'new Intl formatter': 'isTimeZone asks Intl whether a zone name exists; it formats nothing.',
  },
  'shared/api/query.ts': {
    'ISO date sliced to its day': 'the YYYY-MM-DD sent to the API (wire format), not shown.',
  },
  'main/services/exports.ts': {
    'ISO date sliced to its day': "the YYYY-MM-DD in an export's file name (sorts by date), not a displayed date.",
  },
  'main/services/packaging/ern.ts': {
    toFixed: 'the DDEX ERN xs:duration (PT1M2.500S) written into the XML, a wire format.',
    'ISO date sliced to its day': 'the DDEX ERN xs:date written into the XML, a wire format.',
  },
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') out.push(...sources(p));
    } else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const QUOTED = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

function matches(rule: (typeof RULES)[number], line: string): boolean {
  if (!rule.inText) return rule.re.test(line);
  // Template-literal expressions are code: `${deviceOf(s)}` is no plural.
  return (line.match(QUOTED) ?? []).some((q) => rule.re.test(q.replace(/\$\{[^}]*\}/g, '')));
}

function findings(): string[] {
  const found: string[] = [];
  for (const dir of DIRS) {
    for (const file of sources(join(ROOT, dir))) {
      const rel = relative(ROOT, file).split('\\').join('/');
      if (rel === FORMATTER) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return; // comments
        for (const rule of RULES) {
          if (matches(rule, line) && !ALLOWED[rel]?.[rule.name]) found.push(`${rel}:${i + 1} ${rule.name}: ${code}`);
        }
      });
    }
  }
  return found;
}

describe('no hand-formatted amounts, dates or plurals outside shared/format.ts', () => {
  it('finds none in renderer/, shared/ and main/ (use shared/format.ts, or add a justified exception)', () => {
    expect(findings()).toEqual([]);
  });

  it('each rule catches what it is for', () => {
    const hits = (s: string) => RULES.filter((r) => matches(r, s)).map((r) => r.name);
    expect(hits('`${n.toFixed(2)}`')).toEqual(['toFixed']);
    expect(hits('n.toLocaleString("en-US")')).toEqual(['toLocale*String']);
    expect(hits('new Date(x).toLocaleDateString()')).toEqual(['toLocale*String']);
    expect(hits('new Intl.NumberFormat("en-US")')).toEqual(['new Intl formatter']);
    expect(hits('d.toISOString().slice(0, 10)')).toEqual(['ISO date sliced to its day']);
    expect(hits("dayjs(d).format('MM/DD/YYYY')")).toEqual(['dayjs display pattern']);
    expect(hits('`${n} USD`')).toEqual(['amount then currency code']);
    expect(hits('`${n} ${l.currency}`')).toEqual(['amount then currency code']);
    expect(hits('`Refunded ${n} item(s)`')).toEqual(['"(s)" plural']);
    expect(hits("n === 1 ? 'track' : 'tracks'")).toEqual(['hand-made plural']);
    expect(hits('formatMoney(n, currency)')).toEqual([]);
    expect(hits("return /x/.test(s) ? 'a' : 'b';")).toEqual([]);
  });

  it('every exception still matches something (stale ones are removed)', () => {
    for (const [file, rules] of Object.entries(ALLOWED)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const name of Object.keys(rules)) {
        const rule = RULES.find((r) => r.name === name)!;
        expect(rule, `${file}: ${name}`).toBeDefined();
        expect(
          text.split('\n').some((line) => matches(rule, line)),
          `${file}: ${name}`,
        ).toBe(true);
      }
    }
  });
});
