import type { ReactNode } from 'react';

/** A labelled form control with its error line; the control is the child, with id `id`. */
export function Field({ id, label, error, required, hint, children, wide }: { id: string; label: string; error?: string; required?: boolean; hint?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`sk-field${wide ? ' sk-field--wide' : ''}`}>
      <label htmlFor={id}>
        {required ? <span className="sk-field__star" aria-hidden="true">*</span> : null}
        {label}
      </label>
      {children}
      {hint ? <p className="sk-field__hint">{hint}</p> : null}
      {error ? (
        <p className="sk-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes that tie a control to its error line. */
export const invalid = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
