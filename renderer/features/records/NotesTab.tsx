/** A record's notes (spec §7 GET/POST …/{id}/notes/): newest first, and a note to add. */
import { useState } from 'react';
import { Alert, Button, Empty, Form, Input } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoteBody } from '../../../shared/api/endpoints';
import { bodyErrorText } from '../../lib/http-errors';
import { ListError, ListSkeleton } from '../../ui/ListState';
import { addNote, recordKeys, recordQueries } from './api';
import type { RecordTabProps } from './tabs';
import { formatDateTime } from '../../../shared/format';

export function NotesTab({ type, id }: RecordTabProps) {
  const queryClient = useQueryClient();
  const notes = useQuery(recordQueries.notes(type, id));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: string) => addNote(type, id, body),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: recordKeys.notes(type, id) });
    },
  });
  const submit = () => {
    const r = NoteBody.shape.body.safeParse(text);
    setError(r.success ? null : r.error.issues[0].message);
    if (r.success) add.mutate(r.data);
  };
  return (
    <div className="record-notes" data-testid="notes-tab">
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="New note" htmlFor="new-note" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input.TextArea id="new-note" autoSize={{ minRows: 2, maxRows: 6 }} value={text} onChange={(e) => setText(e.target.value)} />
        </Form.Item>
        {add.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={bodyErrorText(add.error)} />}
        <Button type="primary" htmlType="submit" loading={add.isPending} disabled={!text.trim()}>
          Add note
        </Button>
      </Form>
      {notes.isPending ? (
        <ListSkeleton />
      ) : notes.isError ? (
        <ListError className="notes-error" error={notes.error} onRetry={notes.refetch} />
      ) : notes.data.results.length === 0 ? (
        <Empty description="No notes yet" />
      ) : (
        <ul className="record-notes__list">
          {notes.data.results.map((n) => (
            <li key={n.id} className="record-notes__item" data-testid="note">
              <div className="record-notes__who">
                <strong>{n.author?.name ?? 'System'}</strong> · {formatDateTime(n.created_at)}
              </div>
              <div className="record-notes__body">{n.body}</div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
