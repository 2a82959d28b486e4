import type { ButtonHTMLAttributes, Ref } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'danger' | 'text';
  size?: 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner and blocks further clicks while an action runs. */
  loading?: boolean;
  /** React 19 passes ref as a prop. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'default', size = 'md', block, loading, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  const classes = ['zp-btn', `zp-btn--${variant}`, size === 'lg' && 'zp-btn--lg', block && 'zp-btn--block', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="zp-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
