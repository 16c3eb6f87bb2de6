/**
 * A live stream's next step, on its page while it is not enabled and has no stage: a new
 * live stream is created disabled (spec §5: an enabled live stream needs a stage), so the
 * page says what to do before it can be enabled.
 */
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ObjectRow } from '../../../shared/api/endpoints';
import { LIVE_NEXT_STEP } from '../../../shared/records';
import { liveStagesQuery } from './api';

export function LiveNextStep({ id, row }: { id: number; row: ObjectRow }) {
  const stages = useQuery(liveStagesQuery(id));
  const count = stages.data?.results.length ?? (Array.isArray(row.stages) ? row.stages.length : 0);
  if (row.enabled === true || count > 0) return null;
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="live-next-step" title={LIVE_NEXT_STEP} />;
}
