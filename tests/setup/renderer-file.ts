/**
 * The renderer project's test files share their worker's modules (vitest.config.ts). Each
 * file starts from what a new process would give it, and leaves nothing behind: no
 * rendered tree, an empty body, empty web storage, no confirm left open, a fake main with
 * no answers, an empty query cache, and the store's slices (auth, preferences, drawer) as
 * the console's start-up loads them from empty settings. Run before each file is imported
 * (a file fakes its answers at the top level), and again after its tests.
 */
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeMain } from '../renderer/fake-main';
import { currentConfirm, settleConfirm } from '../../renderer/ui/confirm';
import { queryClient } from '../../renderer/lib/query-client';
import { initPersistedState } from '../../renderer/lib/store';

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

await reset();
afterEach(() => cleanup());
afterAll(reset);
