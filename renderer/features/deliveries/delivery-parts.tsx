/** What the deliveries list and a delivery's page both use: the query key, the status tag, the time format. */
import { Tag } from 'antd';
import { releaseStatusTag } from '../../../shared/search/status';
import { formatDateTime } from '../../../shared/format';
import { TONE_COLOR } from '../../ui/tones';

export const DELIVERIES_KEY = ['deliveries'] as const;
/** The deliveries' query keys: the list of a brand, one delivery, its ERN XML (under its delivery). */
export const deliveryKeys = {
  all: DELIVERIES_KEY,
  list: (brand: string) => [...DELIVERIES_KEY, brand] as const,
  one: (id: number) => [...DELIVERIES_KEY, 'one', id] as const,
  xml: (id: number) => [...deliveryKeys.one(id), 'xml'] as const,
};

export function ReleaseStatus({ status }: { status: string }) {
  const t = releaseStatusTag(status);
  return (
    <Tag color={TONE_COLOR[t.tone]} data-testid="release-status">
      {t.text}
    </Tag>
  );
}

export const when = (at: string) => formatDateTime(at, undefined, { seconds: true });
