/** "Statements" on a supplier's or a label's record page: opens /statements for it, for whoever may open /statements. */
import { Button } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { AREA_RULES, can } from '../../../shared/access';
import { principalAtom } from '../../lib/store';

export function hasStatements(type: string): type is 'suppliers' | 'labels' {
  return type === 'suppliers' || type === 'labels';
}

export function StatementsLink({ type, id }: { type: 'suppliers' | 'labels'; id: number }) {
  const principal = useAtomValue(principalAtom);
  const navigate = useNavigate();
  if (!can(principal, AREA_RULES['/statements'])) return null;
  const to = type === 'suppliers' ? `/statements?supplier=${id}` : `/statements?label=${id}`;
  return (
    <Button
      icon={<FileTextOutlined />}
      onClick={() => {
        navigate(to);
      }}
      data-testid="record-statements-link"
    >
      Statements
    </Button>
  );
}
