import type { ReactNode } from 'react';

export type StateTone = 'primary' | 'success' | 'warning' | 'danger' | 'info';

/**
 * A state (an application's 邀请面试, a job's 招聘中, a fair's 进行中): a small tinted label, never
 * shaped like a button, so nobody takes it for an action. One look for every state on the site.
 */
export function StateTag({ tone = 'info', children, testId }: { tone?: StateTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`zp-state zp-state--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
