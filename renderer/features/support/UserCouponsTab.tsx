/**
 * A user's Coupons tab (spec §2 "User detail: … coupon"): the coupons of the active brand
 * given to the user, and for coupon writers (admin, support, marketing) assigning one by its
 * code. A global coupon is every user's already and is refused (giving it to one user would
 * take it from the others).
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space, Table } from 'antd';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { allOf, can, searchType, writeRouteRule } from '../../../shared/access';
import { AssignCouponBody, userEndpoints, type UserCoupon } from '../../../shared/api/endpoints';
import { recordRoute } from '../../../shared/records';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText, validationErrorsOf } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { ListSkeleton } from '../../ui/ListState';
import { LoadError } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';
import '../../ui/order-table.css';

const couponsKey = (id: number) => ['users', id, 'coupons'] as const;

export default function UserCouponsTab({ id }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const mayRead = can(principal, allOf(searchType('users')!.rule, searchType('coupons')!.rule));
  const mayAssign = can(principal, allOf(searchType('users')!.rule, writeRouteRule('coupons')));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({ queryKey: couponsKey(id), queryFn: () => fetchData(userEndpoints.coupons, { params: { id } }), enabled: mayRead });
  const assign = useMutation({
    mutationFn: (body: AssignCouponBody) => call(userEndpoints.assignCoupon, { params: { id }, body }),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: couponsKey(id) });
      setCode('');
      void message.success(`Coupon ${r.data.code} assigned`);
    },
    onError: (e) => setError(validationErrorsOf(e)?.code?.[0] ?? bodyErrorText(e)),
  });
  const submit = () => {
    const r = AssignCouponBody.safeParse({ code });
    if (!r.success) return setError(r.error.issues[0]?.message ?? null);
    setError(null);
    assign.mutate(r.data);
  };

  if (!mayRead) return <Alert type="info" showIcon title="Coupons are shown to those who read coupons." />;
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  return (
    <div data-testid="user-coupons">
      {mayAssign && (
        <Form layout="vertical" component="div" disabled={assign.isPending}>
          <Space wrap align="end">
            <Form.Item label="Coupon code" htmlFor="assign-coupon-code" validateStatus={error ? 'error' : undefined} help={error}>
              <Input id="assign-coupon-code" value={code} onChange={(e) => setCode(e.target.value)} onPressEnter={submit} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" onClick={submit} loading={assign.isPending} data-testid="assign-coupon">
                Assign coupon
              </Button>
            </Form.Item>
          </Space>
        </Form>
      )}
      {q.data.results.length === 0 ? (
        <Alert type="info" showIcon title="No coupon was given to this user (global coupons are every user's)." />
      ) : (
        <div className="order-table" role="region" aria-label="Coupons" tabIndex={0}>
          <Table<UserCoupon>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={q.data.results}
            data-testid="user-coupons-table"
            columns={[
              { title: 'Code', render: (_, c) => <Link to={recordRoute('coupons', c.id) ?? '/support'}>{c.code}</Link> },
              { title: 'Enabled', render: (_, c) => (c.enabled ? 'Yes' : 'No') },
              { title: 'Users', dataIndex: 'users' },
            ]}
          />
        </div>
      )}
    </div>
  );
}
