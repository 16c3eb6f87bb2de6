/**
 * A release's Territories tab (issue 27): one setting for all its tracks. The publish,
 * pre-order and takedown times for some countries (and one commercial model type, or
 * every one) are set on every track of the release in one request (countries-times/update
 * on the release), with the same form and §5 rules as a track's Territories & Publish
 * Dates tab, in Mountain time. What was set is shown after; each track's own times stay
 * on its tab. Read-only for whoever may not write the release.
 */
import { useState } from 'react';
import { Alert, App, Descriptions, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseTimesResult } from '../../../shared/api/endpoints';
import { recordKeys, updateReleasePublishTimes } from './api';
import { useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';
import { PublishTimesForm, ZONE_LABEL } from './TrackTerritoriesTab';
import { shownLocal, type TimesBody } from './territories';
import { formatCount } from '../../../shared/format';

export default function ReleaseTerritoriesTab({ id }: RecordTabProps) {
  const mayWrite = useMayWrite('releases');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<ReleaseTimesResult | null>(null);
  const save = useMutation({
    mutationFn: (body: TimesBody) => updateReleasePublishTimes(id, body),
    onSuccess: (r) => {
      setDone(r);
      for (const t of r.track_ids) void queryClient.invalidateQueries({ queryKey: recordKeys.publishDates(t) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('releases', id) });
      void message.success(`Publish times set on ${formatCount(r.track_ids.length, 'track')}`);
    },
  });

  return (
    <div className="track-territories" data-testid="release-territories">
      <section aria-labelledby="release-times-heading" className="track-territories__section">
        <h2 id="release-times-heading" className="track-territories__heading">
          Publish dates for all tracks
        </h2>
        <Typography.Paragraph className="muted">
          One setting for every track of this release: the times are set on each track for the countries chosen. Times are in {ZONE_LABEL},
          with their offset from UTC.
        </Typography.Paragraph>
        {done && (
          <Descriptions size="small" column={1} bordered data-testid="release-times-done" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Tracks">{done.track_ids.length}</Descriptions.Item>
            <Descriptions.Item label="Countries">{done.countries.map((c) => c.name).join(', ')}</Descriptions.Item>
            <Descriptions.Item label="Commercial Models">{done.commercial_model_types.map((m) => m.name).join(', ')}</Descriptions.Item>
            <Descriptions.Item label="Publish">
              <span data-testid="release-publish-local">{shownLocal(done.publish_local)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Pre-order">{shownLocal(done.pre_order_local)}</Descriptions.Item>
            <Descriptions.Item label="Takedown">{shownLocal(done.takedown_local)}</Descriptions.Item>
          </Descriptions>
        )}
        {mayWrite ? (
          <PublishTimesForm thing="release" save={save} />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Each track's publish dates are on its Territories & Publish Dates tab."
            data-testid="release-territories-read-only"
          />
        )}
      </section>
    </div>
  );
}
