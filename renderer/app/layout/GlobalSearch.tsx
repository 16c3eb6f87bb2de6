/** The header's global search: a type (per §2, only those §6 allows) and a text. */
import { useMemo, useState } from 'react';
import { AutoComplete, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { SEARCH_TYPES, can } from '../../../shared/access';
import { principalAtom } from '../../lib/store';
import { searchHref, useSearchSuggestions } from './search-box';

export function GlobalSearch({ compact = false }: { compact?: boolean }) {
  const principal = useAtomValue(principalAtom);
  const navigate = useNavigate();
  const types = useMemo(() => SEARCH_TYPES.filter((t) => t.area !== null && can(principal, t.rule)), [principal]);
  const [type, setType] = useState<string | undefined>(undefined);
  const [text, setText] = useState('');
  const current = type && types.some((t) => t.key === type) ? type : types[0]?.key;
  const suggestions = useSearchSuggestions(current ?? '', text);
  if (!current) return null;

  const submit = (value: string) => navigate(searchHref(current, value));
  return (
    <Space.Compact className="global-search" role="search" aria-label="Global search">
      <Select
        aria-label="Search type"
        value={current}
        onChange={setType}
        options={types.map((t) => ({ value: t.key, label: t.label }))}
        popupMatchSelectWidth={false}
        virtual={false}
        style={{ width: compact ? 110 : 140 }}
        data-testid="global-search-type"
      />
      <AutoComplete
        value={text}
        onChange={setText}
        options={suggestions.map((s) => ({ value: s.value, label: s.label, href: s.href }))}
        onSelect={(value: string, option: { href?: string }) => (option.href ? navigate(option.href) : submit(value))}
        className="global-search__text"
      >
        <Input
          aria-label="Search text"
          placeholder={`Search ${types.find((t) => t.key === current)?.label.toLowerCase()}…`}
          prefix={<SearchOutlined />}
          onPressEnter={() => submit(text)}
          allowClear
        />
      </AutoComplete>
    </Space.Compact>
  );
}
