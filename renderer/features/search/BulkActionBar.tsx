/**
 * Shown while rows are selected: how many, clear, and the bulk actions of the type.
 * The spec names bulk actions for deliveries (their own issue); every type can copy
 * the selected ids.
 */
import { App, Button, Space } from 'antd';

export interface BulkAction {
  key: string;
  label: string;
  run: (ids: readonly React.Key[]) => Promise<void> | void;
}

export function BulkActionBar({ selected, actions, onClear }: { selected: readonly React.Key[]; actions: readonly BulkAction[]; onClear: () => void }) {
  const { message } = App.useApp();
  if (selected.length === 0) return null;
  const copy: BulkAction = {
    key: 'copy-ids',
    label: 'Copy IDs',
    run: async (ids) => {
      await navigator.clipboard.writeText(ids.join(','));
      message.success(`Copied ${ids.length} IDs`);
    },
  };
  return (
    <div className="search-bulk-bar" data-testid="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <Space>
        <strong>{selected.length} selected</strong>
        {[...actions, copy].map((a) => (
          <Button key={a.key} size="small" onClick={() => void Promise.resolve(a.run(selected)).catch((e: unknown) => message.error(String(e)))}>
            {a.label}
          </Button>
        ))}
        <Button size="small" type="link" onClick={onClear}>
          Clear selection
        </Button>
      </Space>
    </div>
  );
}
