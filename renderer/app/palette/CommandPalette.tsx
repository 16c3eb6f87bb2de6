/**
 * The command palette (issue 18), opened by Ctrl+K (⌘K on macOS) from anywhere in the shell:
 * an antd Modal with a combobox input and a listbox of commands (paletteCommands: areas,
 * records by type and id, searches, brand switch, the current list's export, shortcuts), only
 * what the user's scopes allow. The input keeps focus; the highlighted option is its
 * aria-activedescendant. ↑/↓ move (wrapping), Home/End jump, Enter runs, Esc closes and
 * focus returns where it was (a command that navigates leaves focus to the new page's heading).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Input, Modal, Tag, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { authAtom, principalAtom } from '../../lib/store';
import { brandName } from '../../lib/brands';
import { useBrandSwitch } from '../layout/BrandSwitch';
import { listExportAtom } from '../../features/search/list-export';
import { paletteCommands, type PaletteCommand } from './commands';
import './palette.css';

export default function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const principal = useAtomValue(principalAtom);
  const user = useAtomValue(authAtom).user;
  const listExport = useAtomValue(listExportAtom);
  const navigate = useNavigate();
  const { switchTo } = useBrandSwitch();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // Esc and non-navigating commands give focus back; a navigation leaves it to the new page.
  const [restoreFocus, setRestoreFocus] = useState(true);
  const input = useRef<InputRef>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const commands = useMemo(
    () =>
      paletteCommands(text, {
        principal,
        brands: (user?.brands ?? []).map((b) => ({ value: b, label: brandName(b) })),
        brand: user?.brand,
        canExportList: listExport !== null,
      }),
    [text, principal, user, listExport],
  );
  const current = Math.min(active, commands.length - 1);

  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const run = (command: PaletteCommand | undefined) => {
    if (!command) return;
    const { action } = command;
    if (action.kind === 'go') {
      setRestoreFocus(false);
      onClose();
      void navigate(action.href);
    } else if (action.kind === 'brand') {
      onClose();
      switchTo(action.brand);
    } else {
      onClose();
      listExport?.run();
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const n = commands.length;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (current + 1) % n,
      ArrowUp: () => (current - 1 + n) % n,
      Home: () => 0,
      End: () => n - 1,
    };
    if (e.key in moves && n > 0) {
      e.preventDefault();
      setActive(moves[e.key]());
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(commands[current]);
    }
  };

  const shown = commands.length > 0;
  return (
    <Modal
      open={open}
      title="Command palette"
      // Nothing typed here is lost by closing it: a click beside it closes it.
      mask={{ closable: true }}
      footer={<div className="palette__keys">↑ ↓ to move · Enter to choose · Esc to close</div>}
      onCancel={onClose}
      focusTriggerAfterClose={restoreFocus}
      afterOpenChange={(opened) => {
        if (opened) input.current?.focus();
        else {
          setText('');
          setActive(0);
          setRestoreFocus(true);
        }
      }}
      className="palette"
      width={640}
      data-testid="command-palette"
    >
      <Input
        ref={input}
        autoFocus
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        prefix={<SearchOutlined />}
        placeholder="Go to an area, open “track 123”, search, switch brand…"
        aria-label="Command"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? optionId(current) : undefined}
        data-testid="palette-input"
      />
      {shown ? (
        <ul role="listbox" id={listId} aria-label="Commands" className="palette__list" data-testid="palette-list">
          {commands.map((c, i) => (
            <li
              key={c.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'palette__option palette__option--active' : 'palette__option'}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => run(c)}
              data-command={c.id}
            >
              <span className="palette__label">{c.label}</span>
              <Tag className="palette__group">{c.group}</Tag>
            </li>
          ))}
        </ul>
      ) : (
        <p className="palette__empty" role="status">Nothing matches “{text.trim()}”.</p>
      )}
    </Modal>
  );
}
