/**
 * The header's global search: a type (per §2, only those §6 allows) and a text. Choosing
 * "See all results…" opens the search and leaves the typed query in the box (issue 29).
 */
import { useMemo, useRef, useState } from 'react';
import { AutoComplete, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { SEARCH_TYPES, can } from '../../../shared/access';
import { principalAtom } from '../../lib/store';
import { searchHref, useSearchSuggestions } from './search-box';
import { SEARCH_INPUT_ID } from './focus';

export function GlobalSearch({ compact = false }: { compact?: boolean }) {
  const principal = useAtomValue(principalAtom);
  const navigate = useNavigate();
  const types = useMemo(() => SEARCH_TYPES.filter((t) => t.area !== null && can(principal, t.rule)), [principal]);
  const [type, setType] = useState<string | undefined>(undefined);
  const [text, setText] = useState('');
  // The suggestion highlighted (arrow keys or pointer): Enter opens it, and must not also submit the text.
  const active = useRef<unknown>(null);
  const current = type && types.some((t) => t.key === type) ? type : types[0]?.key;
  const suggestions = useSearchSuggestions(current ?? '', text);
  if (!current) return null;

  const submit = (value: string) => {
    navigate(searchHref(current, value));
  };
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
        onChange={(value: string, option?: unknown) => {
          // Choosing an entry puts its value in the box; "See all results…" keeps the query instead.
          if (!(option as { seeAll?: true } | undefined)?.seeAll) setText(value);
        }}
        options={suggestions.map((s) => ({ value: s.value, label: s.label, href: s.href, seeAll: s.seeAll }))}
        onActive={(value: unknown) => {
          active.current = value;
        }}
        onOpenChange={(open) => {
          // After the key's own handlers (Enter closes the list before the input sees it).
          if (!open) window.setTimeout(() => (active.current = null));
        }}
        onSelect={(value: string, option: { href?: string }) => {
          if (option.href) navigate(option.href);
          else submit(value);
        }}
        className="global-search__text"
      >
        <Input
          id={SEARCH_INPUT_ID}
          aria-label="Search text"
          placeholder={`Search ${types.find((t) => t.key === current)?.label.toLowerCase()}…`}
          prefix={<SearchOutlined />}
          onPressEnter={() => {
            if (active.current === null) submit(text);
          }}
          allowClear
        />
      </AutoComplete>
    </Space.Compact>
  );
}
