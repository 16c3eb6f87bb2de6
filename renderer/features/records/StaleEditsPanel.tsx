/**
 * Shown after a save found the record changed meanwhile (412): the user's edits are
 * kept on the new version; for each field changed both here and there, the user's
 * value beside the saved one, and a choice between them. Saving then saves against
 * the new version.
 */
import { Alert, Radio, Table } from 'antd';
import type { RecordDecl } from '../../../shared/records';
import { FieldValue } from './RecordFields';
import type { Choice, StaleConflict } from './stale-edits';

export function StaleEditsPanel({
  decl,
  conflicts,
  choices,
  onChoose,
}: {
  decl: RecordDecl;
  conflicts: readonly StaleConflict[];
  choices: Readonly<Record<string, Choice>>;
  onChoose: (c: StaleConflict, choice: Choice) => void;
}) {
  const intro = conflicts.length
    ? `Someone else saved this ${decl.noun} while you were editing. Your changes are kept. Where you both changed a field, choose which value to keep, then save.`
    : `Someone else saved this ${decl.noun} while you were editing. Your changes are kept on top of their version: save again to apply them.`;
  return (
    <Alert
      className="stale-edits"
      data-testid="stale-edits"
      type="warning"
      showIcon
      title="Changed by someone else"
      description={
        <>
          <p>{intro}</p>
          {conflicts.length > 0 && (
            <Table<StaleConflict>
              size="small"
              pagination={false}
              rowKey="field"
              scroll={{ x: 'max-content' }}
              dataSource={conflicts as StaleConflict[]}
              columns={[
                { key: 'field', title: 'Field', render: (_, c) => decl.fields[c.field]?.label ?? c.field },
                {
                  key: 'mine',
                  title: 'Your value',
                  render: (_, c) => (
                    <span data-testid={`mine-${c.field}`}>
                      <FieldValue field={decl.fields[c.field]} value={c.mine} />
                    </span>
                  ),
                },
                {
                  key: 'theirs',
                  title: 'Saved meanwhile',
                  render: (_, c) => (
                    <span data-testid={`theirs-${c.field}`}>
                      <FieldValue field={decl.fields[c.field]} value={c.theirs} />
                    </span>
                  ),
                },
                {
                  key: 'keep',
                  title: 'Keep',
                  render: (_, c) => (
                    <Radio.Group
                      aria-label={`Value to keep for ${decl.fields[c.field]?.label ?? c.field}`}
                      data-testid={`choose-${c.field}`}
                      value={choices[c.field] ?? 'mine'}
                      onChange={(e) => onChoose(c, e.target.value as Choice)}
                      options={[
                        { value: 'mine', label: 'Mine' },
                        { value: 'theirs', label: 'Theirs' },
                      ]}
                    />
                  ),
                },
              ]}
            />
          )}
        </>
      }
    />
  );
}
