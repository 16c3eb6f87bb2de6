/** The signed-in user in the header, with account, help and sign out. */
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { UI_TEXT } from '../../../shared/ui-texts';
import { authAtom } from '../../lib/store';

export function initials(name: string): string {
  const parts = name
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

export function UserMenu({ showName }: { showName: boolean }) {
  const { user } = useAtomValue(authAtom);
  const navigate = useNavigate();
  if (!user) return null;
  const name = user.displayName || user.username;
  const items: MenuProps['items'] = [
    {
      key: 'who',
      label: (
        <div className="user-menu__who">
          <strong>{name}</strong>
          <div>{user.username}</div>
        </div>
      ),
      disabled: true,
    },
    { type: 'divider' },
    { key: '/account', icon: <UserOutlined />, label: 'Account' },
    { key: '/help', icon: <QuestionCircleOutlined />, label: 'Help' },
    { type: 'divider' },
    { key: '/logout', icon: <LogoutOutlined />, label: <span data-testid="sign-out">{UI_TEXT.signOut}</span>, danger: true },
  ];
  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key }) => {
          navigate(key);
        },
      }}
      trigger={['click']}
      placement="bottomRight"
    >
      {/* Its accessible name is the name it shows (WCAG 2.5.3): the initials are decoration, and where
          the name does not fit (phones, tablets) it is still there for screen readers. */}
      <button type="button" className="user-button" data-testid="user-menu">
        <Avatar size={32} className="user-button__avatar" aria-hidden>
          {initials(name)}
        </Avatar>
        <span className={showName ? 'user-button__name' : 'sr-only'} data-testid={showName ? 'user-name' : undefined}>
          {name}
        </span>
      </button>
    </Dropdown>
  );
}
