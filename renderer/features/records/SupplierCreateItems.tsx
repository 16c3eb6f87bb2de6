/**
 * The first contact and contract of a new supplier on /create (spec §5 "Supplier needs at
 * least one contact and one contract", which POST /v4/catalog/suppliers/ holds too): the
 * supplier items' own forms (./SupplierItemsTab), checked with the API's body schemas
 * before sending; a form left empty is the §5 message, a form begun is checked field by
 * field. The server's 400 lands the same way (`contacts.0.country_id` under the contact's
 * Country, `contacts` as the §5 message).
 */
import { Alert, Card, Space } from 'antd';
import { MSG } from '../../../shared/messages';
import { CONTACT_ITEMS, CONTRACT_ITEMS } from '../../../shared/records';
import { ItemForm, itemDraft, itemValues } from './SupplierItemsTab';

type Values = Record<string, unknown>;
type Errors = Record<string, string>;
const PARTS = { contact: CONTACT_ITEMS, contract: CONTRACT_ITEMS } as const;
type Part = keyof typeof PARTS;

export interface FirstItems {
  readonly contact: Values;
  readonly contract: Values;
}
export interface FirstItemErrors {
  readonly contact: Errors;
  readonly contract: Errors;
  /** The §5 message when a part was left empty. */
  readonly rule?: string;
}

export const emptyFirstItems = (): FirstItems => ({ contact: itemValues(PARTS.contact, null), contract: itemValues(PARTS.contract, null) });

const untouched = (part: Part, v: Values) => JSON.stringify(v) === JSON.stringify(emptyFirstItems()[part]);

/** The create body's `contacts` and `contracts`, or the errors to show. */
export function firstItemsDraft(v: FirstItems): { contacts: Values[]; contracts: Values[] } | { errors: FirstItemErrors } {
  const out: Record<Part, Values | null> = { contact: null, contract: null };
  const errors: Record<Part, Errors> = { contact: {}, contract: {} };
  let rule: string | undefined;
  for (const part of ['contact', 'contract'] as const) {
    if (untouched(part, v[part])) {
      rule = MSG.supplierNeedsContactAndContract;
      continue;
    }
    const d = itemDraft(PARTS[part], null, v[part]);
    if ('errors' in d) errors[part] = d.errors;
    else out[part] = d.body;
  }
  if (rule || !out.contact || !out.contract) return { errors: { ...errors, rule } };
  return { contacts: [out.contact], contracts: [out.contract] };
}

/** The server's 400 of a create, by part: `contacts.0.x` under the contact's field x; `contacts`/`contracts` as the §5 message. */
export function firstItemServerErrors(body: Readonly<Record<string, readonly string[]>>): FirstItemErrors {
  const errors: Record<Part, Errors> = { contact: {}, contract: {} };
  let rule: string | undefined;
  for (const [k, messages] of Object.entries(body)) {
    const m = /^(contact|contract)s(?:\.\d+\.(\w+))?$/.exec(k);
    if (!m) continue;
    if (m[2]) errors[m[1] as Part][m[2]] = messages.join(' ');
    else rule = messages.join(' ');
  }
  return { ...errors, rule };
}

export function SupplierFirstItems({
  value,
  errors,
  onChange,
}: {
  value: FirstItems;
  errors: FirstItemErrors;
  onChange: (v: FirstItems) => void;
}) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', marginBottom: 16 }} data-testid="supplier-first-items">
      {errors.rule && <Alert type="error" showIcon title={errors.rule} data-testid="supplier-items-rule" />}
      {(['contact', 'contract'] as const).map((part) => (
        <Card
          key={part}
          size="small"
          title={part === 'contact' ? 'First Contact' : 'First Contract'}
          data-testid={`supplier-first-${part}`}
        >
          <ItemForm
            decl={PARTS[part]}
            owner={{}}
            values={value[part]}
            errors={errors[part]}
            onChange={(v) => onChange({ ...value, [part]: v })}
          />
        </Card>
      ))}
    </Space>
  );
}
