/**
 * /auth: the sign-in entry. Main runs the authorization-code flow with PKCE: in the
 * browser host it answers a redirect to the identity provider's form (which comes
 * back to /auth/verify); in Electron it opens the system browser and answers `done`.
 * A failed guard lands here with 'Authorization failed. Please try again.'.
 */
import { useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { UI_TEXT } from '../../../shared/ui-texts';
import { bridge } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { authAtom } from '../../lib/store';
import type { AuthRouteState } from '../../lib/auth-state';
import { AuthFrame } from '../../ui/AuthFrame';
import { rememberReturnTo, takeReturnTo } from './return-to';

export default function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [auth, dispatch] = useAtom(authAtom);
  const routeState = (location.state ?? {}) as AuthRouteState;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const shown = error ?? routeState.error;

  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // A refused route is not worth returning to; a page that only needed a sign-in is.
      rememberReturnTo(routeState.error ? undefined : routeState.from);
      const result = await bridge.sessionSignIn({});
      if (result.mode === 'redirect') {
        window.location.assign(result.url);
        return;
      }
      dispatch({ type: 'REFRESH_USER', user: result.user });
      navigate(takeReturnTo(), { replace: true });
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  const name = auth.user ? auth.user.displayName || auth.user.username : undefined;
  return (
    <AuthFrame>
      <Card className="auth-card" variant="borderless">
        <Typography.Title level={1} className="auth-card__title">
          {UI_TEXT.signIn}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Use your store account. You will sign in on the identity provider's page and come straight back here.
        </Typography.Paragraph>
        {shown && <Alert type="error" showIcon title={shown} className="auth-card__alert" data-testid="auth-error" />}
        <Button
          type="primary"
          size="large"
          block
          icon={<LoginOutlined />}
          loading={busy}
          onClick={() => void signIn()}
          data-testid="sign-in"
        >
          {UI_TEXT.signIn}
        </Button>
        {name && (
          <Typography.Paragraph type="secondary" className="auth-card__signed-in">
            Signed in as <strong>{name}</strong>. <Link to="/">Back to the console</Link> · <Link to="/logout">{UI_TEXT.signOut}</Link>
          </Typography.Paragraph>
        )}
      </Card>
    </AuthFrame>
  );
}
