/**
 * The confirm dialog itself: title (default 'Confirmation Required'), message, Cancel and
 * the theme's confirm button (focused on open); close button, backdrop and Escape
 * count as cancel; 200 ms fade in and out, then the request is settled and removed.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'antd';
import { CloseOutlined, ExclamationCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { CONFIRM } from '../../shared/messages';
import { MODAL_TRANSITION_MS } from '../../shared/constants';
import { settleConfirm, type OpenConfirm } from './confirm';

export default function ConfirmModal({ request }: { request: OpenConfirm }) {
  const theme = request.theme ?? 'confirm';
  const texts = CONFIRM.themes[theme];
  const [visible, setVisible] = useState(false);
  const closing = useRef(false);
  const okRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `confirm-title-${request.id}`;

  useEffect(() => {
    okRef.current?.focus();
    const frame = requestAnimationFrame(() => setVisible(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const close = (confirmed: boolean) => {
    if (closing.current) return;
    closing.current = true;
    setVisible(false);
    setTimeout(() => settleConfirm(request.id, confirmed), MODAL_TRANSITION_MS);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close(false);
    } else if (e.key === 'Tab') {
      // Keep focus inside the dialog.
      const focusable = dialogRef.current?.querySelectorAll<HTMLElement>('button');
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const Icon = theme === 'delete' ? ExclamationCircleFilled : QuestionCircleFilled;
  return createPortal(
    <div
      className={`confirm-root${visible ? ' confirm-root--visible' : ''}`}
      style={{ transitionDuration: `${MODAL_TRANSITION_MS}ms` }}
      data-testid="confirm-dialog"
      data-theme={theme}
      onKeyDown={onKeyDown}
    >
      <div className="confirm-backdrop" data-testid="confirm-backdrop" onClick={() => close(false)} />
      <div ref={dialogRef} className="confirm-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button type="button" className="confirm-close" aria-label="Close" onClick={() => close(false)}>
          <CloseOutlined />
        </button>
        <div className="confirm-body">
          <Icon className={`confirm-icon confirm-icon--${theme}`} />
          <div>
            <h2 id={titleId} className="confirm-title">
              {request.title ?? CONFIRM.defaultTitle}
            </h2>
            <div className="confirm-message">{request.message}</div>
          </div>
        </div>
        <div className="confirm-footer">
          <Button onClick={() => close(false)}>{texts.cancel}</Button>
          <Button ref={okRef} type="primary" danger={theme === 'delete'} onClick={() => close(true)}>
            {texts.ok}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
