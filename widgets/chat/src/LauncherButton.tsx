import type { RefObject } from 'react';

/** The floating button, for people logged in (with the badge) and for a partner page's visitor. */
export function LauncherButton({ open, badge, onClick, buttonRef }: { open: boolean; badge?: string; onClick: () => void; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  return (
    <button type="button" className="launcher" aria-label="消息" aria-expanded={open} onClick={onClick} ref={buttonRef}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
      {badge && <span className="badge" data-testid="chat-badge">{badge}</span>}
    </button>
  );
}
