/**
 * Views shared with the team (issue 18) on a search screen: the views shared with the
 * user's role on the active brand (the role's default first, and opened by itself on a
 * bare search of the type), sharing the current one with a role (another role and the
 * role's default: admin only), its link to copy, and a pasted link (`?view=<id>`) opened.
 * What the user may not use was dropped by the API and is named in a note (a link never
 * widens access).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { LinkOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { SHARED_VIEWS_RULE, STAFF_ROLES, can, type StaffRole } from '../../../shared/access';
import { sharedViewEndpoints } from '../../../shared/api/endpoints/shared-views';
import { droppedNote, type SharedView } from '../../../shared/search';
import { fetchData, endpointQueryWhen } from '../../lib/api';
import { errorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';

export const ROLE_LABEL: Record<StaffRole, string> = {
  'staff:admin': 'Admin',
  'staff:content_ops': 'Content Ops',
  'staff:curation': 'Curation',
  'staff:marketing': 'Marketing',
  'staff:label_mgmt': 'Label Management',
  'staff:support': 'Support',
  'staff:finance': 'Finance',
};

/** The link of a shared view: this screen's path with `type` and `view`. */
export const sharedViewLink = (origin: string, pathname: string, v: Pick<SharedView, 'id' | 'type'>) =>
  `${origin}${pathname}?type=${encodeURIComponent(v.type)}&view=${v.id}`;

interface Current {
  filters: Record<string, string>;
  columns: string[];
  orderBy: string | null;
}

export function SharedViewsControl({
  type,
  current,
  bare,
  onApply,
}: {
  type: string;
  current: Current;
  bare: boolean;
  onApply: (v: SharedView) => void;
}) {
  const principal = useAtomValue(principalAtom);
  const allowed = can(principal, SHARED_VIEWS_RULE);
  const admin = principal.scopes.includes('staff:admin');
  const myRole = STAFF_ROLES.find((r) => principal.scopes.includes(r));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | undefined>();
  const [note, setNote] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [draft, setDraft] = useState<{ name: string; role: StaffRole | undefined; isDefault: boolean }>({
    name: '',
    role: myRole,
    isDefault: false,
  });
  const queryKey = ['shared-views', principal.brand, type];
  const list = useQuery({ queryKey, queryFn: () => fetchData(sharedViewEndpoints.list, { query: { type } }), enabled: allowed });
  const views = list.data?.results ?? [];

  const open = (v: SharedView) => {
    setChosen(v.id);
    setNote(droppedNote(v.dropped));
    onApply(v);
  };

  const defaulted = useRef<string | null>(null);
  // A pasted link: open the view it names (404: not shared with this user).
  const linked = Number(params.get('view')) || null;
  const byLink = useQuery(endpointQueryWhen(sharedViewEndpoints.get, allowed && linked !== null ? { params: { id: linked } } : null));
  useEffect(() => {
    if (byLink.data && byLink.data.type === type) {
      // A view opened by link is not replaced by the role's default.
      defaulted.current = type;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the view a link names arrived: it replaces the search's state
      open(byLink.data);
    }
    // Once per opened link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byLink.data]);

  // The role's default opens on a bare search of the type (once per type).
  useEffect(() => {
    const d = views.find((v) => v.is_default);
    if (!d || !bare || linked !== null || defaulted.current === type) return;
    defaulted.current = type;
    open(d);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, bare, type]);

  const share = useMutation({
    mutationFn: () =>
      fetchData(sharedViewEndpoints.create, {
        body: {
          type,
          name: draft.name,
          filters: current.filters,
          columns: current.columns,
          order_by: current.orderBy,
          role: draft.role!,
          is_default: admin ? draft.isDefault : undefined,
        },
      }),
    onSuccess: (v) => {
      void queryClient.invalidateQueries({ queryKey });
      setChosen(v.id);
      setSharing(false);
      void message.success(`View shared with ${ROLE_LABEL[v.role as StaffRole] ?? v.role}`);
    },
  });

  if (!allowed) return null;
  const active = views.find((v) => v.id === chosen);
  const copy = async (v: SharedView) => {
    const link = sharedViewLink(window.location.origin, window.location.pathname, v);
    try {
      await navigator.clipboard.writeText(link);
      void message.success('Link copied');
    } catch {
      void message.info({ content: `Link: ${link}`, duration: 10 });
    }
  };

  return (
    <>
      <Space.Compact>
        <Select
          aria-label="Team views"
          data-testid="team-views"
          placeholder="Team views"
          style={{ width: 200 }}
          virtual={false}
          value={active?.id}
          onChange={(id: number) => {
            const v = views.find((x) => x.id === id);
            if (v) open(v);
          }}
          options={views.map((v) => ({ value: v.id, label: v.is_default ? `${v.name} (default)` : v.name }))}
          notFoundContent="No team views"
        />
        {active && (
          <Button
            icon={<LinkOutlined />}
            aria-label="Copy link to team view"
            data-testid="team-view-link"
            onClick={() => void copy(active)}
          />
        )}
        <Button
          icon={<TeamOutlined />}
          data-testid="share-view"
          onClick={() => {
            share.reset();
            setDraft({ name: '', role: myRole, isDefault: false });
            setSharing(true);
          }}
        >
          Share view
        </Button>
      </Space.Compact>
      {(note || byLink.isError) && (
        <Alert
          type={byLink.isError ? 'error' : 'info'}
          showIcon
          closable
          data-testid="team-view-note"
          style={{ width: '100%' }}
          title={byLink.isError ? 'This view is not shared with you.' : note}
          onClose={() => setNote(null)}
        />
      )}
      <Modal
        title="Share view with the team"
        open={sharing}
        okText="Share"
        onOk={() => share.mutate()}
        confirmLoading={share.isPending}
        onCancel={() => setSharing(false)}
        okButtonProps={{ disabled: !draft.name.trim() || !draft.role }}
      >
        <Form layout="vertical" component="div">
          <Form.Item label="Name" htmlFor="team-view-name">
            <Input
              id="team-view-name"
              maxLength={100}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              data-testid="team-view-name"
            />
          </Form.Item>
          <Form.Item label="Shared with" htmlFor="team-view-role">
            <Select
              id="team-view-role"
              virtual={false}
              disabled={!admin}
              value={draft.role}
              onChange={(role: StaffRole) => setDraft({ ...draft, role })}
              options={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
            />
          </Form.Item>
          {admin && (
            <Checkbox
              checked={draft.isDefault}
              onChange={(e) => setDraft({ ...draft, isDefault: e.target.checked })}
              data-testid="team-view-default"
            >
              The role&apos;s default view of this search
            </Checkbox>
          )}
          {share.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorText(share.error)} />}
        </Form>
      </Modal>
    </>
  );
}
