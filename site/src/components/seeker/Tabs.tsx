import { badgeText } from '@zp/core/rules/badge';

/** The tab bar of a seeker-centre list: one button per tab, with its count or its unread badge. */
export function Tabs<K extends string | number>({
  label,
  tabs,
  value,
  onChange,
  counts,
  badges,
}: {
  /** what the tabs choose, for assistive technology */
  label: string;
  tabs: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  /** a tab's number of items, shown after its label once known */
  counts?: Partial<Record<K, number>>;
  /** a tab's unread items, a red badge when there are any */
  badges?: Partial<Record<K, number>>;
}) {
  return (
    <div className="sk-tabs" role="tablist" aria-label={label}>
      {tabs.map((t) => {
        const count = counts?.[t.key];
        const badge = badges?.[t.key];
        return (
          <button key={t.key} type="button" role="tab" aria-selected={value === t.key} onClick={() => onChange(t.key)}>
            {t.label}
            {count !== undefined ? <span className="sk-count">{count}</span> : null}
            {badge ? <span className="sk-badge sk-tabs__badge">{badgeText(badge)}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
