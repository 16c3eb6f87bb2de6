/** The active brand; a switch where the user holds both brands (spec §6). */
import { useState } from 'react';
import { App, Select, Tag } from 'antd';
import { useAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { brandName } from '../../lib/brands';
import { bridge } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { authAtom } from '../../lib/store';
import { HOME_PATH } from '../../lib/areas';

export function BrandSwitch() {
  const [auth, dispatch] = useAtom(authAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const user = auth.user;
  if (!user?.brand) return null;
  if (user.brands.length < 2) {
    return <Tag className="brand-tag" data-testid="brand">{brandName(user.brand)}</Tag>;
  }
  const onChange = async (brand: string) => {
    setBusy(true);
    try {
      const next = await bridge.sessionSwitchBrand({ brand });
      dispatch({ type: 'REFRESH_USER', user: next });
      // Everything cached was fetched for the other brand.
      queryClient.removeQueries();
      navigate(HOME_PATH);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
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
