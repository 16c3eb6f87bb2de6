/**
 * The search screens' bulk actions are registered from the app (renderer/app/search-actions.tsx),
 * not named by the search screen: which accounts each one is offered to, by type.
 */
import { describe, expect, it } from 'vitest';
import { principalFrom } from '../../shared/access';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import '../../renderer/app/search-actions';
import { searchBulkActions } from '../../renderer/features/search/bulk-actions';

const principal = (username: string) => {
  const a = SANDBOX_ACCOUNTS.find((x) => x.username === username)!;
  return principalFrom([a.app, a.role, ...a.brands].join(' '), [], a.brands[0]);
};
const offered = (type: string, username: string) => searchBulkActions(type, principal(username)).map((a) => a.label);

describe('search bulk actions', () => {
  it.each([
    ['admin', ['Edit fields'], ['Re-ingest']],
    ['contentops', ['Edit fields'], ['Re-ingest']],
    ['curation', [], []],
    ['marketing', [], []],
    ['support', [], []],
    ['finance', [], []],
    ['labelmgmt', [], []],
    ['supplier', [], []],
    ['label', [], []],
  ])('%s: tracks %j, deliveries %j, no other type', (username, tracks, deliveries) => {
    expect(offered('tracks', username)).toEqual(tracks);
    expect(offered('deliveries', username)).toEqual(deliveries);
    expect(offered('releases', username)).toEqual([]);
  });
});
