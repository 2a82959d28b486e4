import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@zp/ui';

/** Spec section 5/9: a write button is disabled for 1.5 s after a click. */
const CLICK_GUARD_MS = 1500;

/**
 * The duplicate-click guard: `const [blocked, guard] = useClickGuard()`; `onClick={guard(save)}`
 * runs `save` unless a click happened in the last 1.5 s, and `blocked` is true meanwhile (bind it
 * to the button's `disabled`). Use GuardedButton for the common case.
 */
export function useClickGuard(ms = CLICK_GUARD_MS) {
  const [blocked, setBlocked] = useState(false);
  const until = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const guard = useCallback(
    <A extends unknown[]>(fn: (...args: A) => unknown) =>
      (...args: A) => {
        const now = Date.now();
        if (now < until.current) return;
        until.current = now + ms;
        setBlocked(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setBlocked(false), ms);
        void fn(...args);
      },
    [ms],
  );
  return [blocked, guard] as const;
}

/** A Button whose onClick is behind the 1.5 s duplicate-click guard. */
export function GuardedButton({ onClick, disabled, ...rest }: ButtonProps) {
  const [blocked, guard] = useClickGuard();
  return <Button {...rest} disabled={disabled || blocked} onClick={onClick ? guard(onClick) : undefined} />;
}
