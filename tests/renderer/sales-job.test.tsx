// @vitest-environment happy-dom
/**
 * The sales screen's job runner: it starts the job with the console's call, waits through
 * main's jobWait, shows each step the jobProgress events report (the child's too), stops
 * the wait on cancel, and shows main's "Request Timed Out" when the wait gives up.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { BridgeError } from '../../shared/bridge';
import { jobEndpoints } from '../../shared/api/endpoints/jobs';
import { MSG } from '../../shared/messages';

const { useSalesJob } = await import('../../renderer/features/sales/sales-job');

beforeEach(() => {
  fakeMain.calls.length = 0;
  fakeMain.channel('jobCancel', () => ({ ok: true }));
});
afterEach(cleanup);
const filters = { start_date: '2024-01-01', end_date: '2024-12-31', store: 'music' };

describe('useSalesJob', () => {
  it('starts the job with the filters, shows the steps of the chain and answers the outcome', async () => {
    fakeMain.api.on(jobEndpoints.console['sales-export'], () => ({ id: 41, state: 'PENDING' as const }));
    let finish: (v: unknown) => void = () => undefined;
    fakeMain.channel('jobWait', () => new Promise((r) => (finish = r)) as never);
    const { result } = renderHook(() => useSalesJob('sales-export'));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run(filters);
    });
    await waitFor(() => expect(fakeMain.requestsOf('jobWait')).toEqual([{ kind: 'sales-export', id: 41 }]));
    expect(fakeMain.api.calls[0]).toMatchObject({ method: 'POST', path: '/v4/jobs/sales-export/', body: filters });
    await act(async () => fakeMain.emit('jobProgress', { jobId: '41', state: 'RUNNING' }));
    expect(result.current.status).toEqual({ state: 'running', jobId: 41, step: 'Adding up the sales: running' });
    await act(async () =>
      fakeMain.emit('jobProgress', { jobId: '42', state: 'RUNNING', detail: { kind: 'sales-export', parentJobId: '41' } }),
    );
    expect(result.current.status).toMatchObject({ step: 'Preparing the file: running' });
    // Another job's events are not this one's.
    await act(async () => fakeMain.emit('jobProgress', { jobId: '99', state: 'DONE' }));
    expect(result.current.status).toMatchObject({ step: 'Preparing the file: running' });
    act(() => result.current.cancel());
    await waitFor(() => expect(fakeMain.requestsOf('jobCancel')).toEqual([{ kind: 'sales-export', id: 41 }]));
    await act(async () => {
      finish({ id: '42', state: 'DONE', result: { rows: 3 } });
      await outcome;
    });
    expect(await outcome).toEqual({ id: '42', state: 'DONE', result: { rows: 3 } });
    expect(result.current.status).toEqual({ state: 'done', outcome: { id: '42', state: 'DONE', result: { rows: 3 } } });
  });

  it('shows "Request Timed Out" when main gives up on the job', async () => {
    fakeMain.api.on(jobEndpoints.console.sales, () => ({ id: 7, state: 'PENDING' as const }));
    fakeMain.channel('jobWait', () => {
      throw new BridgeError({ code: 'timeout', message: MSG.requestTimedOut });
    });
    const { result } = renderHook(() => useSalesJob('sales'));
    await act(async () => {
      expect(await result.current.run(filters)).toBeNull();
    });
    expect(result.current.status).toEqual({ state: 'error', message: 'Request Timed Out' });
  });
});
