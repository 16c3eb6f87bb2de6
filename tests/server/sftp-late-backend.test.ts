/**
 * The API starts its SFTP drop server's process before its database is open (startServer):
 * the child's calls made that early wait for the database and are answered then; a start
 * that fails fails them.
 */
import { describe, expect, it } from 'vitest';
import { lateBackend, type DropBackend } from '../../server/sftp/backend';

function fakeBackend(calls: string[]): DropBackend {
  return {
    findUser: async (username) => {
      calls.push(`findUser ${username}`);
      return { id: 7, supplier_id: 3, password_hash: null, ingester_key: 'k' };
    },
    userKeys: async (userId) => {
      calls.push(`userKeys ${userId}`);
      return [];
    },
    reserveAttempt: async () => 0,
    attemptSucceeded: async () => undefined,
    batchComplete: async (supplierId, batchDir) => {
      calls.push(`batchComplete ${supplierId} ${batchDir}`);
    },
    ping: async () => undefined,
  };
}

describe('lateBackend', () => {
  it('answers a call made before the database is ready once it is, with the arguments given', async () => {
    const calls: string[] = [];
    let ready!: (b: DropBackend) => void;
    const late = lateBackend(new Promise<DropBackend>((resolve) => (ready = resolve)));
    let answered = false;
    const user = late.findUser('sftp-user').then((u) => ((answered = true), u));
    const batch = late.batchComplete(3, 'batch-1');
    await new Promise((r) => setImmediate(r));
    expect([answered, calls]).toEqual([false, []]);
    ready(fakeBackend(calls));
    expect(await user).toEqual({ id: 7, supplier_id: 3, password_hash: null, ingester_key: 'k' });
    await batch;
    expect(calls).toEqual(['findUser sftp-user', 'batchComplete 3 batch-1']);
    // Later calls go straight through.
    expect(await late.userKeys(7)).toEqual([]);
    expect(calls.at(-1)).toBe('userKeys 7');
  });

  it('fails every call with the error of a start that failed', async () => {
    let fail!: (e: unknown) => void;
    const late = lateBackend(new Promise<DropBackend>((_, reject) => (fail = reject)));
    const ping = late.ping();
    fail(new Error('the database did not open'));
    await expect(ping).rejects.toThrow('the database did not open');
    await expect(late.findUser('x')).rejects.toThrow('the database did not open');
  });
});
