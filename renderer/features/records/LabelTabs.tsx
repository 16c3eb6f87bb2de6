/**
 * A label's Mappings and Account tabs (spec §3 Label, §4, §7 Labels). Mappings: the
 * supplier label mappings that map a delivered label name to this label (read-only here;
 * they are edited on the supplier's Label Mappings tab). Account: "Account claimed" / "Account
 * not claimed" as §4 words it; for an unclaimed label, whoever hands accounts over
 * (TEMP_ACCOUNT_WRITE_RULE) generates the temporary username and password, shown once.
 */
import { useState } from 'react';
import { Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEMP_ACCOUNT_WRITE_RULE, can } from '../../../shared/access';
import { labelEndpoints, type LabelMappingOfLabel, type TempAccount } from '../../../shared/api/endpoints';
import { recordRoute } from '../../../shared/records';
import { claimedTag } from '../../../shared/search/status';
import { fetchData } from '../../lib/api';
import { principalAtom } from '../../lib/store';
import { confirm } from '../../ui/confirm';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { LoadError, ShownOnce, TAB_TABLE } from './tab-parts';
import type { RecordTabProps } from './tabs';

export function LabelMappingsTab({ id }: RecordTabProps) {
  const q = useQuery({ queryKey: recordKeys.labelMappings(id), queryFn: () => fetchData(labelEndpoints.mappings, { params: { id } }) });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const rows = q.data.results;
  return (
    <div data-testid="label-mappings">
      <Typography.Paragraph type="secondary">
        The label names in suppliers&apos; deliveries that ingestion maps to this label. They are edited on the supplier&apos;s Label
        Mappings tab.
      </Typography.Paragraph>
      {rows.length === 0 ? (
        <Empty description="No supplier maps a delivered label name to this label" />
      ) : (
        <Table<LabelMappingOfLabel>
          {...TAB_TABLE}
          dataSource={rows}
          columns={[
            {
              key: 'supplier',
              title: 'Supplier',
              render: (_, m) => <Link to={`${recordRoute('suppliers', m.supplier_id) ?? '#'}?tab=label-mappings`}>{m.supplier}</Link>,
            },
            { key: 'source', title: 'Label in Deliveries', dataIndex: 'source_label' },
            { key: 'blacklisted', title: 'Blacklisted', render: (_, m) => (m.blacklisted ? <Tag color="red">Blacklisted</Tag> : '—') },
          ]}
        />
      )}
    </div>
  );
}

export function LabelAccountTab({ id, row }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const mayGenerate = can(principal, TEMP_ACCOUNT_WRITE_RULE);
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<TempAccount | null>(null);
  const generate = useMutation({
    mutationFn: () => fetchData(labelEndpoints.tempAccount, { params: { id } }),
    onSuccess: (a) => {
      setShown(a);
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('labels', id) });
    },
  });
  const status = claimedTag(row.claimed);
  const claimed = row.claimed === true;
  const ask = async () => {
    const message = 'A new temporary password replaces the previous one, which stops working at once. Generate it?';
    if (await confirm({ message, theme: 'proceed' })) generate.mutate();
  };
  return (
    <div data-testid="label-account">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'status',
            label: 'Account',
            children: (
              <Tag color={claimed ? 'green' : 'orange'} data-testid="label-account-status">
                {status.text}
              </Tag>
            ),
          },
          ...(shown
            ? [
                {
                  key: 'username',
                  label: 'Temporary Username',
                  children: (
                    <Typography.Text code copyable data-testid="temp-username">
                      {shown.username}
                    </Typography.Text>
                  ),
                },
                { key: 'email', label: 'Email', children: shown.email },
              ]
            : []),
        ]}
      />
      <ShownOnce
        what="password"
        value={shown?.password ?? null}
        testId="temp-password"
        error={generate.error}
        action={!claimed && mayGenerate ? 'Generate temporary username and password' : null}
        pending={generate.isPending}
        onGenerate={() => void ask()}
      />
    </div>
  );
}
