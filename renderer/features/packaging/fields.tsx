/** Small form helpers shared by the wizard's steps. */
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import type { Ref } from '../../../shared/packaging/draft';

export function Field({
  label,
  error,
  children,
  required,
}: {
  label: string;
  error?: string | null;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <Form.Item
      label={label}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}

/** A select over {id, name} options that keeps the whole {id, name} as its value. */
export function RefSelect({
  value,
  options,
  onChange,
  placeholder,
  ariaLabel,
  allowClear = true,
  loading,
}: {
  value: Ref | null;
  options: readonly Ref[] | undefined;
  onChange: (v: Ref | null) => void;
  placeholder?: string;
  ariaLabel: string;
  allowClear?: boolean;
  loading?: boolean;
}) {
  return (
    <Select
      aria-label={ariaLabel}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      loading={loading}
      placeholder={placeholder}
      value={value?.id}
      options={(options ?? []).map((o) => ({ value: o.id, label: o.name }))}
      onChange={(id: number | undefined) => onChange(id === undefined ? null : ((options ?? []).find((o) => o.id === id) ?? null))}
    />
  );
}
