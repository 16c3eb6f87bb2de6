/**
 * A collapsed "Technical details" panel shown to staff only (TECHNICAL_DETAILS_RULE):
 * route paths, scopes, the API host: what support asks for, noise to everyone else.
 */
import { Collapse } from 'antd';
import { useAtomValue } from 'jotai';
import { TECHNICAL_DETAILS_RULE, can } from '../../shared/access';
import { principalAtom } from '../lib/store';

export function TechnicalDetails({ children }: { children: React.ReactNode }) {
  const principal = useAtomValue(principalAtom);
  if (!can(principal, TECHNICAL_DETAILS_RULE)) return null;
  return (
    <Collapse
      className="technical-details"
      data-testid="technical-details"
      items={[{ key: 'technical', label: 'Technical details', children }]}
    />
  );
}
