/**
 * What features add to the record pages (renderer/features/records/extensions.ts),
 * registered here where features meet: a label's CSV and a supplier's or label's
 * statements in the header, a live stream's next step under it, the page slug check, and
 * the pages an order's and a delivery's routes open.
 */
import { lazy } from 'react';
import { RECORD_DECLS } from '../../shared/records';
import { bridge } from '../lib/bridge';
import { LiveNextStep } from '../features/curation/LiveNextStep';
import { usePageSlugErrors } from '../features/curation/slug-check';
import { registerOwnPage, registerRecordExtension, registerRecordFormCheck, type RecordFormCheck } from '../features/records/extensions';
import { ExportButton } from '../features/search/ExportButton';
import { StatementsLink, hasStatements } from '../features/statements/StatementsLink';

registerRecordExtension('labels', {
  header: ({ id }) => <ExportButton label="Download label CSV" start={() => bridge.exportStart({ kind: 'labelCsv', labelId: id })} />,
});

for (const { key } of RECORD_DECLS) {
  if (hasStatements(key)) registerRecordExtension(key, { header: ({ id }) => <StatementsLink type={key} id={id} /> });
}

registerRecordExtension('live_streams', { banner: ({ id, row }) => <LiveNextStep id={id} row={row} /> });

/** A page's slug, checked as it is typed (unique per brand). */
const usePageSlugCheck: RecordFormCheck = (type, values, record) =>
  usePageSlugErrors(type, values, record && { id: record.id, slug: record.row.slug });
registerRecordFormCheck(usePageSlugCheck);

registerOwnPage(
  'orders',
  lazy(() => import('../features/orders/OrderPage')),
);
registerOwnPage(
  'deliveries',
  lazy(() => import('../features/deliveries/DeliveryPage')),
);
