import { useState } from 'react';
import { LoginDialog } from '@zp/ui';
import { LauncherButton } from './LauncherButton.js';

/** A partner page's visitor: the same button, opening the widgets' one login form (@zp/ui). */
export function VisitorLauncher({ siteOrigin, onLoggedIn }: { siteOrigin: string; onLoggedIn: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="zp-chat">
      <LauncherButton open={open} onClick={() => setOpen((o) => !o)} />
      <LoginDialog open={open} title="登录后在线沟通" siteOrigin={siteOrigin} onClose={() => setOpen(false)} onLoggedIn={onLoggedIn} />
    </div>
  );
}
