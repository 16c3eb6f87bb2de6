/**
 * The search screens' bulk actions (renderer/features/search/bulk-actions.ts), registered
 * here where features meet: Edit fields on tracks (whoever may change a bulk-editable track
 * field) and Re-ingest on deliveries (the deliveries' write rule).
 */
import { lazy } from 'react';
import { WRITE_RULES, can } from '../../shared/access';
import { bulkFields } from '../features/records/bulk-fields';
import { registerSearchBulkAction, type BulkActionDialogProps } from '../features/search/bulk-actions';

registerSearchBulkAction('tracks', {
  key: 'bulk-edit',
  label: 'Edit fields',
  offered: (principal) => bulkFields(principal).length > 0,
  Dialog: lazy(async () => {
    const { default: BulkEditDialog } = await import('../features/records/BulkEditDialog');
    return {
      default: ({ rows, seen, onClose }: BulkActionDialogProps) => <BulkEditDialog rows={[...rows]} seen={seen} onClose={onClose} />,
    };
  }),
});

registerSearchBulkAction('deliveries', {
  key: 'resubmit',
  label: 'Re-ingest',
  offered: (principal) => can(principal, WRITE_RULES.deliveries),
  Dialog: lazy(async () => {
    const { default: ResubmitDialog } = await import('../features/deliveries/ResubmitDialog');
    return { default: ({ rows, onClose }: BulkActionDialogProps) => <ResubmitDialog ids={rows.map((r) => r.id)} onClose={onClose} /> };
  }),
});
