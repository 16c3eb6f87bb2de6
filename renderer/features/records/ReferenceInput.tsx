/** Records chosen by autocomplete over their search type: one (a release's label), or several in order (a track's artists). */
import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { useAutocomplete } from '../search/autocomplete';
import type { RefValue } from './form-model';

interface SelectProps {
  id?: string;
  type: string;
  value: RefValue | null;
  onChange: (value: RefValue | null) => void;
  allowClear?: boolean;
  invalid?: boolean;
  placeholder?: string;
  ariaLabel?: string;
}

export function ReferenceSelect({ id, type, value, onChange, allowClear, invalid, placeholder = 'Type to search', ariaLabel }: SelectProps) {
  const [text, setText] = useState('');
  const found = useAutocomplete(type, text);
  const choices = [...(value ? [value] : []), ...found.filter((s) => s.id !== value?.id)];
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      status={invalid ? 'error' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      virtual={false}
      allowClear={allowClear}
      placeholder={placeholder}
      value={value?.id}
      notFoundContent={text.trim().length < 2 ? 'Type two or more characters' : 'No matches'}
      onChange={(v) => {
        const hit = choices.find((c) => c.id === v);
        onChange(hit ? { id: hit.id, name: hit.name } : null);
        setText('');
      }}
      options={choices.map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/** An ordered list of records: add by autocomplete, move up or down, remove; each control names its record. */
export function ReferenceList({ id, type, value, onChange }: { id: string; type: string; value: readonly RefValue[]; onChange: (v: RefValue[]) => void }) {
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
              <Space size={2}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`Move ${r.name} up`} disabled={i === 0} onClick={() => move(i, -1)} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`Move ${r.name} down`} disabled={i === value.length - 1} onClick={() => move(i, 1)} />
                <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Remove ${r.name}`} onClick={() => onChange(value.filter((x) => x.id !== r.id))} />
              </Space>
            </li>
          ))}
        </ol>
      )}
      <ReferenceSelect
        id={id}
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
