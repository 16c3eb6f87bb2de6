/**
 * The active brand; a switch where the user holds both brands (spec §6). With a dirty form
 * open it asks first (the §4 unsaved-changes dialog; Cancel leaves the brand as it was).
 * Switched, it stays in the current area when the new brand opens it, else goes home.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Select, Tag } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { can, principalFrom } from '../../../shared/access';
import { brandName } from '../../lib/brands';
import { bridge } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { authAtom } from '../../lib/store';
import { HOME_PATH } from '../../lib/areas';
import { resourceFor } from '../../lib/navigation';
import type { SessionUser } from '../../../shared/bridge/channels/session';
import { confirmDiscardUnsaved } from '../../ui/useUnsavedChanges';

/**
 * Switching the active brand, for the header's switch and the command palette: asks first
 * over a dirty form, then lands in the current area (or home) before the new brand applies.
 * The component that calls it must stay mounted until the switch has landed.
 */
export function useBrandSwitch(): { switchTo: (brand: string) => void; busy: boolean } {
  const [auth, dispatch] = useAtom(authAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // The switched session, held until the router has left an area the new brand closes (or its
  // guard, seeing the new brand first, would refuse the page before the navigation lands).
  const pending = useRef<{ target: string; user: SessionUser } | null>(null);
  const apply = (next: SessionUser) => {
    dispatch({ type: 'REFRESH_USER', user: next });
    // Everything cached was fetched for the other brand (the screen is mounted afresh for the new one).
    queryClient.removeQueries();
  };
  useEffect(() => {
    if (pending.current?.target !== pathname) return;
    apply(pending.current.user);
    pending.current = null;
  });
  // The switch shows its own failure (message.error): nothing is left to reject.
  const switchTo = (brand: string) => {
    void confirmDiscardUnsaved(async () => {
      setBusy(true);
      try {
        const next = await bridge.sessionSwitchBrand({ brand });
        // The area's root (a record of the other brand is not this brand's), or home when the brand closes the area.
        const area = resourceFor(pathname);
        const stays = area && can(principalFrom(auth.scope, auth.features, next.brand), area.access);
        const target = stays ? area.path : HOME_PATH;
        if (pathname === target) apply(next);
        else {
          pending.current = { target, user: next };
          await navigate(target);
        }
      } catch (error) {
        void message.error(errorText(error));
      } finally {
        setBusy(false);
      }
    });
  };
  return { switchTo, busy };
}

export function BrandSwitch() {
  const user = useAtomValue(authAtom).user;
  const { switchTo: onChange, busy } = useBrandSwitch();
  if (!user?.brand) return null;
  if (user.brands.length < 2) {
    return (
      <Tag className="brand-tag" data-testid="brand">
        {brandName(user.brand)}
      </Tag>
    );
  }
  return (
    <Select
      aria-label="Brand"
      data-testid="brand-switch"
      value={user.brand}
      loading={busy}
      disabled={busy}
      onChange={onChange}
      options={user.brands.map((b) => ({ value: b, label: brandName(b) }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
    />
  );
}
