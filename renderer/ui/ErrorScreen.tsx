/**
 * The error screen of spec §2/§8: status, message, friendly text by status, 'Take Me
 * Back' when enabled, and for statuses of 500 and above (500 is "logged" in §8) or a
 * missing status, the logged text and a link to contact product support.
 */
import { Button, Result } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { LOGGED_TEXT, TAKE_ME_BACK, friendlyStatusText } from '../../shared/messages';
import { UI_TEXT } from '../../shared/ui-texts';

export interface ErrorScreenProps {
  status?: number;
  message?: string;
  /** Show 'Take Me Back' (goes back one step in history). */
  takeMeBack?: boolean;
  title?: string;
}

export function isLoggedStatus(status: number | undefined): boolean {
  return status === undefined || status >= 500;
}

const RESULT_STATUS: Record<number, '403' | '404' | '500'> = { 403: '403', 404: '404', 500: '500' };

/** React Router keeps the history index in history.state.idx. */
function canGoBack(): boolean {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : window.history.length > 1;
}

export function ErrorScreen({ status, message, takeMeBack = true, title }: ErrorScreenProps) {
  const navigate = useNavigate();
  const friendly = friendlyStatusText(status);
  const logged = isLoggedStatus(status);
  return (
    <div className="error-screen" role="alert" data-testid="error-screen">
      <Result
        status={(status !== undefined && RESULT_STATUS[status]) || (logged ? '500' : 'warning')}
        title={
          <h1 className="result-heading" data-testid="error-status">
            {status !== undefined ? `Error ${status}` : 'Error'}
            {title && <span className="error-screen__title"> · {title}</span>}
          </h1>
        }
        subTitle={
          <div className="error-screen__text">
            <p className="error-screen__friendly">{friendly}</p>
            {message && message !== friendly && (
              <p className="error-screen__message" data-testid="error-message">
                {message}
              </p>
            )}
            {logged && (
              <p className="error-screen__logged">
                {LOGGED_TEXT} <Link to={UI_TEXT.supportPath}>{UI_TEXT.contactSupport}</Link>
              </p>
            )}
          </div>
        }
        extra={
          takeMeBack ? (
            <Button
              type="primary"
              onClick={() => {
                if (canGoBack()) navigate(-1);
                else navigate('/');
              }}
            >
              {TAKE_ME_BACK}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
