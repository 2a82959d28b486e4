import { useRef, type KeyboardEvent } from 'react';

type Who = 'qz' | 'hr';
const LABEL: Record<Who, string> = { qz: '求职者', hr: '企业HR' };

/** The 求职者 / 企业HR choice of the register and password pages: a radio group (arrow keys move). */
export function RoleSwitch({ value, onChange, label }: { value: Who; onChange: (w: Who) => void; label: string }) {
  const refs = useRef<Record<Who, HTMLButtonElement | null>>({ qz: null, hr: null });
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
    e.preventDefault();
    const next: Who = value === 'qz' ? 'hr' : 'qz';
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="login-tabs" role="radiogroup" aria-label={label}>
      {(['qz', 'hr'] as const).map((w) => (
        <button
          key={w}
          ref={(el) => {
            refs.current[w] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === w}
          tabIndex={value === w ? 0 : -1}
          className="login-tabs__tab"
          onClick={() => onChange(w)}
          onKeyDown={onKey}
        >
          {LABEL[w]}
        </button>
      ))}
    </div>
  );
}
