// @vitest-environment happy-dom
/**
 * A delivery's files on its page (issue 27, spec §7 delivery inspector), in the whole
 * console over the fake main: each file as delivered has Save… (and Open in the desktop
 * app), which asks main for it over the bridge (deliveryFileSave / deliveryFileOpen: the
 * bytes and the token stay in main; the page never calls the API's file route itself);
 * a saved file is said so, a dismissed dialog says nothing, and a refusal shows §8's
 * download text with the API's reason.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeMain, reply, pageOf } from './fake-main';
import { deliveryEndpoints, genresEndpoint, supplierEndpoints, type DeliveryDetail } from '../../shared/api/endpoints';
import { BridgeError } from '../../shared/bridge';
import { MSG } from '../../shared/messages';
import { queryClient } from '../../renderer/lib/query-client';
import { systemKeys } from '../../renderer/lib/system-queries';

const { renderConsole } = await import('./console-harness');

const FILES = [
  { path: 'A1/A1.xml', size: 2048 },
  { path: 'A1/resources/01 Track.wav', size: 5 * 1024 * 1024 },
];
const DELIVERY: DeliveryDetail = {
  id: 41,
  release_id: null,
  title: 'Night Drive',
  artist: 'Ana',
  label_name: 'Label',
  supplier: { id: 3, name: 'Supplier' },
  genre: null,
  release_status: 'release-received',
  status_message: null,
  album_action: 'insert',
  ingested: false,
  delivered_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  version: 1,
  events: [],
  files: FILES,
  xml_file_path: 'A1/A1.xml',
  source_genre: null,
  source_label: '',
  can_reingest: true,
};
const page = <T,>(results: T[]) => pageOf(results, 200);

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
  fakeMain.api.calls.length = 0;
});

async function openDelivery(transport: 'electron' | 'host' = 'host') {
  fakeMain.api.on(deliveryEndpoints.get, () => DELIVERY);
  fakeMain.api.on(genresEndpoint, () => page([{ id: 1, name: 'House', sub_genres: [] }]));
  fakeMain.api.on(supplierEndpoints.labels, () => reply(page([])));
  await renderConsole({ account: 'contentops', path: `/deliveries/${DELIVERY.id}` });
  fakeMain.channel('systemInfo', () => ({
    transport,
    apiUrl: 'http://127.0.0.1:1',
    idpUrl: 'http://127.0.0.1:2',
    environment: 'sandbox',
    version: '0.0.0',
  }));
  await act(() => queryClient.invalidateQueries({ queryKey: systemKeys.info() }));
  const list = await screen.findByTestId('delivery-files', undefined, { timeout: 25_000 });
  return within(list).getAllByTestId('delivery-file');
}

describe("a delivery's files", () => {
  it('lists each file with Save…, which main saves (no API file call from the page); Open only in the desktop app', async () => {
    fakeMain.channel('deliveryFileSave', ({ path }) => ({ saved: true, fileName: path.split('/').pop()! }));
    const rows = await openDelivery('host');
    expect(rows.map((r) => r.querySelector('code')!.textContent)).toEqual(FILES.map((f) => f.path));
    expect(rows[1].textContent).toContain('(5 MB)'); // §9: MB whole, only GB with a decimal
    expect(screen.queryByRole('button', { name: `Open ${FILES[0].path}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Save ${FILES[1].path}` }));
    await waitFor(() => expect(fakeMain.requestsOf('deliveryFileSave')).toEqual([{ deliveryId: DELIVERY.id, path: FILES[1].path }]));
    expect(await screen.findByText('Saved 01 Track.wav', undefined, { timeout: 5000 })).toBeTruthy();
    expect(fakeMain.api.callsOf(deliveryEndpoints.file)).toEqual([]);
    expect(screen.queryByTestId('delivery-file-error')).toBeNull();
  }, 60_000);

  it('a dismissed save dialog says nothing', async () => {
    fakeMain.channel('deliveryFileSave', () => ({ saved: false, fileName: 'A1.xml' }));
    await openDelivery('host');
    fireEvent.click(screen.getByRole('button', { name: `Save ${FILES[0].path}` }));
    await waitFor(() => expect(fakeMain.requestsOf('deliveryFileSave')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: `Save ${FILES[0].path}` }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText('Saved A1.xml')).toBeNull();
    expect(screen.queryByTestId('delivery-file-error')).toBeNull();
  }, 60_000);

  it("Open asks main to open the file (desktop app); a refusal shows §8's download text and the API's reason", async () => {
    let refuse = false;
    fakeMain.channel('deliveryFileOpen', () => {
      if (refuse) throw new BridgeError({ code: 'http_error', status: 404, message: 'Not Found', detail: 'Not found.' });
      return { fileName: 'A1.xml' };
    });
    await openDelivery('electron');
    const open = await screen.findByRole('button', { name: `Open ${FILES[0].path}` }, { timeout: 5000 });
    fireEvent.click(open);
    await waitFor(() => expect(fakeMain.requestsOf('deliveryFileOpen')).toEqual([{ deliveryId: DELIVERY.id, path: FILES[0].path }]));
    const openButton = () => screen.getByRole('button', { name: `Open ${FILES[0].path}` });
    await waitFor(() => expect(openButton().hasAttribute('disabled') || openButton().classList.contains('ant-btn-loading')).toBe(false));
    expect(screen.queryByTestId('delivery-file-error')).toBeNull();
    refuse = true;
    fireEvent.click(openButton());
    await waitFor(() => expect(fakeMain.requestsOf('deliveryFileOpen')).toHaveLength(2));
    const error = await screen.findByTestId('delivery-file-error', undefined, { timeout: 5000 });
    expect(error.textContent).toContain(MSG.download);
    expect(error.textContent).toContain(`${FILES[0].path}: Not found.`);
  }, 60_000);
});
