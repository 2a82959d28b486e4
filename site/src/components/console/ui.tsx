/**
 * Small building blocks of the enterprise centre and the operator console: labelled fields,
 * selects fed by the code tables, tabs, tags, status blocks. Styles in console.css.
 */
import { useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Dialog } from '@zp/ui';
import EmptyState from '../common/EmptyState';
import Pagination from '../common/Pagination';
import type { Option } from './codes';
import './console.css';
import type { StateTone } from '@zp/ui';
import { badgeText } from '@zp/core/rules/badge';

export function Field({ label, required, error, hint, children, wide, htmlFor }: { label: string; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode; wide?: boolean; htmlFor?: string }) {
  return (
    <div className={`hr-field${wide ? ' hr-field--wide' : ''}`}>
      {/* The asterisk stays outside the label, so the field's accessible name is the label alone. */}
      <div className="hr-field__head">
        {required ? (
          <span className="hr-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
        <label className="hr-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      </div>
      <div className="hr-field__control">{children}</div>
      {error ? (
        <p className="hr-field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="hr-field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

interface SelectProps {
  id?: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  /** the empty choice's text; no empty choice when left out */
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  label?: string;
}

export function Select({ id, value, options, onChange, placeholder, disabled, invalid, label }: SelectProps) {
  return (
    <select
      id={id}
      className="hr-input"
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-label={label}
      onChange={(e) => onChange(e.target.value)}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export interface TabItem<K extends string> {
  key: K;
  label: string;
  count?: number;
}

/** Tabs with arrow-key movement (WAI-ARIA tabs pattern); the panel is the caller's. */
export function Tabs<K extends string>({ items, active, onChange, label }: { items: TabItem<K>[]; active: K; onChange: (k: K) => void; label: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + items.length) % items.length;
    onChange(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div className="hr-tabs" role="tablist" aria-label={label}>
      {items.map((t, i) => (
        <button
          key={t.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          className="hr-tabs__tab"
          aria-selected={t.key === active}
          tabIndex={t.key === active ? 0 : -1}
          onClick={() => onChange(t.key)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {t.label}
          {t.count ? <span className="hr-tabs__count">{badgeText(t.count)}</span> : null}
        </button>
      ))}
    </div>
  );
}

/** States in the HR centre are the site's one state label (@zp/ui StateTag). */
export { StateTag as Tag } from '@zp/ui';
export type Tone = StateTone;

/** A coloured notice box (approval state, rules, warnings). */
export function Notice({ tone = 'info', title, children, action }: { tone?: Tone; title?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={`hr-notice hr-notice--${tone}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}>
      <div className="hr-notice__body">
        {title ? <p className="hr-notice__title">{title}</p> : null}
        {children ? <div className="hr-notice__text">{children}</div> : null}
      </div>
      {action ? <div className="hr-notice__action">{action}</div> : null}
    </div>
  );
}

/** What a list area shows: loading, the error with a retry, empty, or the content. */
export function ListState({ loading, error, empty, emptyText, onRetry, children }: { loading: boolean; error: string | null; empty: boolean; emptyText?: string; onRetry?: () => void; children: ReactNode }) {
  if (error)
    return (
      <div className="hr-state" role="alert">
        <p>{error}</p>
        {onRetry ? <Button onClick={onRetry}>重新加载</Button> : null}
      </div>
    );
  if (loading && empty)
    return (
      <div className="hr-state" role="status">
        <span className="zp-spinner" aria-hidden="true" /> 加载中…
      </div>
    );
  if (empty) return <EmptyState text={emptyText ?? '暂无数据'} />;
  return <div className={loading ? 'hr-list is-loading' : 'hr-list'}>{children}</div>;
}

/** A labelled figure of an overview. */
export function Stat({ label, value, href, tone }: { label: string; value: ReactNode; href?: string; tone?: Tone }) {
  const body = (
    <>
      <span className={`hr-stat__value${tone ? ` hr-stat__value--${tone}` : ''}`}>{value}</span>
      <span className="hr-stat__label">{label}</span>
    </>
  );
  return href ? (
    <a className="hr-stat" href={href}>
      {body}
    </a>
  ) : (
    <div className="hr-stat">{body}</div>
  );
}

/** Definition list of label/value pairs (details blocks). */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="hr-facts">
      {items.map(([k, v]) => (
        <div key={k} className="hr-facts__row">
          <dt>{k}</dt>
          <dd>{v === '' || v === null || v === undefined ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The pager under a list, once its first page arrived. */
export function ListPager({ page, onChange, loading }: { page: { currPage: number; totalPage: number; totalCount: number } | null | undefined; onChange: (page: number) => void; loading: boolean }) {
  if (!page) return null;
  return (
    <div className="hr-pager">
      <Pagination page={page.currPage} totalPage={page.totalPage} totalCount={page.totalCount} onChange={onChange} disabled={loading} />
    </div>
  );
}

/**
 * The console's edit dialog: a form in a dialog, closed by 取消, sent by one button (保存 unless
 * said otherwise; `danger` for a refusal such as 驳回 or 下架), disabled while `blocked`.
 */
export function FormDialog({ title, width, onClose, onSubmit, blocked, single, submitText = '保存', danger, children }: {
  title: string;
  width: number;
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  blocked: boolean;
  /** one column of fields */
  single?: boolean;
  submitText?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open title={title} onClose={onClose} width={width}>
      <form className={single ? 'hr-form hr-form--single' : 'hr-form'} onSubmit={onSubmit} noValidate>
        {children}
        <div className="hr-form__actions" style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={blocked}>
            {submitText}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A list filter's setter that also goes back to the list's first page. */
export const resettingPage =
  <T,>(set: (value: T) => void, setPage: (page: number) => void) =>
  (value: T) => {
    set(value);
    setPage(1);
  };
