/**
 * The Re-encode action of a release's or a track's page header (catalogue writers only):
 * starts the `encode` job, waits for it through main's job poller (bridge jobWait; its
 * states arrive as jobProgress events) with the progress shown, then reloads the record.
 * The texts are in ./reencode.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Progress, Space } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { bridge, onBridgeEvent } from '../../lib/bridge';
import { recordKeys, startReencode, type ReencodableType } from './api';
import { useMayWrite } from './tab-parts';
import {
  PHASES,
  doneOutcome,
  noSourceReason,
  phaseOf,
  startFailure,
  waitFailure,
  type ReencodeFailure,
  type ReencodePhase,
} from './reencode';

/** `hasSourceAudio`: the record's has_source_audio; false turns the button off and says why. */
export function ReencodeButton({ type, id, hasSourceAudio }: { type: ReencodableType; id: number; hasSourceAudio?: unknown }) {
  const mayWrite = useMayWrite(type);
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ReencodePhase | null>(null);
  const [failure, setFailure] = useState<ReencodeFailure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const jobId = useRef<string | null>(null);
  const mounted = useRef(true);

  useEffect(
    () =>
      onBridgeEvent('jobProgress', (p) => {
        const next = phaseOf(p.state);
        if (p.jobId === jobId.current && next) setPhase(next);
      }),
    [],
  );
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the page stops waiting; the job goes on in the API.
      if (jobId.current) void bridge.jobCancel({ kind: 'encode', id: jobId.current }).catch(() => undefined);
    };
  }, []);

  if (!mayWrite) return null;

  const run = async () => {
    setFailure(null);
    setDone(null);
    setPhase('starting');
    let started;
    try {
      started = await startReencode(type, id);
    } catch (err) {
      setPhase(null);
      return setFailure(startFailure(err));
    }
    jobId.current = String(started.id);
    setPhase(phaseOf(started.state) ?? 'PENDING');
    try {
      const outcome = await bridge.jobWait({ kind: 'encode', id: started.id });
      if (!mounted.current) return;
      const o = doneOutcome(outcome.result);
      setPhase('DONE');
      setDone(o.text);
      setFailure(o.failure);
    } catch (err) {
      if (!mounted.current) return;
      setPhase(null);
      setFailure(waitFailure(err));
    } finally {
      jobId.current = null;
      void queryClient.invalidateQueries({ queryKey: recordKeys.one(type, id) });
    }
  };

  const busy = phase !== null && phase !== 'DONE';
  const noSource = noSourceReason(type, hasSourceAudio);
  return (
    <div className="reencode" data-testid="reencode">
      <Space wrap align="center">
        <Button
          icon={<SyncOutlined spin={busy} />}
          onClick={() => void run()}
          loading={phase === 'starting'}
          disabled={busy || noSource !== null}
          title={noSource ?? undefined}
          aria-describedby={noSource ? `reencode-why-${id}` : undefined}
          data-testid="reencode-button"
        >
          Re-encode
        </Button>
        {noSource && !phase && (
          <span id={`reencode-why-${id}`} className="reencode__why" data-testid="reencode-why">
            {noSource}
          </span>
        )}
        {phase && (
          <span className="reencode__progress" role="status" data-testid="reencode-progress">
            <Progress
              percent={PHASES[phase].percent}
              size="small"
              status={phase === 'DONE' ? (failure ? 'exception' : 'success') : 'active'}
              showInfo={false}
              aria-label="Re-encode progress"
            />
            <span>{phase === 'DONE' && done ? done : PHASES[phase].label}</span>
          </span>
        )}
      </Space>
      {failure && (
        <Alert
          type="error"
          showIcon
          className="reencode__error"
          title={failure.title}
          description={failure.description}
          data-testid="reencode-error"
        />
      )}
    </div>
  );
}
