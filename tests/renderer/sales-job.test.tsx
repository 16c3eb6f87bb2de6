// @vitest-environment happy-dom
/**
 * The sales screen's job runner: it starts the job with the console's call, waits through
 * main's jobWait, shows each step the jobProgress events report (the child's too), stops
 * the wait on cancel, and shows main's "Request Timed Out" when the wait gives up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { BridgeError, type BridgeEventPayload } from '../../shared/bridge';
import { MSG } from '../../shared/messages';

type Progress = BridgeEventPayload<'jobProgress'>;
const bridgeMock = vi.hoisted(() => ({
  apiRequest: vi.fn(),
  jobWait: vi.fn(),
  jobCancel: vi.fn(),
  listener: null as null | ((p: Progress) => void),
}));
vi.mock('../../renderer/lib/bridge', () => ({
  bridge: bridgeMock,
  onBridgeEvent: (_name: string, fn: (p: Progress) => void) => {
    bridgeMock.listener = fn;
    return () => undefined;
  },
}));
const { useSalesJob } = await import('../../renderer/features/sales/sales-job');

afterEach(cleanup);
const filters = { start_date: '2024-01-01', end_date: '2024-12-31', store: 'music' };

describe('useSalesJob', () => {
  it('starts the job with the filters, shows the steps of the chain and answers the outcome', async () => {
    bridgeMock.apiRequest.mockResolvedValue({ status: 202, data: { id: 41, state: 'PENDING' } });
    let finish: (v: unknown) => void = () => undefined;
    bridgeMock.jobWait.mockReturnValue(new Promise((r) => (finish = r)));
    const { result } = renderHook(() => useSalesJob('sales-export'));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => { outcome = result.current.run(filters); });
    await waitFor(() => expect(bridgeMock.jobWait).toHaveBeenCalledWith({ kind: 'sales-export', id: 41 }));
    expect(bridgeMock.apiRequest.mock.calls[0][0]).toMatchObject({ method: 'POST', path: '/v4/jobs/sales-export/', body: filters });
    act(() => bridgeMock.listener!({ jobId: '41', state: 'RUNNING' }));
    expect(result.current.status).toEqual({ state: 'running', jobId: 41, step: 'Adding up the sales: running' });
    act(() => bridgeMock.listener!({ jobId: '42', state: 'RUNNING', detail: { kind: 'sales-export', parentJobId: '41' } }));
    expect(result.current.status).toMatchObject({ step: 'Preparing the file: running' });
    // Another job's events are not this one's.
    act(() => bridgeMock.listener!({ jobId: '99', state: 'DONE' }));
    expect(result.current.status).toMatchObject({ step: 'Preparing the file: running' });
    act(() => result.current.cancel());
    expect(bridgeMock.jobCancel).toHaveBeenCalledWith({ kind: 'sales-export', id: 41 });
    await act(async () => { finish({ id: '42', state: 'DONE', result: { rows: 3 } }); await outcome; });
    expect(await outcome).toEqual({ id: '42', state: 'DONE', result: { rows: 3 } });
    expect(result.current.status).toEqual({ state: 'done', outcome: { id: '42', state: 'DONE', result: { rows: 3 } } });
  });

  it('shows "Request Timed Out" when main gives up on the job', async () => {
    bridgeMock.apiRequest.mockResolvedValue({ status: 202, data: { id: 7, state: 'PENDING' } });
    bridgeMock.jobWait.mockRejectedValue(new BridgeError({ code: 'timeout', message: MSG.requestTimedOut }));
    const { result } = renderHook(() => useSalesJob('sales'));
    await act(async () => { expect(await result.current.run(filters)).toBeNull(); });
    expect(result.current.status).toEqual({ state: 'error', message: 'Request Timed Out' });
  });
});
