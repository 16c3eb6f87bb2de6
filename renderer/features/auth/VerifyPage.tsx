/** /auth/verify: the identity provider came back with a code; main exchanges it. */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Spin } from 'antd';
import { useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../shared/messages';
import { UI_TEXT } from '../../../shared/ui-texts';
import { bridge } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { authAtom } from '../../lib/store';
import { AuthFrame } from '../../ui/AuthFrame';
import { takeReturnTo } from './return-to';

export default function VerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useSetAtom(authAtom);
  const code = params.get('code');
  const state = params.get('state');
  // Without a code and state there is nothing to exchange: that is already a failure.
  const missing = !code || !state ? (params.get('error_description') ?? MSG.authorizationFailed) : undefined;
  const [exchangeError, setError] = useState<string | undefined>(undefined);
  const error = missing ?? exchangeError;
  const started = useRef(false);

  useEffect(() => {
    // A code is single-use: exchange it once, even under StrictMode's double effects.
    if (started.current || !code || !state) return;
    started.current = true;
    bridge
      .sessionCompleteSignIn({ code, state })
      .then((user) => {
        dispatch({ type: 'REFRESH_USER', user });
        navigate(takeReturnTo(), { replace: true });
      })
      .catch((e: unknown) => setError(errorText(e) || MSG.authorizationFailed));
  }, [code, state, dispatch, navigate]);

  return (
    <AuthFrame>
      <Card className="auth-card" variant="borderless">
        {error ? (
          <>
            <Alert
              type="error"
              showIcon
              title={MSG.authorizationFailed}
              description={error !== MSG.authorizationFailed ? error : undefined}
              data-testid="auth-error"
            />
            <Button
              type="primary"
              block
              className="auth-card__retry"
              onClick={() => {
                navigate('/auth', { replace: true });
              }}
            >
              {UI_TEXT.signIn}
            </Button>
          </>
        ) : (
          <div className="auth-card__progress" role="status">
            <Spin /> <span>Verifying your sign-in…</span>
          </div>
        )}
      </Card>
    </AuthFrame>
  );
}
