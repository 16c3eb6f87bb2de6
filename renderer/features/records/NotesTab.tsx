/** A record's notes (spec §7 GET/POST …/{id}/notes/): newest first, and a note to add. */
import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, List } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { NoteBody } from '../../../shared/api/endpoints';
import { bodyErrorText, errorText, friendlyErrorText } from '../../lib/http-errors';
import { Loading } from '../../ui/Loading';
import { addNote, recordKeys, recordQueries } from './api';
import type { RecordTabProps } from './tabs';

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
        <Loading />
      ) : notes.isError ? (
        <Alert type="error" showIcon style={{ marginTop: 16 }} title={friendlyErrorText(notes.error)} description={errorText(notes.error)} />
      ) : notes.data.results.length === 0 ? (
        <Empty description="No notes yet" />
      ) : (
        <List
          className="record-notes__list"
          dataSource={notes.data.results}
          renderItem={(n) => (
            <List.Item data-testid="note">
              <List.Item.Meta title={`${n.author?.name ?? 'System'} · ${dayjs(n.created_at).format('MM/DD/YYYY h:mm A')}`} description={<span className="record-notes__body">{n.body}</span>} />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
