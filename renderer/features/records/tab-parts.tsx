/** Parts the sub-resource tabs share: whether the user may write the type, a load failure, a table's settings. */
import { Alert } from 'antd';
import { useAtomValue } from 'jotai';
import { can, writeRule } from '../../../shared/access';
import { errorText, friendlyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';

/** Whether the signed-in user may write records of this type (shared/access write rule). */
export function useMayWrite(type: string): boolean {
  const principal = useAtomValue(principalAtom);
  return can(principal, writeRule(type) ?? []);
}

/** A tab's GET failed: the §8 friendly text by status, with the §7 text. */
export function LoadError({ error }: { error: unknown }) {
  return <Alert type="error" showIcon title={friendlyErrorText(error)} description={errorText(error)} />;
}

/** The settings of a tab's table: rows by id, one page, scrolling sideways within itself on a narrow window. */
export const TAB_TABLE = { size: 'middle', rowKey: 'id', pagination: false, scroll: { x: 'max-content' } } as const;
