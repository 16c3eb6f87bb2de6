// @vitest-environment happy-dom
/**
 * §8's "Upload failed. Please try again." on every upload of the console (cover art, a
 * label's image, a page module's image, a coupon's users CSV, bulk credits): shown when the upload
 * fails for a reason that is not a refusal in its own words (the API unreachable, a 5xx,
 * a bridge failure); the API's 400 validation messages and main's refusal of the picked
 * file are kept as they are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { BridgeError } from '../../shared/bridge/error';
import { mediaEndpoints } from '../../shared/api/endpoints';
import { auxiliaryEndpoint } from '../../shared/api/endpoints/auxiliary';

const { default: ReleaseCoverArtTab } = await import('../../renderer/features/records/ReleaseCoverArtTab');
const { default: RecordImageTab } = await import('../../renderer/features/records/RecordImageTab');
const { ModuleImagePicker } = await import('../../renderer/features/curation/ModuleImagePicker');
const { default: CouponUsersTab, csvUploadError } = await import('../../renderer/features/support/CouponUsersTab');
const { default: BulkCreditsPage } = await import('../../renderer/features/support/BulkCreditsPage');
const { uploadErrorText } = await import('../../renderer/features/records/ImageUpload');
const { authAtom } = await import('../../renderer/lib/store');
const { MSG, shownMessage } = await import('../../shared/messages');

/** The upload channels, by the name the tests give them; each fails with `failure`. */
const UPLOAD_CHANNELS = {
  mediaCoverUpload: 'cover',
  mediaRecordImageUpload: 'recordImage',
  moduleImageUpload: 'moduleImage',
  couponUsersUpload: 'couponUsers',
  creditsBulkUpload: 'bulkCredits',
} as const;
let failure: unknown = null;
/** The uploads main was asked for, in order. */
const uploads = () =>
  fakeMain.calls.flatMap((c) => (c.channel in UPLOAD_CHANNELS ? [UPLOAD_CHANNELS[c.channel as keyof typeof UPLOAD_CHANNELS]] : []));

beforeEach(() => {
  fakeMain.api
    .on(mediaEndpoints.images, () => ({ count: 0, next: null, previous: null, page: '1/1', per_page: 25, results: [] }))
    .on(auxiliaryEndpoint('reason'), () => ({
      count: 1,
      next: null,
      previous: null,
      page: '1/1',
      per_page: 25,
      results: [{ id: 3, name: 'Goodwill' }],
    }));
  fakeMain.channel('packagingPick', () => ({ native: true, paths: ['/home/u/picked.file'] }));
  for (const name of Object.keys(UPLOAD_CHANNELS) as (keyof typeof UPLOAD_CHANNELS)[]) {
    fakeMain.channel(name, () => {
      throw failure;
    });
  }
});
afterEach(() => {
  cleanup();
  fakeMain.reset();
});

const ADMIN = 'app:control staff:admin brand:dance';

function renderAs(ui: ReactNode) {
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: { userId: 1, username: 'u', scope: ADMIN, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <App>{ui}</App>
      </QueryClientProvider>
    </Provider>,
  );
}

const unreachable = new BridgeError({ code: 'api_unreachable', message: 'connect ECONNREFUSED 127.0.0.1:8000' });
const serverError = new BridgeError({ code: 'http_error', status: 502, message: 'Bad Gateway', detail: 'upstream timed out' });
const bridgeFailure = new Error('Bridge call failed');

const UPLOADS: { name: string; ui: () => ReactNode; button: RegExp; errorId: string }[] = [
  {
    name: 'cover art',
    ui: () => <ReleaseCoverArtTab type="releases" id={7} row={{ id: 7, version: 1, title: 'Aurora' }} />,
    button: /Upload cover art/,
    errorId: 'cover-art-error',
  },
  {
    name: "a label's image",
    ui: () => <RecordImageTab type="labels" id={3} row={{ id: 3, version: 1, name: 'Night' }} />,
    button: /Upload image/,
    errorId: 'record-image-error',
  },
  {
    name: "a module's image",
    ui: () => <ModuleImagePicker moduleId={4} onCropped={() => undefined} />,
    button: /Upload and crop an image/,
    errorId: 'module-image-error',
  },
  {
    name: "a coupon's users CSV",
    ui: () => <CouponUsersTab type="coupons" id={5} row={{ id: 5, version: 1, user_ids: [] }} />,
    button: /Upload users CSV/,
    errorId: 'coupon-users-error',
  },
];

describe('a failed upload', () => {
  for (const u of UPLOADS) {
    for (const [why, error] of [
      ['the API unreachable', unreachable],
      ['a 5xx', serverError],
      ['a bridge failure', bridgeFailure],
    ] as const) {
      it(`${u.name}: ${why} is "${'Upload failed. Please try again.'}"`, async () => {
        failure = error;
        renderAs(u.ui());
        fireEvent.click(await screen.findByRole('button', { name: u.button }));
        expect((await screen.findByTestId(u.errorId)).textContent).toContain(MSG.uploadFailed);
        expect(uploads()).toHaveLength(1);
      });
    }
  }

  it('bulk credits: a 5xx is "Upload failed. Please try again."; a 400 keeps the API\'s words', async () => {
    for (const [error, text] of [
      [serverError, MSG.uploadFailed],
      [
        new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail: { file: [MSG.csvColumnRequired] } }),
        shownMessage(MSG.csvColumnRequired),
      ],
    ] as const) {
      failure = error;
      renderAs(<BulkCreditsPage />);
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } });
      fireEvent.mouseDown(screen.getByLabelText('Currency'));
      fireEvent.click(await screen.findByTitle('Euro'));
      fireEvent.mouseDown(screen.getByLabelText('Reason'));
      fireEvent.click(await screen.findByTitle('Goodwill'));
      fireEvent.click(screen.getByTestId('bulk-credits-upload'));
      const shown = await screen.findByTestId('bulk-credits-error');
      expect(shown.textContent).toContain(text);
      // The spec's backticked column names show as code, not as backticks.
      expect(shown.textContent).not.toContain('`');
      if (text !== MSG.uploadFailed)
        expect([...shown.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['person_id', 'user_id']);
      cleanup();
    }
    expect(uploads()).toEqual(['bulkCredits', 'bulkCredits']);
  });

  it('cover art refused by the API keeps the §5 words, not the general text', async () => {
    failure = new BridgeError({
      code: 'http_error',
      status: 400,
      message: 'Bad Request',
      detail: { image: ['The image must be square.'] },
    });
    renderAs(UPLOADS[0]!.ui());
    fireEvent.click(await screen.findByRole('button', { name: /Upload cover art/ }));
    const shown = (await screen.findByTestId('cover-art-error')).textContent;
    expect(shown).toContain('The image must be square.');
    expect(shown).not.toContain(MSG.uploadFailed);
  });

  it('a coupon CSV refused by the API keeps its words', async () => {
    failure = new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail: { file: [MSG.csvColumnRequired] } });
    renderAs(UPLOADS[3]!.ui());
    fireEvent.click(await screen.findByRole('button', { name: /Upload users CSV/ }));
    expect((await screen.findByTestId('coupon-users-error')).textContent).toContain(shownMessage(MSG.csvColumnRequired));
  });
});

describe('the shared texts', () => {
  it("images: the API's 4xx and main's refusal of the pick in their words; anything else the §8 text", () => {
    expect(
      uploadErrorText(new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail: { image: ['Too small.'] } })),
    ).toBe('Too small.');
    expect(uploadErrorText(new BridgeError({ code: 'invalid_image', message: 'The image is larger than 20 MB' }))).toBe(
      'The image is larger than 20 MB',
    );
    expect(uploadErrorText(serverError)).toBe(MSG.uploadFailed);
    expect(uploadErrorText(unreachable)).toBe(MSG.uploadFailed);
    expect(uploadErrorText(bridgeFailure)).toBe(MSG.uploadFailed);
  });
  it("CSV: a 400 without words is the spec's CSV message; main's refusal its own; anything else the §8 text", () => {
    expect(csvUploadError(new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail: {} })).message).toBe(
      MSG.csvUpload,
    );
    expect(csvUploadError(new BridgeError({ code: 'invalid_pick', message: 'The file is larger than 5 MB' })).message).toBe(
      'The file is larger than 5 MB',
    );
    expect(csvUploadError(serverError)).toEqual({ message: MSG.uploadFailed, rows: [] });
    expect(csvUploadError(unreachable).message).toBe(MSG.uploadFailed);
  });
});
