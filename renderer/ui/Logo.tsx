/** The console's mark and name. */
import { UI_TEXT } from '../../shared/ui-texts';

export function Logo({ collapsed = false, light = false }: { collapsed?: boolean; light?: boolean }) {
  return (
    <div className={`logo${light ? ' logo--light' : ''}`}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 20.5V12M13.5 23V9M18 19.5V13M22.5 21.5V10.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      {!collapsed && <span className="logo__name">{UI_TEXT.productName}</span>}
    </div>
  );
}
