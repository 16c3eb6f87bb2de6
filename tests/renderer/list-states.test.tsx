// @vitest-environment happy-dom
/**
 * Issue 29: every registered record tab (and the search list) against a fake main that
 * answers slowly, with an error, or empty: no "No data" before the first answer, a
 * skeleton meanwhile; §8's request-failed text with a Retry that asks again; after an
 * empty answer, never antd's bare "No data".
 */
import { fakeMain, pageOf } from './fake-main';
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Table } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import type { ApiRequest } from '../../shared/bridge/channels/api';
import { httpError } from '../../main/services/api-client';
import { RECORDS, recordTabs } from '../../shared/records';

const { recordTabComponent } = await import('../../renderer/features/records/tabs');
await import('../../renderer/app/record-tabs');
const { authAtom } = await import('../../renderer/lib/store');
const { MSG } = await import('../../shared/messages');
const { tableStateProps, ListEmpty } = await import('../../renderer/ui/ListState');
const { BridgeError } = await import('../../shared/bridge/error');

const ADMIN = 'app:control staff:admin brand:dance';
const envelope = <T,>(results: T[]) => pageOf(results);

/** Tabs that are a form and list nothing (their pick lists load inside their selects). */
const FORMS = new Set(['releases/territories']);
/** Every registered tab that lists something: [type, key]. */
const TABS = Object.keys(RECORDS).flatMap((type) =>
  recordTabs(type)
    .filter((t) => recordTabComponent(type, t.key) && !FORMS.has(`${type}/${t.key}`))
    .map((t) => [type, t.key] as const),
);

let calls: ApiRequest[] = [];
let answer: (req: ApiRequest) => unknown = () => new Promise(() => undefined);
fakeMain.channel('apiRequest', (req) => {
  calls.push(req as ApiRequest);
  return answer(req as ApiRequest) as never;
});
fakeMain.channel('settingsSet', () => ({ ok: true }));

afterEach(() => {
  cleanup();
  calls = [];
});

async function renderTab(type: string, key: string) {
  const Tab = recordTabComponent(type, key)!;
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: { userId: 1, username: 'u', scope: ADMIN, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const row = { id: 1, version: 1, name: 'Thing', title: 'Thing', enabled: true };
  await act(async () => {
    render(
      <MemoryRouter>
        <Provider store={store}>
          <QueryClientProvider client={client}>
            <App>
              <Suspense fallback={<div data-testid="lazy" />}>
                <Tab type={type} id={1} row={row as never} />
              </Suspense>
            </App>
          </QueryClientProvider>
        </Provider>
      </MemoryRouter>,
    );
  });
  await waitFor(() => expect(screen.queryByTestId('lazy')).toBeNull(), { timeout: 10_000 });
}

/** antd's bare empty text, as shown (the title of antd's empty picture is not text on screen). */
const noData = () => screen.queryAllByText('No data').filter((el) => el.tagName.toLowerCase() !== 'title');

describe('record tabs: loading, empty and error states', () => {
  it('finds the registered tabs', () => {
    expect(TABS.length).toBeGreaterThan(30);
  });

  it.each(TABS)('%s / %s: a skeleton, never "No data", while the first answer is awaited', async (type, key) => {
    answer = () => new Promise(() => undefined);
    await renderTab(type, key);
    if (calls.length === 0) return; // the tab shows the record itself and asks for nothing
    expect(noData()).toHaveLength(0);
    expect(screen.queryAllByTestId('list-loading').length + document.querySelectorAll('.ant-spin-spinning').length).toBeGreaterThan(0);
  });

  it.each(TABS)("%s / %s: a failure shows §8's text and Retry asks again", async (type, key) => {
    answer = () => {
      throw httpError({ status: 404, statusText: 'Not Found' }, null);
    };
    await renderTab(type, key);
    if (calls.length === 0) return;
    const failed = MSG.requestFailed('Not Found');
    await waitFor(() => expect(screen.queryAllByText(failed).length + screen.queryAllByText(/Not Found/).length).toBeGreaterThan(0));
    const retry = screen.queryAllByTestId('list-retry');
    expect(retry.length).toBeGreaterThan(0);
    expect(screen.getAllByText(failed).length).toBeGreaterThan(0);
    expect(noData()).toHaveLength(0);
    const before = calls.length;
    fireEvent.click(retry[0]);
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it.each(TABS)('%s / %s: an empty answer never says a bare "No data"', async (type, key) => {
    answer = (req) => ({ status: 200, data: req.method === 'GET' ? envelope([]) : null });
    await renderTab(type, key);
    if (calls.length === 0) return;
    await waitFor(() => expect(screen.queryAllByTestId('list-loading')).toHaveLength(0));
    expect(noData()).toHaveLength(0);
  });
});

describe('tableStateProps: an antd Table fed by a query', () => {
  const base = { isPending: false, isError: false, isFetching: false, error: null, refetch: () => undefined };
  const show = (q: Parameters<typeof tableStateProps>[0], rows: { id: number }[] = []) =>
    render(
      <Table
        rowKey="id"
        columns={[{ key: 'id', dataIndex: 'id', title: 'ID' }]}
        dataSource={rows}
        {...tableStateProps(q, { empty: <ListEmpty description="No widgets yet." /> })}
      />,
    );

  it('a skeleton while the first answer is awaited, never "No data"', () => {
    show({ ...base, isPending: true, isFetching: true });
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    expect(noData()).toHaveLength(0);
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('the empty text only after an empty answer; a spinner over rows while a later answer is awaited', () => {
    show(base);
    expect(screen.getByText('No widgets yet.')).toBeTruthy();
    cleanup();
    show({ ...base, isFetching: true }, [{ id: 1 }]);
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it("a failure in §8's words with a Retry that asks again", () => {
    let asked = 0;
    show({
      ...base,
      isError: true,
      error: new BridgeError({ code: 'http', status: 503, message: 'Service Unavailable' }),
      refetch: () => (asked += 1),
    });
    expect(screen.getByText(MSG.requestFailed('Service Unavailable'))).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-retry'));
    expect(asked).toBe(1);
  });
});
