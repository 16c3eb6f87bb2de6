/**
 * The main app shell: side navigation (collapsed state persisted; an overlay drawer
 * on phones), header with search, environment, downloads, brand and user, and the screen.
 * The viewport class of §2 is set on the root element and drives the layout. The screen
 * is mounted afresh for each area and each brand (what it holds was the other brand's).
 * Skip links to the content and the search are the first Tab stops (after a navigation focus
 * goes to the page announcer just before them, see ./focus); Ctrl+K opens the command palette.
 */
import { useState } from 'react';
import { Button, Drawer, Layout } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useAtom, useAtomValue } from 'jotai';
import { Outlet, useLocation } from 'react-router-dom';
import { authAtom, drawerAtom } from '../../lib/store';
import { BrandSwitch } from './BrandSwitch';
import { DownloadsPanel } from '../../features/exports/DownloadsPanel';
import { EnvironmentTag } from './EnvironmentTag';
import { GlobalSearch } from './GlobalSearch';
import { Logo } from '../../ui/Logo';
import { PaletteHost } from '../palette/PaletteHost';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';
import { isMobile, useViewportClass } from '../../ui/useViewport';
import {
  MAIN_ID,
  PAGE_ANNOUNCER_ID,
  SEARCH_INPUT_ID,
  focusElement,
  useAnnouncePageOnNavigate,
  useScrollableTablesFocusable,
} from './focus';

/** A skip link: the first Tab stops of the page, shown when focused; moves focus without touching the address. */
function SkipLink({ target, children }: { target: string; children: string }) {
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(e) => {
        e.preventDefault();
        focusElement(document.getElementById(target));
      }}
    >
      {children}
    </a>
  );
}

export default function ShellLayout() {
  const vp = useViewportClass();
  const mobile = isMobile(vp);
  const [drawer, setDrawer] = useAtom(drawerAtom);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  useAnnouncePageOnNavigate();
  useScrollableTablesFocusable();
  const brand = useAtomValue(authAtom).user?.brand;
  // Tablet portrait is narrow: the drawer shows icons only unless opened for this visit.
  const [tabletExpanded, setTabletExpanded] = useState(false);
  const tabletPortrait = vp === 'tablet-portrait';
  const collapsed = tabletPortrait ? !tabletExpanded : drawer.collapsed;
  const toggle = () => (tabletPortrait ? setTabletExpanded(!tabletExpanded) : setDrawer({ collapsed: !collapsed }));

  return (
    <Layout className={`shell vp-${vp}`} data-viewport={vp}>
      {/* Filled and focused by useAnnouncePageOnNavigate: the page's title, read out; not a Tab stop. */}
      <p id={PAGE_ANNOUNCER_ID} className="sr-only" tabIndex={-1} data-testid="page-announcer" />
      <div className="skip-links">
        <SkipLink target={MAIN_ID}>Skip to main content</SkipLink>
        <SkipLink target={SEARCH_INPUT_ID}>Skip to search</SkipLink>
      </div>
      {!mobile && (
        <Layout.Sider className="shell__sider" width={232} collapsedWidth={72} collapsed={collapsed} trigger={null} collapsible>
          <Logo collapsed={collapsed} light />
          <SideNav collapsed={collapsed} />
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer
          placement="left"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          size={264}
          closable={false}
          className="shell__mobile-drawer"
          styles={{ body: { padding: 0, background: '#141629' } }}
        >
          <Logo light />
          {vp === 'mobile-portrait' && (
            <div className="shell__mobile-brand">
              <BrandSwitch />
            </div>
          )}
          <SideNav collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Layout className="shell__main">
        <Layout.Header className="shell__header">
          <div className="shell__header-left">
            {mobile ? (
              <Button
                type="text"
                aria-label="Open navigation"
                icon={<MenuOutlined />}
                onClick={() => setMobileOpen(true)}
                data-testid="drawer-toggle"
              />
            ) : (
              <Button
                type="text"
                aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={toggle}
                data-testid="drawer-toggle"
              />
            )}
            {mobile && <Logo collapsed={vp === 'mobile-portrait'} />}
            {vp !== 'mobile-portrait' && <GlobalSearch compact={vp === 'mobile-landscape' || tabletPortrait} />}
          </div>
          <div className="shell__header-right">
            <EnvironmentTag />
            <DownloadsPanel />
            {vp !== 'mobile-portrait' && <BrandSwitch />}
            <UserMenu showName={!mobile && !tabletPortrait} />
          </div>
        </Layout.Header>
        {vp === 'mobile-portrait' && (
          <div className="shell__subheader">
            <GlobalSearch compact />
          </div>
        )}
        <Layout.Content className="shell__content" id={MAIN_ID} tabIndex={-1} key={`${pathname.split('/')[1]} ${brand}`}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <PaletteHost />
    </Layout>
  );
}
