/**
 * The Delete action of a record page header, for the types deleted here (DELETE_ENDPOINTS:
 * pages): writers of the type only (shared/records mayDelete); the confirm dialog's delete
 * theme (§4), then DELETE, then the type's search list.
 */
import { useState } from 'react';
import { App, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { mayDelete, type RecordDecl } from '../../../shared/records';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { confirm } from '../../ui/confirm';
import { searchKeys } from '../../lib/search-queries';
import { deleteRecord, recordKeys, type DeletableType } from './api';

/** What deleting takes with it, by type (the confirm dialog says so). */
const TAKES_WITH_IT: Readonly<Record<DeletableType, string>> = {
  pages: ' Its modules and their items are deleted too.',
  page_modules: ' Its items are deleted too.',
  live_streams: ' Its stages are deleted too.',
  host_vendors: '',
  tracklist_vendors: '',
  link_partners: '',
};

export function DeleteRecordButton({
  decl,
  type,
  id,
  title,
  onDeleting,
}: {
  decl: RecordDecl;
  type: DeletableType;
  id: number;
  title: string;
  onDeleting: () => void;
}) {
  const principal = useAtomValue(principalAtom);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!mayDelete(principal, type)) return null;

  const run = async () => {
    const ok = await confirm({
      theme: 'delete',
      title: `Delete ${decl.noun}`,
      message: `Delete the ${decl.noun} "${title}"?${TAKES_WITH_IT[type]}`,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await deleteRecord(type, id);
      onDeleting();
      queryClient.removeQueries({ queryKey: recordKeys.one(type, id) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.type(type) });
      void message.success(`Deleted ${decl.noun}`);
      void navigate(`${decl.type.area}?type=${type}`);
    } catch (e) {
      void message.error(saveFailedText(decl.noun, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button danger icon={<DeleteOutlined />} loading={busy} onClick={() => void run()} data-testid="delete-record">
      Delete {decl.noun}
    </Button>
  );
}
