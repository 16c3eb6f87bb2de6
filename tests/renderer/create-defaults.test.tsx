// @vitest-environment happy-dom
/**
 * Create forms that say what they do (issue 27), in the whole console over the fake main:
 * every create form starts from its declaration's defaults (each switch and fixed select
 * shows the value a record created untouched gets: tests/server/create-defaults.test.ts
 * checks the server stores them); a coupon left with Enabled off is sent disabled and one
 * turned on enabled; a live stream's create form does not offer Enabled, and its page says
 * the next step while it has no stage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeMain, reply, pageOf } from './fake-main';
import { principalFrom } from '../../shared/access';
import {
  auxiliaryEndpoint,
  couponEndpoints,
  genresEndpoint,
  liveStreamEndpoints,
  listEndpoints,
  type ObjectRow,
} from '../../shared/api/endpoints';
import { LIVE_NEXT_STEP, RECORDS, RECORD_DECLS, createDefaults, mayCreate, recordRoute, type RecordDecl } from '../../shared/records';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { CREATE_ENDPOINTS } from '../../renderer/features/records/api';

const { renderConsole } = await import('./console-harness');

const page = <T,>(results: T[]) => pageOf(results, 200);
/** Every reference list a create form's selects read, with one item (id 1) or two for discount types. */
function fakeLists(): void {
  fakeMain.api.on(genresEndpoint, () => page([{ id: 1, name: 'House', sub_genres: [] }]));
  const lists = new Set(
    RECORD_DECLS.flatMap((d) => Object.values(d.fields).map((f) => f.list)).filter((l): l is string => Boolean(l) && l !== 'genres'),
  );
  for (const name of lists) {
    fakeMain.api.on(auxiliaryEndpoint(name), () =>
      page(
        name === 'discount-types'
          ? [
              { id: 1, name: 'Amount' },
              { id: 2, name: 'Percentage' },
            ]
          : [{ id: 1, name: 'One' }],
      ),
    );
  }
}

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
  fakeMain.api.calls.length = 0;
});

const BRAND = 'brand:dance';
/** A sandbox account that may create the type on the dance brand. */
function creator(type: string) {
  return SANDBOX_ACCOUNTS.find(
    (a) => a.brands.includes(BRAND) && mayCreate(principalFrom([a.app, a.role, ...a.brands].join(' '), [], BRAND), type),
  );
}
const creatable = RECORD_DECLS.filter((d) => d.create && creator(d.key));

/** What the form shows for a field: a switch's state, a fixed select's chosen label. */
function shown(decl: RecordDecl, key: string): unknown {
  const f = decl.fields[key];
  const item = screen.getByTestId(`field-${key}`);
  if (f.kind === 'boolean') return within(item).getByRole('switch').getAttribute('aria-checked') === 'true';
  const option = f.options?.find((o) => item.textContent?.includes(o.label));
  return option ? option.value : undefined;
}

/**
 * How long a screen may take to appear: the whole console renders in happy-dom, and the
 * first create form (its route loaded lazily) took more than 10 s at load 13-15.
 */
const RENDER_TIMEOUT_MS = 25_000;

async function openCreate(type: string) {
  fakeLists();
  await renderConsole({ account: creator(type)!, brand: BRAND, path: `/create?type=${type}` });
  return screen.findByTestId(`create-${type}`, undefined, { timeout: RENDER_TIMEOUT_MS });
}

describe('every create form starts from its declaration', () => {
  it('is offered for every declared type created here', () => {
    expect(Object.keys(CREATE_ENDPOINTS).sort()).toEqual(
      RECORD_DECLS.filter((d) => d.create)
        .map((d) => d.key)
        .sort(),
    );
  });

  it.each(creatable.map((d) => [d.key, d] as const))(
    '%s: each switch and fixed select shows the default a new record gets',
    async (_k, decl) => {
      const form = await openCreate(decl.key);
      const defaults = createDefaults(decl);
      const offered = Object.keys(defaults).filter((k) => within(form).queryByTestId(`field-${k}`));
      expect(offered.length, 'the form offers defaulted fields').toBeGreaterThan(0);
      expect(Object.fromEntries(offered.map((k) => [k, shown(decl, k)]))).toEqual(Object.fromEntries(offered.map((k) => [k, defaults[k]])));
    },
  );
});

describe('an untouched create form', () => {
  it('holds no unsaved changes: its defaults are not edits, so leaving asks nothing; an edit does ask', async () => {
    fakeLists();
    const view = await renderConsole({ account: creator('coupons')!, brand: BRAND, path: '/create?type=coupons' });
    await screen.findByTestId('create-coupons', undefined, { timeout: RENDER_TIMEOUT_MS });
    await act(async () => view.router.navigate('/support'));
    expect(view.router.state.location.pathname).toBe('/support');

    await act(async () => view.router.navigate('/create?type=coupons'));
    await screen.findByTestId('create-coupons', undefined, { timeout: RENDER_TIMEOUT_MS });
    await act(async () => fireEvent.click(within(screen.getByTestId('field-enabled')).getByRole('switch')));
    await act(async () => {
      void view.router.navigate('/support');
    });
    expect(view.router.state.location.pathname).toBe('/create');
  });
});

describe('a coupon', () => {
  async function createCoupon(turnOn: boolean) {
    let sent: Record<string, unknown> | null = null;
    fakeMain.api.on(couponEndpoints.create, ({ body }) => {
      sent = body as Record<string, unknown>;
      return reply({ id: 41, version: 1, code: 'LATER', enabled: body.enabled } as unknown as ObjectRow, { status: 201, etag: '"v1"' });
    });
    fakeMain.api.on(listEndpoints('coupons').get, () =>
      reply({ id: 41, version: 1, code: 'LATER', enabled: false } as unknown as ObjectRow, { etag: '"v1"' }),
    );
    await openCreate('coupons');
    expect(screen.getByTestId('field-enabled').querySelector('[role=switch]')!.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.change(document.getElementById('field-code')!, { target: { value: 'LATER' } }));
    const type = within(screen.getByTestId('field-discount_type_id')).getByRole('combobox');
    await act(async () => fireEvent.mouseDown(type));
    await act(async () => fireEvent.click(await screen.findByTitle('Amount')));
    if (turnOn) await act(async () => fireEvent.click(within(screen.getByTestId('field-enabled')).getByRole('switch')));
    await act(async () => fireEvent.click(screen.getByTestId('create-submit')));
    await waitFor(() => expect(sent).not.toBeNull());
    return sent!;
  }

  it('left with Enabled off is sent disabled', async () => {
    expect(await createCoupon(false)).toMatchObject({ code: 'LATER', discount_type_id: 1, enabled: false });
  });

  it('with Enabled turned on is sent enabled', async () => {
    expect(await createCoupon(true)).toMatchObject({ code: 'LATER', discount_type_id: 1, enabled: true });
  });
});

describe('page modules and labels', () => {
  it.each(['page_modules', 'labels'] as const)('%s: Enabled starts off, as the record is created', async (type) => {
    await openCreate(type);
    expect(within(screen.getByTestId('field-enabled')).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(createDefaults(RECORDS[type]).enabled).toBe(false);
  });
});

describe('a live stream', () => {
  it('is created without an Enabled switch: enabled only once it has a stage', async () => {
    const form = await openCreate('live_streams');
    expect(within(form).getByTestId('field-name')).toBeTruthy();
    expect(within(form).queryByTestId('field-enabled')).toBeNull();
    expect(within(form).getByTestId('field-is_auto_enabled')).toBeTruthy();
  });

  const stream = (over: Record<string, unknown>) =>
    ({
      id: 9,
      version: 1,
      name: 'New stream',
      enabled: false,
      is_auto_enabled: false,
      start_at: null,
      end_at: null,
      genre: null,
      host_vendor: null,
      tracklist_vendor: null,
      stages: [],
      visible: false,
      ...over,
    }) as unknown as ObjectRow;

  it('its page says the next step while it has no stage, and not once it has one', async () => {
    fakeLists();
    fakeMain.api.on(listEndpoints('live_streams').get, () => reply(stream({}), { etag: '"v1"' }));
    fakeMain.api.on(liveStreamEndpoints.stages, () => page([]));
    await renderConsole({ account: creator('live_streams')!, brand: BRAND, path: recordRoute('live_streams', 9)! });
    expect((await screen.findByTestId('live-next-step', undefined, { timeout: RENDER_TIMEOUT_MS })).textContent).toBe(LIVE_NEXT_STEP);
    cleanup();

    fakeMain.api.on(listEndpoints('live_streams').get, () =>
      reply(stream({ stages: [{ id: 1, name: 'Main', number: 1 }] }), { etag: '"v1"' }),
    );
    fakeMain.api.on(liveStreamEndpoints.stages, () => page([{ id: 1, name: 'Main', number: 1 }]));
    await renderConsole({ account: creator('live_streams')!, brand: BRAND, path: recordRoute('live_streams', 9)! });
    await screen.findByTestId('record-title', undefined, { timeout: RENDER_TIMEOUT_MS });
    await waitFor(() => expect(fakeMain.api.callsOf(liveStreamEndpoints.stages).length).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(screen.queryByTestId('live-next-step')).toBeNull();
  });
});
