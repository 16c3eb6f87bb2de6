/**
 * The command palette's parsing and ranking (issue 18): areas ranked by a fuzzy match of
 * their names and only those the user may open; "track 123" / "#123" open records of the
 * types the user may read, at their record routes; searches of a type with the text; brand
 * switches and the list's export only where they apply.
 */
import { describe, expect, it } from 'vitest';
import { AREA_RULES, APPS, BRANDS, STAFF_ROLES, USER_KINDS, can, principalFrom, searchType } from '../../shared/access';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { matchScore, openableTypes, paletteCommands, parseRecordQuery, type PaletteContext } from '../../renderer/app/palette/commands';
import { opensPalette } from '../../renderer/lib/shortcuts';
import { allowedResources } from '../../renderer/lib/navigation';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;
function ctx(username: string, extra: Partial<PaletteContext> = {}): PaletteContext {
  const who = account(username);
  return {
    principal: principalFrom([who.app, who.role, ...who.brands].join(' '), [], who.brands[0]),
    brands: who.brands.map((b) => ({ value: b, label: b.toUpperCase() })),
    brand: who.brands[0],
    canExportList: false,
    ...extra,
  };
}
const labels = (text: string, c: PaletteContext) => paletteCommands(text, c).map((x) => x.label);
const hrefs = (text: string, c: PaletteContext) => paletteCommands(text, c).flatMap((x) => (x.action.kind === 'go' ? [x.action.href] : []));

describe('matchScore', () => {
  it('ranks a prefix over a word start over a substring over letters in order, and refuses the rest', () => {
    const prefix = matchScore('sta', 'Statements');
    const word = matchScore('man', 'Label Managers');
    const inside = matchScore('ate', 'Statements');
    const fuzzy = matchScore('lmgr', 'Label Managers');
    expect([prefix, word, inside, fuzzy].every((s) => s > 0)).toBe(true);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(fuzzy);
    expect(matchScore('xyz', 'Statements')).toBe(0);
    expect(matchScore('STAT', 'statements')).toBe(matchScore('stat', 'Statements'));
    // Fewer gaps between the letters rank higher.
    expect(matchScore('sls', 'Sales')).toBeGreaterThan(matchScore('sls', 'Support Labels Set'));
  });
});

describe('parseRecordQuery', () => {
  it('reads the type words and the id', () => {
    expect(parseRecordQuery('track 123')).toEqual({ words: 'track', id: '123' });
    expect(parseRecordQuery('  release #45 ')).toEqual({ words: 'release', id: '45' });
    expect(parseRecordQuery('#123')).toEqual({ words: '', id: '123' });
    expect(parseRecordQuery('77')).toEqual({ words: '', id: '77' });
    expect(parseRecordQuery('dj  profile 9')).toEqual({ words: 'dj profile', id: '9' });
    expect(parseRecordQuery('tracks')).toBeNull();
    expect(parseRecordQuery('track 12a')).toBeNull();
  });
});

describe('paletteCommands', () => {
  it('with no text lists every area the user may open, in the navigation order, and only those', () => {
    for (const app of APPS)
      for (const role of [...STAFF_ROLES, ...USER_KINDS])
        for (const brand of BRANDS) {
          const principal = principalFrom(`${app} ${role} ${brand}`);
          const c: PaletteContext = { principal, brands: [], brand, canExportList: false };
          const areas = paletteCommands('', c)
            .filter((x) => x.group === 'Go to')
            .map((x) => (x.action as { href: string }).href);
          expect(areas).toEqual(allowedResources(principal).map((r) => r.path));
          for (const href of areas) expect(can(principal, AREA_RULES[href as keyof typeof AREA_RULES])).toBe(true);
        }
  });

  it('ranks areas by a fuzzy match of the typed name', () => {
    const admin = ctx('admin');
    expect(labels('stat', admin)[0]).toBe('Statements');
    expect(labels('label man', admin)[0]).toBe('Label Managers');
    expect(labels('lgcy', admin)[0]).toBe('Legacy Deliveries');
    // A supplier is never offered the admin area, however it is typed.
    const supplier = ctx('supplier');
    expect(can(supplier.principal, AREA_RULES['/label-manager'])).toBe(false);
    expect(labels('label man', supplier)).not.toContain('Label Managers');
    expect(hrefs('', supplier)).not.toContain('/label-manager');
  });

  it('"track 123" opens that track first, at its catalogue page; "#123" offers every type the user may read', () => {
    const admin = ctx('admin');
    const first = paletteCommands('track 123', admin)[0];
    expect(first).toMatchObject({ label: 'Open track #123', action: { kind: 'go', href: '/catalog/tracks/123' } });
    expect(paletteCommands('release #45', admin)[0]).toMatchObject({ label: 'Open release #45', action: { href: '/catalog/releases/45' } });
    const all = paletteCommands('#123', admin).filter((x) => x.group === 'Open');
    expect(all.map((x) => x.label)).toEqual(expect.arrayContaining(['Open track #123', 'Open release #123', 'Open user #123']));
    // Open commands come only for types whose search rule the user holds.
    for (const who of ['supplier', 'finance', 'dj', 'curation']) {
      const c = ctx(who);
      const readable = openableTypes(c.principal);
      for (const t of readable) expect(can(c.principal, searchType(t.type.key)!.rule)).toBe(true);
      const opened = paletteCommands('#5', c).filter((x) => x.group === 'Open').length;
      expect(opened).toBe(Math.min(readable.length, 12));
    }
    // A supplier may not read users: "user 5" offers no user to open.
    expect(labels('user 5', ctx('supplier'))).not.toContain('Open user #5');
  });

  it('searches a type with the text: a leading type word picks the type, else every searchable type', () => {
    const admin = ctx('admin');
    const searches = paletteCommands('tracks daft punk', admin).filter((x) => x.group === 'Search');
    expect(searches[0]).toMatchObject({ label: 'Search tracks for “daft punk”', action: { href: '/search?type=tracks&q=daft+punk' } });
    const plain = paletteCommands('zzqx', admin).filter((x) => x.group === 'Search');
    expect(plain[0].label).toBe('Search tracks for “zzqx”');
    // Only the types this user may search.
    for (const x of paletteCommands('zzqx', ctx('supplier'))) {
      if (x.action.kind !== 'go') continue;
      const type = new URLSearchParams(x.action.href.split('?')[1]).get('type');
      if (type) expect(can(ctx('supplier').principal, searchType(type)!.rule)).toBe(true);
    }
  });

  it('offers switching to the other brands the user holds, and the list export only on a search list', () => {
    const admin = ctx('admin');
    const brand = paletteCommands('brand', admin).find((x) => x.group === 'Brand');
    expect(brand?.action).toEqual({ kind: 'brand', brand: 'brand:dj' });
    expect(paletteCommands('', ctx('finance')).some((x) => x.group === 'Brand')).toBe(false);
    expect(paletteCommands('export', admin).some((x) => x.action.kind === 'export')).toBe(false);
    const list = ctx('admin', { canExportList: true });
    expect(paletteCommands('export', list)[0].action).toEqual({ kind: 'export' });
    expect(paletteCommands('', list)[0].action).toEqual({ kind: 'export' });
    expect(paletteCommands('shortcuts', admin)[0]).toMatchObject({ label: 'Keyboard shortcuts', action: { href: '/help#shortcuts' } });
  });
});

describe('opensPalette', () => {
  it('is Ctrl+K or ⌘K, nothing else', () => {
    const key = (k: Partial<KeyboardEvent>) =>
      opensPalette({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...k });
    expect(key({ ctrlKey: true })).toBe(true);
    expect(key({ metaKey: true })).toBe(true);
    expect(key({ ctrlKey: true, key: 'K' })).toBe(true);
    expect(key({})).toBe(false);
    expect(key({ ctrlKey: true, shiftKey: true })).toBe(false);
    expect(key({ ctrlKey: true, key: 'j' })).toBe(false);
  });
});
