/**
 * A live stream's Stages tab (spec §3, §5, §9): its stages (name, number), edited as a
 * list and saved whole (PUT …/stages/): at most 5 ("Live streams only support 5 stages"),
 * checked with the API's own schema first; an enabled stream keeps at least one (the
 * server's 400 is shown by field).
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Alert, App, Button, Empty, Input, InputNumber, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StagesBody, liveStreamEndpoints } from '../../../shared/api/endpoints';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { call } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { serverFieldErrors } from '../records/form-model';
import { LoadError, useMayWrite } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';
import { liveStagesKey, liveStagesQuery } from './api';

interface Draft {
  name: string;
  number: number | null;
}

export default function LiveStagesTab({ id, onDirty }: RecordTabProps) {
  const mayWrite = useMayWrite('live_streams');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery(liveStagesQuery(id));
  const [draft, setDraft] = useState<Draft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded: Draft[] = (q.data?.results ?? []).map((s) => ({ name: s.name, number: s.number }));
  const rows = draft ?? loaded;
  useEffect(() => onDirty?.(draft !== null), [draft, onDirty]);
  const save = useMutation({
    mutationFn: (body: z.infer<typeof StagesBody>) => call(liveStreamEndpoints.putStages, { params: { id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: liveStagesKey(id) });
      setDraft(null);
      void message.success('Stages saved');
    },
    onError: (e) => setError(serverFieldErrors(e, ['stages']).fields.stages?.join(' ') ?? saveFailedText('live stream', e)),
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  const edit = (next: Draft[]) => {
    setError(null);
    setDraft(next);
  };
  const submit = () => {
    const r = StagesBody.safeParse({ stages: rows.map((s) => ({ name: s.name, number: s.number })) });
    if (!r.success) {
      setError(r.error.issues[0]!.message);
      return;
    }
    save.mutate(r.data);
  };
  const add = () => {
    if (rows.length >= LIMITS.liveStreamStages) {
      setError(MSG.liveStages);
      return;
    }
    const used = new Set(rows.map((s) => s.number));
    edit([...rows, { name: '', number: [1, 2, 3, 4, 5].find((n) => !used.has(n)) ?? null }]);
  };

  return (
    <div className="live-stages" style={{ display: 'grid', gap: 12, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="live-stages">
      {rows.length === 0 && (
        <Empty
          description={mayWrite ? 'This live stream has no stages yet. Add one with "Add stage".' : 'This live stream has no stages yet'}
        />
      )}
      {rows.map((s, i) => (
        <Space key={i} wrap>
          <InputNumber
            aria-label={`Stage ${i + 1} number`}
            min={1}
            max={LIMITS.liveStreamStages}
            value={s.number}
            disabled={!mayWrite}
            onChange={(v) => edit(rows.map((x, j) => (j === i ? { ...x, number: v ?? null } : x)))}
            data-testid="stage-number"
          />
          <Input
            aria-label={`Stage ${i + 1} name`}
            value={s.name}
            disabled={!mayWrite}
            style={{ width: 240, maxWidth: '60vw' }}
            onChange={(e) => edit(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            data-testid="stage-name"
          />
          {mayWrite && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Remove stage ${i + 1}`}
              onClick={() => edit(rows.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      {error && <Alert type="error" showIcon title={error} data-testid="stages-error" />}
      {mayWrite && (
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={add} data-testid="add-stage">
            Add stage
          </Button>
          <Button type="primary" disabled={draft === null} loading={save.isPending} onClick={submit} data-testid="save-stages">
            Save stages
          </Button>
          <Button
            disabled={draft === null || save.isPending}
            onClick={() => {
              setDraft(null);
              setError(null);
            }}
          >
            Discard changes
          </Button>
        </Space>
      )}
    </div>
  );
}
