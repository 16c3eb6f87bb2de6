/** Electron's OS notification of an ended export: shown where supported, naming the file; a click shows it in its folder. */
import { describe, expect, it, vi } from 'vitest';
import { electronExportNotify } from '../../main/electron/notify';

function fakeNotification(supported: boolean) {
  const made: { options: { title: string; body: string }; click?: () => void; shown: boolean }[] = [];
  class FakeNotification {
    static isSupported = () => supported;
    private readonly rec: (typeof made)[number];
    constructor(options: { title: string; body: string }) {
      this.rec = { options, shown: false };
      made.push(this.rec);
    }
    on(event: string, fn: () => void) {
      if (event === 'click') this.rec.click = fn;
      return this;
    }
    show() {
      this.rec.shown = true;
    }
  }
  return { FakeNotification, made };
}

describe('electronExportNotify', () => {
  it("shows the notice and opens the file's folder on a click", () => {
    const { FakeNotification, made } = fakeNotification(true);
    const shell = { showItemInFolder: vi.fn() };
    electronExportNotify(FakeNotification as never, shell)(
      { title: 'Export finished', body: 'tracks.csv: 3 rows saved in /dl' },
      '/dl/tracks.csv',
    );
    expect(made).toMatchObject([{ options: { title: 'Export finished', body: 'tracks.csv: 3 rows saved in /dl' }, shown: true }]);
    made[0].click!();
    expect(shell.showItemInFolder).toHaveBeenCalledWith('/dl/tracks.csv');
  });

  it('does nothing where the OS has no notifications', () => {
    const { FakeNotification, made } = fakeNotification(false);
    electronExportNotify(FakeNotification as never, { showItemInFolder: vi.fn() })({ title: 'Export finished', body: 'x' }, '/dl/x.csv');
    expect(made).toEqual([]);
  });
});
