// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfirmHost } from '../../renderer/ui/ConfirmHost';
import { confirm, currentConfirm, settleConfirm, type ConfirmTheme } from '../../renderer/ui/confirm';

// The dialog module loads lazily in the app; load it once up front so each test times the dialog, not antd's import.
beforeAll(async () => {
  await import('../../renderer/ui/ConfirmModal');
}, 60_000);
afterEach(() => {
  cleanup();
  for (let open = currentConfirm(); open; open = currentConfirm()) settleConfirm(open.id, false);
});

async function open(theme?: ConfirmTheme, title?: string) {
  render(<ConfirmHost />);
  let result!: Promise<boolean>;
  act(() => {
    result = confirm({ message: 'Really do it?', theme, title });
  });
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  return { dialog, result };
}

async function gone() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('confirm dialog (spec §2)', () => {
  it.each([
    ['confirm', 'OK'],
    ['proceed', 'Proceed'],
    ['delete', 'Delete'],
  ] as const)('%s theme: Cancel and %s, the confirm button focused on open', async (theme, ok) => {
    const { dialog, result } = await open(theme);
    expect(dialog.textContent).toContain('Confirmation Required');
    expect(dialog.textContent).toContain('Really do it?');
    const buttons = [...dialog.querySelectorAll('.confirm-footer button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel', ok]);
    const okButton = screen.getByRole('button', { name: ok });
    expect(document.activeElement).toBe(okButton);
    expect(okButton.className.includes('dangerous')).toBe(theme === 'delete');
    fireEvent.click(okButton);
    await expect(result).resolves.toBe(true);
    await gone();
  });

  it('defaults to the confirm theme and takes a title', async () => {
    const { dialog, result } = await open(undefined, 'Delete this chart?');
    expect(dialog.textContent).toContain('Delete this chart?');
    expect(dialog.textContent).not.toContain('Confirmation Required');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toBe(false);
    await gone();
  });

  it('backdrop counts as cancel', async () => {
    const { result } = await open('delete');
    fireEvent.click(screen.getByTestId('confirm-backdrop'));
    await expect(result).resolves.toBe(false);
    await gone();
  });

  it('close button counts as cancel', async () => {
    const { result } = await open('proceed');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(result).resolves.toBe(false);
    await gone();
  });

  it('Escape counts as cancel', async () => {
    const { dialog, result } = await open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(result).resolves.toBe(false);
    await gone();
  });

  it('fades out for 200 ms before the callback, then is removed', async () => {
    const { result } = await open();
    let settled: boolean | undefined;
    void result.then((v) => (settled = v));
    const started = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('confirm-dialog').className).not.toContain('confirm-root--visible');
    expect(screen.getByTestId('confirm-dialog').style.transitionDuration).toBe('200ms');
    await Promise.resolve();
    expect(settled).toBeUndefined();
    await result;
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(settled).toBe(true);
    await gone();
  });

  it('answers one request at a time, in order', async () => {
    render(<ConfirmHost />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirm({ message: 'First?' });
      second = confirm({ message: 'Second?', theme: 'delete' });
    });
    expect((await screen.findByRole('dialog', {}, { timeout: 10_000 })).textContent).toContain('First?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toBe(true);
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Second?'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
    await gone();
  });
});
