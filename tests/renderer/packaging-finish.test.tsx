// @vitest-environment happy-dom
/**
 * The Finish step and the packages main remembers, over the fake main: files left out
 * of the package are listed as warnings; a folder that already holds the package offers
 * to deliver it (when this console built it) or replace it; a read-only output folder is
 * said plainly; a package built earlier is listed on /packaging with Deliver.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { fakeMain } from './fake-main';
import { BridgeError } from '../../shared/bridge/error';
import { emptyDraft, type PackagingDraft } from '../../shared/packaging/draft';
import { PKG_MSG } from '../../shared/packaging/messages';
import type { ScanEntry } from '../../shared/packaging/model';
import { validateDraft } from '../../shared/packaging/validate';

const { FinishStep } = await import('../../renderer/features/packaging/FinishStep');
const { BuiltPackages } = await import('../../renderer/features/packaging/BuiltPackages');
const { authAtom } = await import('../../renderer/lib/store');

const FORMAT: ScanEntry['format'] = {
  container: 'WAVE',
  codec: 'PCM',
  wavFormatTag: 1,
  aiffCompression: null,
  lossless: true,
  sampleRate: 44100,
  bitsPerSample: 16,
  channels: 2,
  duration: 3,
  numberOfSamples: 132300,
};
const draft: PackagingDraft = {
  ...emptyDraft(),
  step: 2,
  outputDir: '/home/u/out',
  coverArt: { path: '/home/u/cover.png', width: 1400, height: 1400, format: 'png', size: 100 },
  release: {
    ...emptyDraft().release,
    title: 'Night Drive EP',
    upc: '036000291452',
    label: { id: 1, name: 'L' },
    releaseType: { id: 1, name: 'EP' },
    genre: { id: 1, name: 'House' },
    streetDate: '2026-12-01',
    releaseDate: '2026-12-01',
  },
  tracks: [
    {
      path: '/home/u/audio/01 Opening.wav',
      fileName: '01 Opening.wav',
      position: 1,
      title: 'Opening',
      mixName: '',
      isrc: 'GB-ABC-24-00001',
      bpm: null,
      key: null,
      genre: null,
      subGenre: null,
      artists: ['A'],
      remixers: [],
      songwriters: [],
      publishers: [],
      copyrightHolder: 'L',
    },
  ],
};
const entries = new Map<string, ScanEntry>([
  [
    '/home/u/audio/01 Opening.wav',
    {
      path: '/home/u/audio/01 Opening.wav',
      name: '01 Opening.wav',
      size: 100,
      status: 'ok',
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      format: FORMAT,
      issues: [],
    },
  ],
  [
    '/home/u/audio/04 broken.flac',
    {
      path: '/home/u/audio/04 broken.flac',
      name: '04 broken.flac',
      size: 10,
      status: 'corrupt',
      reason: 'The audio header is incomplete (no sample rate, channels or bit depth)',
      issues: [],
    },
  ],
  [
    '/home/u/audio/liner notes.mp3',
    {
      path: '/home/u/audio/liner notes.mp3',
      name: 'liner notes.mp3',
      size: 10,
      status: 'unsupported',
      reason: 'Unsupported file type .mp3: only WAV, FLAC and AIFF are packaged',
      issues: [],
    },
  ],
]);
const KEY = {
  supplierId: 1,
  publicKey: 'ssh-ed25519 AAAAC3Nza store-console supplier 1',
  fingerprint: 'SHA256:abc',
  username: 'label-sftp',
  server: 'sftp://127.0.0.1:2222',
};
const EXISTING = '/home/u/out/20261124000000001';

function renderAsSupplier(node: ReactNode) {
  const store = createStore();
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
        <App>{node}</App>
      </QueryClientProvider>
    </Provider>,
  );
}
const finish = () =>
  renderAsSupplier(
    <FinishStep
      draft={draft}
      dispatch={() => undefined}
      issues={validateDraft(draft.release, draft.tracks, draft.coverArt, entries)}
      entries={entries}
      onBuilt={() => undefined}
      onStartOver={() => undefined}
    />,
  );
const builds = () => fakeMain.requestsOf('packagingBuild');

function fakeSenderAndKey(): void {
  fakeMain
    .channel('packagingSender', () => ({
      supplierId: 1,
      name: 'Sandbox Supplier',
      partyId: 'PADPIDA2014120301',
      partyIdMessage: 'Valid DDEX Party ID',
      valid: true,
    }))
    .channel('packagingDeliveryKey', () => KEY)
    .channel('packagingBuilt', () => ({ packages: [] }));
}

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

describe('the Finish step', () => {
  it('lists the files left out of the package as warnings', async () => {
    fakeSenderAndKey();
    finish();
    const issues = await screen.findByTestId('issues');
    expect(issues.textContent).toContain('Errors (0) and warnings (2)');
    expect(issues.textContent).toContain(
      PKG_MSG.leftOut('04 broken.flac', 'The audio header is incomplete (no sample rate, channels or bit depth)'),
    );
    expect(issues.textContent).toContain(
      PKG_MSG.leftOut('liner notes.mp3', 'Unsupported file type .mp3: only WAV, FLAC and AIFF are packaged'),
    );
    expect(issues.textContent).not.toContain('No errors or warnings');
  });

  it('a folder holding the package this console built: deliver it, or replace it', async () => {
    fakeSenderAndKey();
    fakeMain.channel('packagingBuild', (req) => {
      if (req.replace === EXISTING)
        return {
          folder: '/home/u/out/20261124000000002',
          xml: '036000291452/036000291452.xml',
          batchComplete: 'BatchComplete_20261124000000002.xml',
          files: [],
        };
      throw new BridgeError({
        code: 'package_exists',
        message: PKG_MSG.packageExists('036000291452', EXISTING),
        detail: { folder: EXISTING, upc: '036000291452', known: true },
      });
    });
    finish();
    const build = await screen.findByText('Build package');
    await waitFor(() => expect(build.closest('button')!.disabled).toBe(false));
    await act(async () => fireEvent.click(build));
    expect((await screen.findByTestId('build-error')).textContent).toContain(PKG_MSG.packageExists('036000291452', EXISTING));
    await act(async () => fireEvent.click(screen.getByText('Deliver the existing package')));
    expect(await screen.findByTestId('deliver')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('Replace it')));
    expect(await screen.findByText('Package written')).toBeTruthy();
    expect(builds().map((b) => b.replace)).toEqual([undefined, EXISTING]);
  });

  it.each([
    [
      'a package this console did not build can only be replaced',
      new BridgeError({
        code: 'package_exists',
        message: PKG_MSG.packageExistsUnknown('036000291452', EXISTING),
        detail: { folder: EXISTING, upc: '036000291452', known: false },
      }),
      PKG_MSG.packageExistsUnknown('036000291452', EXISTING),
      ['Replace it'],
    ],
    [
      'a read-only output folder is said plainly',
      new BridgeError({ code: 'output_not_writable', message: PKG_MSG.outputNotWritable('/home/u/out') }),
      'The output folder /home/u/out cannot be written to: choose another folder',
      [],
    ],
  ])('%s', async (_what, error, message, actions) => {
    fakeSenderAndKey();
    fakeMain.channel('packagingBuild', () => {
      throw error;
    });
    finish();
    const build = await screen.findByText('Build package');
    await waitFor(() => expect(build.closest('button')!.disabled).toBe(false));
    await act(async () => fireEvent.click(build));
    const shown = await screen.findByTestId('build-error');
    expect(shown.textContent).toContain(message);
    expect([...shown.querySelectorAll('button')].map((b) => b.textContent)).toEqual(actions);
  });
});

describe('packages built earlier', () => {
  it('are listed on /packaging, each with Deliver', async () => {
    fakeSenderAndKey();
    fakeMain.channel('packagingBuilt', () => ({
      packages: [
        {
          folder: EXISTING,
          batch: '20261124000000001',
          upc: '036000291452',
          title: 'Night Drive EP',
          supplierId: null,
          builtAt: '2026-11-24T10:00:00.000Z',
          deliveredAt: null,
        },
      ],
    }));
    renderAsSupplier(<BuiltPackages />);
    const row = await screen.findByTestId('built-package');
    expect(row.textContent).toContain('Night Drive EP');
    expect(row.textContent).toContain('Not delivered');
    await act(async () => fireEvent.click(screen.getByText('Deliver…')));
    expect(await screen.findByTestId('deliver')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('SFTP user name') as HTMLInputElement).value).toBe('label-sftp'));
  });
});
