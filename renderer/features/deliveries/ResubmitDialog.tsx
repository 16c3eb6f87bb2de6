/**
 * Re-ingest of deliveries selected on /old-deliveries (spec §5 "a limit on deliveries
 * selectable at once": DELIVERY_SELECTION_LIMIT, shown here and refused by the server
 * above it), with an optional override genre. Each delivery answers whether it was
 * resubmitted: one that was not gets the spec's "There was a problem resubmitting your
 * delivery" with the reason; a call that fails outright is "Action could not be performed".
 */
import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryEndpoints as ep, type ResubmitResult } from '../../../shared/api/endpoints';
import { DELIVERY_SELECTION_LIMIT } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { call } from '../../lib/api';
import { GenreSelect } from './GenreSelect';
import { formatCount } from '../../../shared/format';

export default function ResubmitDialog({ ids, onClose }: { ids: readonly number[]; onClose: (applied: boolean) => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [genre, setGenre] = useState<number | null>(null);
  const [failed, setFailed] = useState<ResubmitResult['results']>([]);
  const tooMany = ids.length > DELIVERY_SELECTION_LIMIT;
  const run = useMutation({
    mutationFn: () => call(ep.resubmit, { body: { ids: [...ids], override_genre: genre } }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries();
      const bad = res.data.results.filter((r) => !r.ok);
      setFailed(bad);
      if (bad.length === 0) {
        void message.success(`Resubmitted ${formatCount(ids.length, 'delivery', 'deliveries')}`);
        onClose(true);
      } else void message.error(MSG.resubmitDelivery);
    },
    onError: () => void message.error(MSG.actionNotPerformed),
  });
  return (
    <Modal
      open
      title="Re-ingest deliveries"
      okText="Re-ingest"
      onOk={() => run.mutate()}
      okButtonProps={{ disabled: tooMany }}
      confirmLoading={run.isPending}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="resubmit-count">
        {ids.length} selected. At most {DELIVERY_SELECTION_LIMIT} deliveries can be re-ingested at once.
      </Typography.Paragraph>
      {tooMany && (
        <Alert
          type="error"
          showIcon
          title={`Select at most ${DELIVERY_SELECTION_LIMIT} deliveries at once.`}
          data-testid="resubmit-too-many"
        />
      )}
      <GenreSelect allowClear placeholder="Override genre (optional)" label="Override genre" value={genre} onChange={setGenre} />
      {run.isError && <Alert type="error" showIcon title={MSG.actionNotPerformed} />}
      {failed.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={MSG.resubmitDelivery}
          data-testid="resubmit-failed"
          description={
            <ul className="delivery-files">
              {failed.map((f) => (
                <li key={f.id}>
                  Delivery {f.id}: {f.detail}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
