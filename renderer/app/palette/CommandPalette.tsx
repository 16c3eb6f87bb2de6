/**
 * The command palette (issue 18), opened by Ctrl+K (⌘K on macOS) from anywhere in the shell:
 * an antd Modal with a combobox input and a listbox of commands (paletteCommands: areas,
 * records by type and id, searches, brand switch, the current list's export, shortcuts), only
 * what the user's scopes allow. The input keeps focus; the highlighted option is its
 * aria-activedescendant. ↑/↓ move (wrapping), Home/End jump, Enter runs, Esc closes and
 * focus returns where it was (a command that navigates leaves focus to the new page, see
 * layout/focus.ts). The input takes focus as soon as the dialog can hold it, and starts with
 * whatever was typed since Ctrl+K (held by PaletteHost meanwhile).
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
import { PALETTE_INPUT_ID, type TypedAhead } from './typed-ahead';
import './palette.css';

/** How many frames the input may wait for the dialog to be shown before taking focus. */
const FOCUS_FRAMES = 60;

export default function CommandPalette({
  open,
  onClose,
  takeTyped = () => null,
}: {
  open: boolean;
  onClose: () => void;
  /** The keys typed since Ctrl+K, handed over once as the input takes focus. */
  takeTyped?: () => TypedAhead | null;
}) {
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

  const commandsFor = (typed: string) =>
    paletteCommands(typed, {
      principal,
      brands: (user?.brands ?? []).map((b) => ({ value: b, label: brandName(b) })),
      brand: user?.brand,
      canExportList: listExport !== null,
    });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- commandsFor reads exactly these
  const commands = useMemo(() => commandsFor(text), [text, principal, user, listExport]);
  const current = Math.min(active, commands.length - 1);

  // Focus the input as soon as the dialog shows it (the first frames it is still display: none),
  // not after the opening animation: keys typed from then on go straight into it.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let left = FOCUS_FRAMES;
    const tryFocus = () => {
      const el = input.current?.input;
      if (el?.isConnected) el.focus();
      if (document.activeElement === el || --left <= 0) return;
      frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [open]);

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

  // The keys typed before the input had focus: they start its text; Enter among them runs the first command.
  const onFocus = () => {
    const typed = takeTyped();
    if (!typed) return;
    setText(typed.text);
    setActive(0);
    if (typed.enter) run(commandsFor(typed.text)[0]);
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
        id={PALETTE_INPUT_ID}
        autoFocus
        value={text}
        onFocus={onFocus}
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
        <p className="palette__empty" role="status">
          Nothing matches “{text.trim()}”.
        </p>
      )}
    </Modal>
  );
}
