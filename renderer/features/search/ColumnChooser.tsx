/** Chooses the optional columns of a type; the fixed ones are always shown. */
import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { Column } from '../../../shared/search';

export function ColumnChooser({
  columns,
  shown,
  onChange,
}: {
  columns: readonly Column[];
  shown: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  const optional = columns.filter((c) => !c.fixed);
  const content = (
    <Space direction="vertical" data-testid="column-chooser">
      {columns
        .filter((c) => c.fixed)
        .map((c) => (
          <Checkbox key={c.key} checked disabled>
            {c.title}
          </Checkbox>
        ))}
      {optional.map((c) => (
        <Checkbox
          key={c.key}
          checked={shown.includes(c.key)}
          data-testid={`column-${c.key}`}
          onChange={(e) => onChange(optional.filter((o) => (o.key === c.key ? e.target.checked : shown.includes(o.key))).map((o) => o.key))}
        >
          {c.title}
        </Checkbox>
      ))}
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Columns" content={content}>
      <Button icon={<SettingOutlined />} data-testid="column-chooser-button">
        Columns
      </Button>
    </Popover>
  );
}
