/** /logout: revokes the session in main, clears the session's search filters, resets the auth state and the cache, back to /auth. */
import { useEffect, useRef } from 'react';
import { Card, Spin } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { bridge } from '../../lib/bridge';
import { authAtom, preferencesAtom } from '../../lib/store';
import { AuthFrame } from '../../ui/AuthFrame';

export default function LogoutPage() {
  const dispatch = useSetAtom(authAtom);
  const dispatchPrefs = useSetAtom(preferencesAtom);
  const userId = useAtomValue(authAtom).user?.userId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    bridge
      .sessionSignOut({})
      .catch(() => {
        // The session may already be gone (a 401 brought us here): clear locally anyway.
      })
      .finally(() => {
        // The session's search filters end with it (issue 12); saved views and columns stay.
        if (userId !== undefined) dispatchPrefs({ type: 'CLEAR_FILTERS', userId });
        dispatch({ type: 'LOGOUT' });
        queryClient.clear();
        navigate('/auth', { replace: true });
      });
  }, [dispatch, dispatchPrefs, userId, queryClient, navigate]);

  return (
    <AuthFrame>
      <Card className="auth-card" variant="borderless">
        <div className="auth-card__progress" role="status">
          <Spin /> <span>Signing out…</span>
        </div>
      </Card>
    </AuthFrame>
  );
}
