// @vitest-environment happy-dom
/**
 * Resuming a packaging draft: main reads only what the user picked in this launch,
 * so the wizard asks main which of the draft's paths it may still read. After a
 * restart (nothing picked yet) it lists the folders, cover art and output folder to
 * choose again and scans nothing; in the same launch it rescans the picked folder.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createStore, Provider } from 'jotai';
import { fakeMain } from './fake-main';
import { auxiliaryEndpoint, genresEndpoint, meEndpoints } from '../../shared/api/endpoints';
import { emptyDraft, type PackagingDraft } from '../../shared/packaging/draft';
import type { ScanEntry } from '../../shared/packaging/model';
import { BridgeError } from '../../shared/bridge/error';

const { default: PackagingPage } = await import('../../renderer/features/packaging/PackagingPage');
const { FinishStep } = await import('../../renderer/features/packaging/FinishStep');
const { authAtom } = await import('../../renderer/lib/store');
// The discard confirm dialog is answered yes (the dialog itself: confirm-dialog.test.tsx).
const { currentConfirm, settleConfirm } = await import('../../renderer/ui/confirm');

/** An answer that never comes: the calls not under test here stay pending. */
const never = () => new Promise<never>(() => undefined);

const draft: PackagingDraft = {
  ...emptyDraft(),
  step: 0,
  sources: ['/home/u/audio'],
  outputDir: '/home/u/out',
  coverArt: { path: '/home/u/cover.png', width: 1400, height: 1400, format: 'png', size: 100 },
  release: { ...emptyDraft().release, title: 'Resumed Release' },
};

function renderPage(page = <PackagingPage />) {
  const store = createStore();
  // signed in as a supplier: the sender is the supplier's own record
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: {
      userId: 7,
      username: 'supplier',
      scope: 'app:baseware user:supplier brand:dance',
      features: [],
      brand: 'brand:dance',
      brands: ['brand:dance'],
    },
  });
  return render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <App>{page}</App>
      </QueryClientProvider>
    </Provider>,
  );
}

/** The autosave's writes of the drafts, in order. */
const draftWrites = () =>
  fakeMain.requestsOf('settingsSet').filter((r) => r.key === 'packagingDraft') as {
    key: string;
    value: { drafts: Record<string, PackagingDraft> } | null;
  }[];

beforeEach(() => {
  fakeMain.calls.length = 0;
  fakeMain.settings.set('packagingDraft', { drafts: { '7': draft } });
  fakeMain
    .channel('packagingScan', () => ({ entries: [] }))
    .channel('packagingCancel', () => ({ ok: true }))
    // the packages built and the reference lists stay pending: not under test here
    .channel('packagingBuilt', never);
  for (const e of [genresEndpoint, auxiliaryEndpoint('release-types'), auxiliaryEndpoint('exclusive-period'), meEndpoints.myLabels])
    fakeMain.api.on(e, never);
});
afterEach(cleanup);

describe('resuming a packaging draft', () => {
  it('after a restart: lists what must be chosen again, scans nothing, drops the unreadable cover art and output folder', async () => {
    fakeMain.channel('packagingPicked', () => ({ picked: [] }));
    renderPage();
    const alert = await screen.findByTestId('repick');
    expect(alert.textContent).toContain("Your draft's folders need to be chosen again before they can be read:");
    for (const p of ['/home/u/audio', '/home/u/cover.png', '/home/u/out']) expect(alert.textContent).toContain(p);
    expect(fakeMain.requestsOf('packagingPicked')).toContainEqual({ paths: ['/home/u/audio', '/home/u/cover.png', '/home/u/out'] });
    expect(fakeMain.requestsOf('packagingScan')).toEqual([]);
    // the autosave keeps the release but no longer the paths main cannot read
    await waitFor(() => expect(draftWrites().length).toBeGreaterThan(0), { timeout: 3000 });
    const saved = draftWrites().at(-1)!.value!.drafts['7'];
    expect(saved.release.title).toBe('Resumed Release');
    expect(saved.coverArt).toBeNull();
    expect(saved.outputDir).toBeNull();
  });

  it('in the same launch: rescans the picked folder and asks for nothing', async () => {
    fakeMain.channel('packagingPicked', ({ paths }) => ({ picked: paths }));
    renderPage();
    await waitFor(() => expect(fakeMain.requestsOf('packagingScan')).toContainEqual(expect.objectContaining({ paths: ['/home/u/audio'] })));
    expect(screen.queryByTestId('repick')).toBeNull();
  });

  it('discarding the draft while its rescan is under way cancels the rescan, and its tracks never come back', async () => {
    fakeMain.channel('packagingPicked', ({ paths }) => ({ picked: paths }));
    let finish!: (v: { entries: ScanEntry[] }) => void;
    fakeMain.channel(
      'packagingScan',
      () =>
        new Promise((r) => {
          finish = r;
        }),
    );
    renderPage();
    await waitFor(() => expect(fakeMain.requestsOf('packagingScan').length).toBeGreaterThan(0));
    const scanId = fakeMain.requestsOf('packagingScan')[0].scanId;
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(currentConfirm()).toBeDefined());
    settleConfirm(currentConfirm()!.id, true);
    await waitFor(() => expect(fakeMain.requestsOf('packagingCancel')).toContainEqual({ id: scanId }));
    const entry: ScanEntry = {
      path: '/home/u/audio/a.wav',
      name: 'a.wav',
      size: 10,
      status: 'ok',
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      issues: [],
      format: {
        container: 'WAVE',
        codec: 'PCM',
        wavFormatTag: 1,
        aiffCompression: null,
        lossless: true,
        sampleRate: 44100,
        bitsPerSample: 16,
        channels: 2,
        duration: 1,
        numberOfSamples: 44100,
      },
    };
    finish({ entries: [entry] }); // the old scan answers after all
    await new Promise((r) => setTimeout(r, 1200)); // past the autosave
    const writes = draftWrites();
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.at(-1)!.value?.drafts['7']?.tracks ?? []).toEqual([]);
    expect(screen.queryByText('a.wav')).toBeNull();
  });
});

describe('the Finish step sender', () => {
  it('a supplier with an empty DDEX party id is told so plainly, not "empty entry"', async () => {
    fakeMain.channel('packagingSender', () => ({
      supplierId: 1,
      name: 'Sandbox Supplier',
      partyId: '',
      partyIdMessage: 'empty entry',
      valid: false,
    }));
    renderPage(
      <FinishStep
        draft={{ ...draft, step: 2 }}
        dispatch={() => undefined}
        issues={[]}
        entries={new Map()}
        onBuilt={() => undefined}
        onStartOver={() => undefined}
      />,
    );
    expect(await screen.findByText('Sender: The supplier has no DDEX Party ID')).toBeTruthy();
    expect(screen.queryByText('Sender: empty entry')).toBeNull();
    expect((screen.getByRole('button', { name: 'Build package' }) as HTMLButtonElement).disabled).toBe(true);
  });
  it.each([
    ['a refusal with its status text', new BridgeError({ code: 'http_error', status: 403, message: 'Forbidden' }), 'Sender: Forbidden'],
    [
      'an error status without a text',
      new BridgeError({ code: 'http_error', status: 404, message: '' }),
      'Sender: Received unexpected status code: 404',
    ],
    ['a failure with no text at all', { code: 'x' }, "Sender: That's an error."],
  ])('a sender that cannot be read shows the error text (%s)', async (_what, error, text) => {
    fakeMain.channel('packagingSender', () => Promise.reject(error));
    renderPage(
      <FinishStep
        draft={{ ...draft, step: 2 }}
        dispatch={() => undefined}
        issues={[]}
        entries={new Map()}
        onBuilt={() => undefined}
        onStartOver={() => undefined}
      />,
    );
    expect(await screen.findByText(text)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Build package' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
