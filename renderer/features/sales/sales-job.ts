/**
 * Runs a sales job the way spec §4 says: started with the console's call (POST
 * /v4/jobs/{kind}/), then waited for through main's job poller (bridge.jobWait: 1 s
 * polling, child jobs followed, "Request Timed Out" after 120 s). The states the chain
 * goes through arrive as jobProgress events; cancel stops the wait (jobCancel).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { jobEndpoints, type SalesFilters, type SalesJobKind } from '../../../shared/api/endpoints/jobs';
import type { JobOutcome } from '../../../shared/bridge/channels/jobs';
import { fetchData } from '../../lib/api';
import { bridge, onBridgeEvent } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';

export type SalesJobStatus =
  | { state: 'idle' }
  | { state: 'running'; jobId: number; step: string }
  | { state: 'done'; outcome: JobOutcome }
  | { state: 'error'; message: string };

/** The step a job state is shown as. */
export function stepText(state: string, child: boolean): string {
  const what = child ? 'Preparing the file' : 'Adding up the sales';
  return state === 'PENDING' ? `${what}: queued` : state === 'RUNNING' ? `${what}: running` : `${what}: ${state.toLowerCase()}`;
}

export function useSalesJob(kind: SalesJobKind) {
  const [status, setStatus] = useState<SalesJobStatus>({ state: 'idle' });
  const current = useRef<number | null>(null);
  useEffect(
    () =>
      onBridgeEvent('jobProgress', (p) => {
        const first = current.current;
        if (first === null) return;
        const detail = (p.detail ?? {}) as { parentJobId?: string };
        if (p.jobId !== String(first) && detail.parentJobId === undefined) return;
        setStatus({ state: 'running', jobId: first, step: stepText(p.state, p.jobId !== String(first)) });
      }),
    [],
  );

  const run = useCallback(
    async (filters: SalesFilters): Promise<JobOutcome | null> => {
      setStatus({ state: 'running', jobId: 0, step: stepText('PENDING', false) });
      try {
        const started = await fetchData(jobEndpoints.console[kind], { body: filters });
        current.current = started.id;
        setStatus({ state: 'running', jobId: started.id, step: stepText(started.state, false) });
        const outcome = await bridge.jobWait({ kind, id: started.id });
        setStatus({ state: 'done', outcome });
        return outcome;
      } catch (err) {
        setStatus({ state: 'error', message: errorText(err) });
        return null;
      } finally {
        current.current = null;
      }
    },
    [kind],
  );

  const cancel = useCallback(() => {
    if (current.current !== null) void bridge.jobCancel({ kind, id: current.current });
  }, [kind]);

  return { status, run, cancel };
}
