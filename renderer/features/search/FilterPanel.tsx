/**
 * The filters a user may use for a type (spec §3, §6): the type's 1 to 3 fixed search
 * fields (§9) in a compact bar, every other filter in the "More filters" drawer; one
 * draft for both, applied together. Each value is checked with the server's own rules
 * (shared/search filterErrors) and a bad one is an error on its field, never sent; an
 * error the server gave for an applied filter (a 400 naming it) shows on that field too.
 * Keyed by type only: a new URL (saved view, link, back, Reset) replaces the draft
 * without laying the panel out again, so an open select or the drawer stays put.
 * On a phone (issue 29) the bar is one row, "Filters" (with the count of those applied) and
 * Reset, and every filter is in the drawer: the first result shows in the first third of
 * the screen.
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Drawer, Form, Space } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { filterErrors, filterLabel, setFilter, type FilterValues } from '../../../shared/search';
import { FilterField } from './FilterField';
import { isMobile, useViewportClass } from '../../ui/useViewport';
import './search.css';

interface Props {
  /** Every filter the user may use, in the type's order. */
  filters: readonly string[];
  /** The bar's fields (shared/search barFilters); the rest go in the drawer. */
  bar: readonly string[];
  brand: string;
  applied: FilterValues;
  /** Errors on the applied filters (checked here or answered by the server), by filter name. */
  errors: Readonly<Record<string, string>>;
  onApply: (values: FilterValues) => void;
}

export function FilterPanel({ filters, bar, brand, applied, errors, onApply }: Props) {
  const [draft, setDraft] = useState<FilterValues>(applied);
  const [open, setOpen] = useState(false);
  const appliedKey = JSON.stringify(applied);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the applied filters (the URL) replace the draft
  useEffect(() => setDraft(applied), [appliedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const phone = isMobile(useViewportClass());
  // On a phone the bar's fields move into the drawer with the rest.
  const shownInBar = useMemo(() => (phone ? [] : bar), [phone, bar]);
  const more = useMemo(() => filters.filter((f) => !shownInBar.includes(f)), [filters, shownInBar]);
  const own = useMemo(() => filterErrors(draft, brand), [draft, brand]);
  /** A field's error: its draft's own, else the applied one while the field still holds the applied value. */
  const errorOf = (name: string): string | undefined => own[name] ?? (draft[name] === applied[name] ? errors[name] : undefined);
  const moreActive = more.filter((f) => draft[f]).length;
  const moreErrors = more.some((f) => errorOf(f));
  const change = (name: string, value: string | null) => setDraft((d) => setFilter(d, name, value));
  const submit = () => {
    const bad = Object.keys(own);
    if (bad.length) {
      if (bad.some((f) => more.includes(f))) setOpen(true);
      return;
    }
    setOpen(false);
    onApply(draft);
  };
  const item = (name: string) => {
    const error = errorOf(name);
    return (
      <Form.Item
        key={name}
        label={filterLabel(name)}
        className="search-bar__field"
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid={`filter-error-${name}`}>{error}</span> : undefined}
      >
        <FilterField name={name} brand={brand} values={draft} onChange={change} />
      </Form.Item>
    );
  };
  return (
    <>
      <Form
        layout="vertical"
        className={phone ? 'search-bar search-bar--phone' : 'search-bar'}
        data-testid="search-filters"
        onFinish={submit}
        role="search"
        aria-label="Filters"
      >
        {shownInBar.map(item)}
        <Form.Item label={phone ? undefined : ' '} className="search-bar__actions">
          <Space wrap>
            {!phone && (
              <Button type="primary" htmlType="submit" data-testid="search-submit">
                Search
              </Button>
            )}
            {more.length > 0 && (
              <Badge count={moreActive} size="small" color={moreErrors ? 'red' : undefined}>
                <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="more-filters" danger={moreErrors}>
                  {phone ? 'Filters' : 'More filters'}
                </Button>
              </Badge>
            )}
            <Button
              onClick={() => {
                setDraft({});
                onApply({});
              }}
            >
              Reset
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {more.length > 0 && (
        <Drawer
          title={phone ? 'Filters' : 'More filters'}
          open={open}
          onClose={() => setOpen(false)}
          size="default"
          styles={{ wrapper: { maxWidth: '100vw' } }}
          data-testid="more-filters-drawer"
          footer={
            <Button type="primary" onClick={submit} data-testid="more-filters-submit">
              Search
            </Button>
          }
        >
          <Form layout="vertical" className="search-more" onFinish={submit}>
            {more.map(item)}
          </Form>
        </Drawer>
      )}
    </>
  );
}
