// @vitest-environment happy-dom
/**
 * The Finish step's "Deliver to the store" panel, over the fake main: a key the store
 * refused is shown to copy with "Deliver again", which resumes and names the batch;
 * progress shows the file being sent, and Cancel cancels that delivery by its id.
 */
import { afterEach, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { BridgeError } from '../../shared/bridge/error';
import { PKG_MSG } from '../../shared/packaging/messages';

const { DeliverPanel } = await import('../../renderer/features/packaging/DeliverPanel');
afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

const KEY = {
  supplierId: 1,
  publicKey: 'ssh-ed25519 AAAAC3Nza store-console supplier 1',
  fingerprint: 'SHA256:abc',
  username: 'label-sftp',
  server: 'sftp://127.0.0.1:2222',
};
const panel = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeliverPanel folder="/out/20261124000000001" supplierId={null} />
    </QueryClientProvider>,
  );

it('shows a refused key to give the store, then delivers again and names the batch', async () => {
  const answers = [
    () => Promise.reject(new BridgeError({ code: 'delivery_key_refused', message: PKG_MSG.deliverKeyRefused('label-sftp'), detail: KEY })),
    () => Promise.resolve({ batch: '20261124000000001', uploaded: ['a', 'b'], skipped: ['c'] }),
  ];
  fakeMain.channel('packagingDeliveryKey', () => KEY).channel('packagingDeliver', () => answers.shift()!());
  panel();
  const name = await screen.findByLabelText('SFTP user name');
  await waitFor(() => expect((name as HTMLInputElement).value).toBe('label-sftp'));
  fireEvent.click(screen.getByTestId('deliver-button'));
  expect(await screen.findByText(PKG_MSG.deliverKeyRefused('label-sftp'))).toBeTruthy();
  expect(screen.getByTestId('deliver-public-key').textContent).toContain(KEY.publicKey);
  expect(fakeMain.requestsOf('packagingDeliver')).toContainEqual(
    expect.objectContaining({ folder: '/out/20261124000000001', username: 'label-sftp' }),
  );
  fireEvent.click(screen.getByRole('button', { name: /Deliver again/ }));
  expect((await screen.findByTestId('deliver-done')).textContent).toContain('Delivered to the store: batch 20261124000000001');
  expect(screen.getByTestId('deliver-done').textContent).toContain('2 files sent, 1 already at the store');
});

it('refuses a user name the store could not have given, shows progress and cancels by the delivery id', async () => {
  let finish: (e: unknown) => void = () => undefined;
  fakeMain
    .channel('packagingDeliveryKey', () => ({ ...KEY, username: null }))
    .channel(
      'packagingDeliver',
      () =>
        new Promise((_, reject) => {
          finish = reject;
        }),
    )
    .channel('packagingCancel', () => ({ ok: true }));
  panel();
  const name = await screen.findByLabelText('SFTP user name');
  fireEvent.change(name, { target: { value: 'Bad Name' } });
  await waitFor(() => expect((screen.getByTestId('deliver-button') as HTMLButtonElement).disabled).toBe(true));
  fireEvent.change(name, { target: { value: 'label-sftp' } });
  await waitFor(() => expect((screen.getByTestId('deliver-button') as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId('deliver-button'));
  await screen.findByTestId('deliver-progress');
  const { deliveryId } = fakeMain.requestsOf('packagingDeliver').at(-1)!;
  await act(async () =>
    fakeMain.emit('packagingDeliverProgress', { deliveryId, file: 'b/x.wav', filesDone: 1, filesTotal: 4, bytesDone: 50, bytesTotal: 100 }),
  );
  expect(await screen.findByText('Sending b/x.wav (file 2 of 4)')).toBeTruthy();
  fireEvent.click(screen.getByTestId('deliver-cancel'));
  expect(fakeMain.requestsOf('packagingCancel')).toContainEqual({ id: deliveryId });
  await act(async () => finish(new BridgeError({ code: 'cancelled', message: PKG_MSG.deliverCancelled })));
  expect((await screen.findByTestId('deliver-error')).textContent).toContain(PKG_MSG.deliverCancelled);
});
