/** Recall, save under a name and delete the user's saved views of a type. */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useAtom, useSetAtom } from 'jotai';
import { deleteView, saveView, viewsOf, type SavedView } from '../../../shared/search';
import { confirm } from '../../ui/confirm';
import { loadSavedViewsAtom, savedViewsAtom } from './saved-views-state';

type ViewState = Omit<SavedView, 'id' | 'name' | 'createdAt' | 'type'>;

interface Props {
  userId: number | undefined;
  type: string;
  /**
   * What a view saved now holds. A function is asked at the moment of saving: the search
   * screen reads it from the URL, because a filter just applied can still be a pending
   * render (the router's navigation is a transition, restarted by each keystroke and click
   * in this dialog), and the committed props then held the filters before it (seen: a view
   * saved right after a filter was stored with none).
   */
  current: ViewState | (() => ViewState);
  onApply: (view: SavedView) => void;
}

export function SavedViewsControl({ userId, type, current, onApply }: Props) {
  const [all, setAll] = useAtom(savedViewsAtom);
  const load = useSetAtom(loadSavedViewsAtom);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  useEffect(() => void load(), [load]);
  const views = viewsOf(all, userId, type);
  const active = views.find((v) => v.id === chosen);

  const save = () => {
    if (userId === undefined || !name.trim()) return;
    const now = typeof current === 'function' ? current() : current;
    const view: SavedView = { ...now, id: crypto.randomUUID(), name: name.trim(), type, createdAt: new Date().toISOString() };
    void setAll((current) => saveView(current, userId, view));
    setChosen(view.id);
    setNaming(false);
    setName('');
  };

  return (
    <Space.Compact>
      <Select
        aria-label="Saved views"
        data-testid="saved-views"
        placeholder="Saved views"
        style={{ width: 200 }}
        value={active?.id}
        onChange={(id: string) => {
          setChosen(id);
          const v = views.find((x) => x.id === id);
          if (v) onApply(v);
        }}
        options={views.map((v) => ({ value: v.id, label: v.name }))}
        notFoundContent="No saved views"
      />
      <Button icon={<SaveOutlined />} onClick={() => setNaming(true)} data-testid="save-view" disabled={userId === undefined}>
        Save view
      </Button>
      {active && (
        <Button
          icon={<DeleteOutlined />}
          aria-label="Delete saved view"
          data-testid="delete-view"
          onClick={() => {
            if (userId === undefined) return;
            const id = active.id;
            // confirm() answers false when the dialog is dismissed; it does not reject.
            void confirm({ theme: 'delete', message: `Delete the saved view "${active.name}"?` }).then((yes) => {
              if (!yes) return;
              void setAll((current) => deleteView(current, userId, id));
              setChosen(undefined);
            });
          }}
        />
      )}
      <Modal
        title="Save view"
        open={naming}
        onOk={save}
        okText="Save"
        onCancel={() => setNaming(false)}
        okButtonProps={{ disabled: !name.trim() }}
      >
        <Form layout="vertical" onFinish={save}>
          <Form.Item label="Name">
            <Input autoFocus maxLength={100} value={name} onChange={(e) => setName(e.target.value)} data-testid="save-view-name" />
          </Form.Item>
        </Form>
      </Modal>
    </Space.Compact>
  );
}
