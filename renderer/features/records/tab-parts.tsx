/** Parts the sub-resource tabs share: whether the user may write the type, a load failure, a table's settings. */
import { Alert, Button, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { can, writeRule } from '../../../shared/access';
import { errorText } from '../../lib/http-errors';
import { ListEmpty, ListError } from '../../ui/ListState';
import { principalAtom } from '../../lib/store';

/** Whether the signed-in user may write records of this type (shared/access write rule). */
export function useMayWrite(type: string): boolean {
  const principal = useAtomValue(principalAtom);
  return can(principal, writeRule(type) ?? []);
}

/** A tab's GET failed: §8's request-failed text and the friendly text by status, with a Retry that asks again (ui/ListState). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => unknown }) {
  return <ListError error={error} onRetry={onRetry} />;
}

/**
 * The settings of a tab's table: rows by id, one page, scrolling sideways within itself on a narrow window;
 * an empty table says so in words (never antd's bare "No data"; a tab names what can be added where it can).
 */
export const TAB_TABLE = {
  size: 'middle',
  rowKey: 'id',
  pagination: false,
  scroll: { x: 'max-content' },
  locale: { emptyText: <ListEmpty description="Nothing here yet." /> },
} as const;

/**
 * A secret generated on request and shown once (an ingester key, a temporary password):
 * the secret to copy, a failure of the call, and the button that generates it.
 */
export function ShownOnce({
  what,
  value,
  testId,
  error,
  action,
  pending,
  onGenerate,
}: {
  what: string;
  value: string | null;
  testId: string;
  error: unknown;
  action: string | null;
  pending: boolean;
  onGenerate: () => void;
}) {
  return (
    <>
      {value !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={`Copy this ${what} now: it is shown only once.`}
          description={
            <Typography.Text code copyable data-testid={testId}>
              {value}
            </Typography.Text>
          }
        />
      )}
      {error != null && <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorText(error)} />}
      {action && (
        <Button icon={<KeyOutlined />} style={{ marginTop: 12 }} loading={pending} onClick={onGenerate}>
          {action}
        </Button>
      )}
    </>
  );
}
