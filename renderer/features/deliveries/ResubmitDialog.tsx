/**
 * Re-ingest of deliveries selected on /old-deliveries (spec §5 "a limit on deliveries
 * selectable at once": DELIVERY_SELECTION_LIMIT, shown here and refused by the server
 * above it), with an optional override genre. Each delivery answers whether it was
 * resubmitted: one that was not gets the spec's "There was a problem resubmitting your
 * delivery" with the reason; a call that fails outright is "Action could not be performed".
 */
import { useState } from 'react';
import { Alert, App, Modal, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryEndpoints as ep, genresEndpoint, type ResubmitResult } from '../../../shared/api/endpoints';
import { DELIVERY_SELECTION_LIMIT } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { call, fetchData } from '../../lib/api';

export default function ResubmitDialog({ ids, onClose }: { ids: readonly number[]; onClose: (applied: boolean) => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [genre, setGenre] = useState<number | null>(null);
  const [failed, setFailed] = useState<ResubmitResult['results']>([]);
  const genres = useQuery({ queryKey: ['auxiliary', 'genres'], queryFn: () => fetchData(genresEndpoint, {}), staleTime: 5 * 60_000 });
  const tooMany = ids.length > DELIVERY_SELECTION_LIMIT;
  const run = useMutation({
    mutationFn: () => call(ep.resubmit, { body: { ids: [...ids], override_genre: genre } }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries();
      const bad = res.data.results.filter((r) => !r.ok);
      setFailed(bad);
      if (bad.length === 0) {
        void message.success(`Resubmitted ${ids.length} ${ids.length === 1 ? 'delivery' : 'deliveries'}`);
        onClose(true);
      } else void message.error(MSG.resubmitDelivery);
    },
    onError: () => void message.error(MSG.actionNotPerformed),
  });
  return (
    <Modal open title="Re-ingest deliveries" okText="Re-ingest" onOk={() => run.mutate()} okButtonProps={{ disabled: tooMany }}
      confirmLoading={run.isPending} onCancel={() => onClose(false)} destroyOnHidden>
      <Typography.Paragraph data-testid="resubmit-count">
        {ids.length} selected. At most {DELIVERY_SELECTION_LIMIT} deliveries can be re-ingested at once.
      </Typography.Paragraph>
      {tooMany && <Alert type="error" showIcon title={`Select at most ${DELIVERY_SELECTION_LIMIT} deliveries at once.`} data-testid="resubmit-too-many" />}
      <Select<number> allowClear showSearch optionFilterProp="label" className="delivery-genre" placeholder="Override genre (optional)" aria-label="Override genre"
        value={genre ?? undefined} onChange={(v) => setGenre(v ?? null)} loading={genres.isPending}
        options={(genres.data?.results ?? []).map((g) => ({ value: g.id, label: g.name }))} />
      {run.isError && <Alert type="error" showIcon title={MSG.actionNotPerformed} />}
      {failed.length > 0 && (
        <Alert type="error" showIcon title={MSG.resubmitDelivery} data-testid="resubmit-failed"
          description={<ul className="delivery-files">{failed.map((f) => <li key={f.id}>Delivery {f.id}: {f.detail}</li>)}</ul>} />
      )}
    </Modal>
  );
}
