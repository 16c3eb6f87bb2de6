// @vitest-environment happy-dom
/**
 * Resuming a packaging draft: main reads only what the user picked in this launch,
 * so the wizard asks main which of the draft's paths it may still read. After a
 * restart (nothing picked yet) it lists the folders, cover art and output folder to
 * choose again and scans nothing; in the same launch it rescans the picked folder.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createStore, Provider } from 'jotai';
import { emptyDraft, type PackagingDraft } from '../../shared/packaging/draft';
import type { ScanEntry } from '../../shared/packaging/model';
import { BridgeError } from '../../shared/bridge/error';

const calls = vi.hoisted(() => ({
  settingsGet: vi.fn(),
  settingsSet: vi.fn(async () => undefined),
  packagingPicked: vi.fn(),
  packagingScan: vi.fn(),
  packagingSender: vi.fn(),
  packagingCancel: vi.fn(async () => ({ ok: true })),
}));
// The discard confirm dialog is answered yes (the dialog itself: confirm-dialog.test.tsx).
vi.mock('../../renderer/ui/confirm', () => ({ confirm: async () => true }));
vi.mock('../../renderer/lib/bridge', () => ({
  // every other call (reference lists, sender...) stays pending: not under test here
  bridge: new Proxy(calls, { get: (t, k: string) => (k in t ? t[k as keyof typeof t] : () => new Promise(() => undefined)) }),
  onBridgeEvent: () => () => undefined,
}));
vi.mock('../../renderer/lib/api', () => ({ fetchData: () => new Promise(() => undefined) }));

const { default: PackagingPage } = await import('../../renderer/features/packaging/PackagingPage');
const { FinishStep } = await import('../../renderer/features/packaging/FinishStep');
const { authAtom } = await import('../../renderer/lib/store');

const draft: PackagingDraft = {
  ...emptyDraft(), step: 0, sources: ['/home/u/audio'], outputDir: '/home/u/out',
  coverArt: { path: '/home/u/cover.png', width: 1400, height: 1400, format: 'png', size: 100 },
  release: { ...emptyDraft().release, title: 'Resumed Release' },
};

function renderPage(page = <PackagingPage />) {
  const store = createStore();
  // signed in as a supplier: the sender is the supplier's own record
  store.set(authAtom, { type: 'REFRESH_USER', user: { userId: 7, username: 'supplier', scope: 'app:baseware user:supplier brand:dance', features: [], brand: 'brand:dance', brands: ['brand:dance'] } });
  return render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <App>{page}</App>
      </QueryClientProvider>
    </Provider>,
  );
}

beforeEach(() => {
  calls.settingsGet.mockResolvedValue({ value: { drafts: { '7': draft } } });
  calls.packagingScan.mockReset().mockResolvedValue({ entries: [] });
  calls.packagingPicked.mockReset();
});
afterEach(cleanup);

describe('resuming a packaging draft', () => {
  it('after a restart: lists what must be chosen again, scans nothing, drops the unreadable cover art and output folder', async () => {
    calls.packagingPicked.mockResolvedValue({ picked: [] });
    renderPage();
    const alert = await screen.findByTestId('repick');
    expect(alert.textContent).toContain("Your draft's folders need to be chosen again before they can be read:");
    for (const p of ['/home/u/audio', '/home/u/cover.png', '/home/u/out']) expect(alert.textContent).toContain(p);
    expect(calls.packagingPicked).toHaveBeenCalledWith({ paths: ['/home/u/audio', '/home/u/cover.png', '/home/u/out'] });
    expect(calls.packagingScan).not.toHaveBeenCalled();
    // the autosave keeps the release but no longer the paths main cannot read
    const draftWrites = () => (calls.settingsSet.mock.calls as unknown as [{ key: string; value: { drafts: Record<string, PackagingDraft> } }][]).filter(([r]) => r.key === 'packagingDraft');
    await waitFor(() => expect(draftWrites().length).toBeGreaterThan(0), { timeout: 3000 });
    const saved = draftWrites().at(-1)![0].value.drafts['7'];
    expect(saved.release.title).toBe('Resumed Release');
    expect(saved.coverArt).toBeNull();
    expect(saved.outputDir).toBeNull();
  });

  it('in the same launch: rescans the picked folder and asks for nothing', async () => {
    calls.packagingPicked.mockImplementation(async ({ paths }: { paths: string[] }) => ({ picked: paths }));
    renderPage();
    await waitFor(() => expect(calls.packagingScan).toHaveBeenCalledWith(expect.objectContaining({ paths: ['/home/u/audio'] })));
    expect(screen.queryByTestId('repick')).toBeNull();
  });

  it('discarding the draft while its rescan is under way cancels the rescan, and its tracks never come back', async () => {
    calls.packagingPicked.mockImplementation(async ({ paths }: { paths: string[] }) => ({ picked: paths }));
    let finish!: (v: { entries: ScanEntry[] }) => void;
    calls.packagingScan.mockReset().mockImplementation(() => new Promise((r) => { finish = r; }));
    renderPage();
    await waitFor(() => expect(calls.packagingScan).toHaveBeenCalled());
    const scanId = (calls.packagingScan.mock.calls[0] as unknown as [{ scanId: string }])[0].scanId;
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(calls.packagingCancel).toHaveBeenCalledWith({ id: scanId }));
    const entry: ScanEntry = {
      path: '/home/u/audio/a.wav', name: 'a.wav', size: 10, status: 'ok', md5: 'd41d8cd98f00b204e9800998ecf8427e', issues: [],
      format: { container: 'WAVE', codec: 'PCM', wavFormatTag: 1, aiffCompression: null, lossless: true, sampleRate: 44100, bitsPerSample: 16, channels: 2, duration: 1, numberOfSamples: 44100 },
    };
    finish({ entries: [entry] }); // the old scan answers after all
    await new Promise((r) => setTimeout(r, 1200)); // past the autosave
    const writes = (calls.settingsSet.mock.calls as unknown as [{ key: string; value: { drafts: Record<string, PackagingDraft> } | null }][])
      .filter(([r]) => r.key === 'packagingDraft');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.at(-1)![0].value?.drafts['7']?.tracks ?? []).toEqual([]);
    expect(screen.queryByText('a.wav')).toBeNull();
  });
});

describe('the Finish step sender', () => {
  it('a supplier with an empty DDEX party id is told so plainly, not "empty entry"', async () => {
    calls.packagingSender.mockResolvedValue({ supplierId: 1, name: 'Sandbox Supplier', partyId: '', partyIdMessage: 'empty entry', valid: false });
    renderPage(<FinishStep draft={{ ...draft, step: 2 }} dispatch={() => undefined} issues={[]} entries={new Map()} onBuilt={() => undefined} onStartOver={() => undefined} />);
    expect(await screen.findByText('Sender: The supplier has no DDEX Party ID')).toBeTruthy();
    expect(screen.queryByText('Sender: empty entry')).toBeNull();
    expect((screen.getByRole('button', { name: 'Build package' }) as HTMLButtonElement).disabled).toBe(true);
  });
  it.each([
    ['a refusal with its status text', new BridgeError({ code: 'http_error', status: 403, message: 'Forbidden' }), 'Sender: Forbidden'],
    ['an error status without a text', new BridgeError({ code: 'http_error', status: 404, message: '' }), 'Sender: Received unexpected status code: 404'],
    ['a failure with no text at all', { code: 'x' }, "Sender: That's an error."],
  ])('a sender that cannot be read shows the error text (%s)', async (_what, error, text) => {
    calls.packagingSender.mockRejectedValue(error);
    renderPage(<FinishStep draft={{ ...draft, step: 2 }} dispatch={() => undefined} issues={[]} entries={new Map()} onBuilt={() => undefined} onStartOver={() => undefined} />);
    expect(await screen.findByText(text)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Build package' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
