/** Side navigation: the areas this user may open, grouped, from the resources list. */
import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { principalAtom } from '../../lib/store';
import { navSections, resourceFor } from '../../lib/navigation';

export function SideNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const principal = useAtomValue(principalAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo<MenuProps['items']>(
    () =>
      navSections(principal).flatMap<NonNullable<MenuProps['items']>[number]>((section, i) => {
        const children = section.items.map((r) => ({
          key: r.path,
          icon: r.icon,
          label: (
            <span data-testid={`nav-${r.path}`} data-nav-path={r.path}>
              {r.label}
            </span>
          ),
        }));
        // Collapsed to icons, groups become thin dividers instead of empty title rows.
        if (collapsed) return [...(i > 0 ? [{ type: 'divider' as const, key: `divider-${section.group}` }] : []), ...children];
        return [{ type: 'group' as const, key: section.group, label: section.group, children }];
      }),
    [principal, collapsed],
  );
  const selected = resourceFor(pathname)?.path;
  return (
    <nav aria-label="Main navigation" className="side-nav">
      <Menu
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={selected ? [selected] : []}
        items={items}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
