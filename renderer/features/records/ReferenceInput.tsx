/**
 * Records chosen by autocomplete over their search type: one (a release's label), or several in
 * order (a track's artists). Every reference picker of the console is one of these (issue 29):
 * each option shows what tells same-named records apart (the suggestion's `detail`, declared
 * once in SUGGESTION_DETAIL and used by the header's suggestions too) and its ID; the server
 * finds a record by its name, its id or a catalogue number (SUGGESTION_MATCH); the chosen
 * record shows its name and ID (and its detail when it was picked here).
 */
import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { isSuggestible } from '../../../shared/api/endpoints/lists';
import { useAutocomplete } from '../../lib/autocomplete';
import type { RefValue } from './form-model';
import './reference-input.css';

/** A record as a picker shows it: name, then what tells it apart and its ID. */
export interface RefChoice extends RefValue {
  detail?: string;
}

/** The second line of a reference option: its detail (artists, label, catalogue number…) and ID. */
export const referenceDetailText = (c: RefChoice) => [c.detail, `ID ${c.id}`].filter(Boolean).join(' · ');

/** One option of a reference picker (and of the header's suggestions' kind): name over detail and ID. */
export function ReferenceOption({ choice }: { choice: RefChoice }) {
  return (
    <span className="reference-option" data-testid="reference-option">
      <span className="reference-option__name">{choice.name}</span>
      <span className="reference-option__detail">{referenceDetailText(choice)}</span>
    </span>
  );
}

/** The chosen record in the closed picker: its name, then its detail and ID on the same line. */
export function ReferenceChosen({ choice }: { choice: RefChoice }) {
  return (
    <span className="reference-chosen" data-testid="reference-chosen">
      <span className="reference-chosen__name">{choice.name}</span>
      <span className="reference-chosen__detail">{referenceDetailText(choice)}</span>
    </span>
  );
}

interface SelectProps {
  id?: string;
  type: string;
  value: RefValue | null;
  /** The chosen record ({id, name}); its detail is not part of the value. */
  onChange: (value: RefValue | null, choice: RefChoice | null) => void;
  allowClear?: boolean;
  invalid?: boolean;
  placeholder?: string;
  ariaLabel?: string;
  testId?: string;
  disabled?: boolean;
}

export function ReferenceSelect({
  id,
  type,
  value,
  onChange,
  allowClear,
  invalid,
  placeholder = 'Type to search',
  ariaLabel,
  testId,
  disabled,
}: SelectProps) {
  const [text, setText] = useState('');
  // What was picked here, with its detail (a value loaded from a record has only id and name).
  const [picked, setPicked] = useState<RefChoice | null>(null);
  const found = useAutocomplete(type, text);
  const current: RefChoice | null = value ? (found.find((s) => s.id === value.id) ?? (picked?.id === value.id ? picked : value)) : null;
  const choices: RefChoice[] = [...(current ? [current] : []), ...found.filter((s) => s.id !== value?.id)];
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
      disabled={disabled}
      className="reference-select"
      status={invalid ? 'error' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      virtual={false}
      allowClear={allowClear}
      placeholder={placeholder}
      value={value?.id}
      notFoundContent={isSuggestible(text) ? 'No matches' : 'Type two or more characters, or an ID'}
      onChange={(v) => {
        const hit = choices.find((c) => c.id === v) ?? null;
        setPicked(hit);
        onChange(hit ? { id: hit.id, name: hit.name } : null, hit);
        setText('');
      }}
      // The option's title is the record's name (what a keyboard user, and tests, pick by).
      options={choices.map((c) => ({ value: c.id, title: c.name, label: <ReferenceOption choice={c} /> }))}
      labelRender={({ value: v }) => {
        const c = choices.find((x) => x.id === v);
        return c ? <ReferenceChosen choice={c} /> : v;
      }}
    />
  );
}

/** An ordered list of records: add by autocomplete, move up or down, remove; each control names its record. */
export function ReferenceList({
  id,
  type,
  value,
  onChange,
  ariaLabel,
  testId,
  disabled,
}: {
  id: string;
  type: string;
  value: readonly RefValue[];
  onChange: (v: RefValue[]) => void;
  ariaLabel?: string;
  testId?: string;
  disabled?: boolean;
}) {
  const move = (i: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item);
    onChange(next);
  };
  return (
    <div className="reference-list">
      {value.length > 0 && (
        <ol className="reference-list__items">
          {value.map((r, i) => (
            <li key={r.id} className="reference-list__item">
              <span className="reference-list__name">{r.name}</span>
              <span className="reference-list__id">ID {r.id}</span>
              <Space size={2}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${r.name} up`}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${r.name} down`}
                  disabled={disabled || i === value.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={`Remove ${r.name}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((x) => x.id !== r.id))}
                />
              </Space>
            </li>
          ))}
        </ol>
      )}
      <ReferenceSelect
        id={id}
        ariaLabel={ariaLabel}
        testId={testId}
        disabled={disabled}
        type={type}
        value={null}
        placeholder="Add: type to search"
        onChange={(r) => {
          if (r && !value.some((x) => x.id === r.id)) onChange([...value, r]);
        }}
      />
    </div>
  );
}
