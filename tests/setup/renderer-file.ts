/**
 * The renderer project's test files share their worker's modules (vitest.config.ts). Each
 * file starts from what a new process would give it, and leaves nothing behind: no
 * rendered tree, an empty body, empty web storage, no confirm left open, a fake main with
 * no answers, an empty query cache, and the store's slices (auth, preferences, drawer) as
 * the console's start-up loads them from empty settings. Run before each file is imported
 * (a file fakes its answers at the top level), and again after its tests.
 *
 * antd's CSS-in-JS rules are kept out of the test DOM (keepAntdCssOutOfTheDom): the tests
 * check behaviour, text and roles; layout and what CSS shows or hides are checked in
 * Chromium by the e2e suites.
 */
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeMain } from '../renderer/fake-main';
import { currentConfirm, settleConfirm } from '../../renderer/ui/confirm';
import { queryClient } from '../../renderer/lib/query-client';
import { initPersistedState } from '../../renderer/lib/store';

/**
 * The style elements antd's CSS-in-JS writes (@rc-component/util dynamicCSS marks them
 * data-rc-order before it sets their text) keep their text for whoever reads it, but the
 * DOM gets none of it to parse. Every getComputedStyle (role queries and accessible names,
 * visibility checks, TextArea autosize, table widths) matched its element against all of
 * antd's rules held in the document: 169 of the renderer project's CPU-s went to 123 without
 * them (60 files, 542 tests, all passing either way).
 */
const PATCHED = Symbol.for('tests.antdCssOutOfTheDom');
function keepAntdCssOutOfTheDom(): void {
  if (typeof HTMLStyleElement === 'undefined') return;
  const proto = HTMLStyleElement.prototype as HTMLStyleElement & { [PATCHED]?: true };
  if (proto[PATCHED]) return; // once per worker: the files share it
  proto[PATCHED] = true;
  let owner: object | null = proto;
  let inner: PropertyDescriptor | undefined;
  while (owner && !(inner = Object.getOwnPropertyDescriptor(owner, 'innerHTML'))) owner = Object.getPrototypeOf(owner);
  if (!inner?.get || !inner.set) return;
  const { get, set } = inner;
  const kept = new WeakMap<HTMLStyleElement, string>();
  Object.defineProperty(proto, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return kept.get(this) ?? get.call(this);
    },
    set(this: HTMLStyleElement, css: string) {
      if (!this.hasAttribute('data-rc-order')) return set.call(this, css);
      kept.set(this, css);
    },
  });
}

async function reset(): Promise<void> {
  cleanup();
  for (let open = currentConfirm(); open; open = currentConfirm()) settleConfirm(open.id, false);
  queryClient.clear();
  fakeMain.reset();
  if (typeof document !== 'undefined') document.body.innerHTML = '';
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  await initPersistedState();
}

keepAntdCssOutOfTheDom();
await reset();
afterEach(() => cleanup());
afterAll(reset);
