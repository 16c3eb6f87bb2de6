/**
 * The browser host's stand-in for native dialogs: main lists folders over the
 * bridge (confined to its browse roots); the renderer only sees names and paths.
 * Listing grants nothing: the chosen folder or file is handed to main
 * (packagingBrowsePick), which makes only that readable and answers its real path.
 */
import { FileOutlined, FolderOutlined, UpOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { BrowseListing, PickKind } from '../../../shared/bridge/channels/packaging';
import { bridge } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';

export interface FolderBrowserProps {
  open: boolean;
  title: string;
  /** 'folder': choose the folder shown; 'file': choose one file in it. */
  mode: 'folder' | 'file';
  show: 'folders' | 'audio' | 'images' | 'csv';
  /** What is being chosen: main checks the pick is of this kind. */
  kind: PickKind;
  start?: string | null;
  onPick: (path: string) => void;
  onCancel: () => void;
}

export function FolderBrowser({ open, title, mode, show, kind, start, onPick, onCancel }: FolderBrowserProps) {
  const [listing, setListing] = useState<BrowseListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Opened again: nothing of the last opening shows while the start folder loads (React's
  // "reset state when a prop changes", during render).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setListing(null);
      setError(null);
    }
  }

  // The latest folder asked for wins: an earlier listing that answers late (the start folder's,
  // while the user has already opened another) is dropped, never shown over the newer one.
  const asked = useRef(0);
  const go = (path?: string) => {
    const n = ++asked.current;
    bridge.packagingBrowse({ path, show }).then(
      (l) => {
        if (n !== asked.current) return;
        setError(null);
        setListing(l);
      },
      (e: unknown) => {
        if (n === asked.current) setError(errorText(e));
      },
    );
  };
  const choose = (path: string) => {
    bridge.packagingBrowsePick({ path, kind }).then(
      (r) => onPick(r.path),
      (e: unknown) => setError(errorText(e)),
    );
  };
  useEffect(() => {
    if (open) go(start ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onCancel}>Cancel</Button>
          {mode === 'folder' && (
            <Button type="primary" disabled={!listing} onClick={() => listing && choose(listing.path)}>
              Choose this folder
            </Button>
          )}
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
      {listing && (
        <>
          {listing.roots.length > 1 && (
            <Space wrap style={{ marginBottom: 8 }} role="group" aria-label="Folders you may browse">
              {listing.roots.map((r) => {
                const here = listing.path === r || listing.path.startsWith(r.endsWith('/') ? r : `${r}/`);
                return (
                  <Button key={r} size="small" type={here ? 'primary' : 'default'} aria-pressed={here} onClick={() => go(r)}>
                    {r}
                  </Button>
                );
              })}
            </Space>
          )}
          <Space style={{ marginBottom: 8 }}>
            <Button
              size="small"
              icon={<UpOutlined />}
              disabled={!listing.parent}
              onClick={() => listing.parent && go(listing.parent)}
              aria-label="Up one folder"
            />
            <Typography.Text code data-testid="browser-path">
              {listing.path}
            </Typography.Text>
          </Space>
          <List
            size="small"
            bordered
            style={{ maxHeight: 360, overflow: 'auto' }}
            dataSource={listing.entries}
            locale={{ emptyText: 'This folder is empty' }}
            renderItem={(e) => (
              <List.Item
                style={{ cursor: 'pointer' }}
                onClick={() => (e.kind === 'folder' ? go(e.path) : mode === 'file' && choose(e.path))}
                aria-label={e.name}
              >
                <Space>
                  {e.kind === 'folder' ? <FolderOutlined /> : <FileOutlined />}
                  {e.name}
                </Space>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
