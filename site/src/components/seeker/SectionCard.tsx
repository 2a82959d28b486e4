import { useState, type FormEvent } from 'react';
import { Button, confirm, message, withLoading, toastError } from '@zp/ui';
import { api } from '@zp/core/session';
import type * as C from '@zp/core/contract';
import type { Codes } from './codes';
import { Field, invalid } from './Field';
import { useClickGuard } from '../common/ClickGuard';
import { defOf, fieldMax, fieldTitle, sectionRoute, summarize, type Row } from './resumeView';
import { PERIODS, SECTION_UI } from './sectionsUi';

type Values = Record<string, string>;

/** What the form starts with: the row's values (months cut to YYYY-MM), flags '0', the rest ''. */
function initial(key: C.SectionKey, row: Row | null): Values {
  const v: Values = {};
  for (const f of Object.keys(defOf(key).fields)) {
    const ui = SECTION_UI[key][f];
    const raw = row?.[f];
    let s = raw === undefined || raw === null ? '' : String(raw);
    if (ui?.kind === 'month') s = s.slice(0, 7);
    if (ui?.kind === 'flag' && s === '') s = '0';
    if ((ui?.kind === 'months' || ui?.kind === 'rank') && s === '0') s = '';
    v[f] = s;
  }
  return v;
}

export function validate(key: C.SectionKey, v: Values): Record<string, string> {
  const def = defOf(key);
  const errors: Record<string, string> = {};
  for (const f of def.required) {
    if (!v[f]?.trim()) {
      const ui = SECTION_UI[key][f];
      const picks = ui && ui.kind !== 'text' && ui.kind !== 'textarea' && ui.kind !== 'suggest';
      errors[f] = `${picks ? '请选择' : '请填写'}${fieldTitle(key, f)}`;
    }
  }
  const p: Record<string, [string, string]> = { gzjl: ['rzsj', 'lzsj'], jyjl: ['rxsj', 'bysj'], kyjl: ['ksrq', 'jsrq'], pxjl: ['kssj', 'jssj'], xmjy: ['kssj', 'jssj'] };
  const pair = p[key];
  if (pair && v[pair[0]] && v[pair[1]] && v[pair[1]] < v[pair[0]]) errors[pair[1]] = `${fieldTitle(key, pair[1])}不能早于${fieldTitle(key, pair[0])}`;
  return errors;
}

/** The body save/update take: trimmed text, counts and ranks as numbers. */
function bodyOf(key: C.SectionKey, v: Values): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [f, val] of Object.entries(v)) {
    const ui = SECTION_UI[key][f];
    if (ui?.kind === 'months') {
      if (val) out[f] = Number(val);
      continue;
    }
    if (ui?.kind === 'rank') {
      out[f] = val ? Number(val) : 0;
      continue;
    }
    out[f] = ui?.kind === 'textarea' ? val.replace(/\s+$/, '') : val.trim();
  }
  return out;
}

function Input({ sectionKey, field, values, set, codes, error }: { sectionKey: C.SectionKey; field: string; values: Values; set: (f: string, v: string) => void; codes: Codes | null; error?: string }) {
  const ui = SECTION_UI[sectionKey][field] ?? { kind: 'text' };
  const id = `sk-${sectionKey}-${field}`;
  const value = values[field] ?? '';
  const common = { id, ...invalid(id, error) };
  const max = fieldMax(sectionKey, field);
  switch (ui.kind) {
    case 'textarea':
      return <textarea {...common} rows={4} maxLength={max} value={value} onChange={(e) => set(field, e.target.value)} />;
    case 'month':
      return <input {...common} type="month" value={value} placeholder="YYYY-MM" onChange={(e) => set(field, e.target.value)} />;
    case 'months':
      return <input {...common} type="number" min={0} max={24} inputMode="numeric" placeholder="如 13" value={value} onChange={(e) => set(field, e.target.value.replace(/\D/g, '').slice(0, 2))} />;
    case 'rank':
      return <input {...common} type="number" min={1} max={999} inputMode="numeric" placeholder="如 2（第 2 位）" value={value} onChange={(e) => set(field, e.target.value.replace(/\D/g, '').slice(0, 3))} />;
    case 'flag':
      return (
        <label className="sk-check">
          <input id={id} type="checkbox" checked={value === '1'} onChange={(e) => set(field, e.target.checked ? '1' : '0')} />
          <span>{ui.yes}</span>
        </label>
      );
    case 'code':
      return (
        <select {...common} value={value} onChange={(e) => set(field, e.target.value)}>
          <option value="">请选择</option>
          {(codes?.lists[ui.table] ?? [])
            // '不限' is a filter value of job posts, not something a résumé can say.
            .filter((o) => o.name !== '不限')
            .map((o) => (
              <option key={o.dm} value={o.dm}>
                {o.name}
              </option>
            ))}
        </select>
      );
    case 'province':
      return (
        <select {...common} value={value} onChange={(e) => set(field, e.target.value)}>
          <option value="">请选择</option>
          {(codes?.provinces ?? []).map((o) => (
            <option key={o.dm} value={o.dm}>
              {o.name}
            </option>
          ))}
        </select>
      );
    case 'city': {
      const prov = values[ui.province];
      // A city may be chosen before its province: then every city is offered.
      const cities = !codes ? [] : prov ? (codes.cities[prov] ?? []) : Object.values(codes.cities).flat();
      return (
        <select {...common} value={value} onChange={(e) => set(field, e.target.value)}>
          <option value="">{prov ? '请选择' : '请先选择省份或直接选择城市'}</option>
          {cities.map((o) => (
            <option key={o.dm} value={o.dm}>
              {o.name}
            </option>
          ))}
        </select>
      );
    }
    case 'category': {
      const parent = ui.parent ? values[ui.parent] : '';
      const list = ui.level === 1 ? (codes?.categoriesOne ?? []) : !parent ? [] : ((ui.level === 2 ? codes?.categoriesTwo : codes?.categoriesThree)?.[parent] ?? []);
      return (
        <select {...common} value={value} onChange={(e) => set(field, e.target.value)} disabled={ui.level > 1 && !parent}>
          <option value="">{ui.level > 1 && !parent ? '请先选择上一级' : '请选择'}</option>
          {list.map((o) => (
            <option key={o.dm} value={o.dm}>
              {o.name}
            </option>
          ))}
        </select>
      );
    }
    case 'suggest':
      return (
        <>
          <input {...common} list={`${id}-list`} maxLength={max} value={value} onChange={(e) => set(field, e.target.value)} />
          <datalist id={`${id}-list`}>
            {(codes?.lists[ui.table] ?? []).map((o) => (
              <option key={o.dm} value={o.name} />
            ))}
          </datalist>
        </>
      );
    default:
      return <input {...common} maxLength={max} value={value} onChange={(e) => set(field, e.target.value)} />;
  }
}

/** The form of one entry (add or edit). */
function EntryForm({ sectionKey, row, codes, onSaved, onCancel }: { sectionKey: C.SectionKey; row: Row | null; codes: Codes | null; onSaved: (wsd: number) => void; onCancel: () => void }) {
  const def = defOf(sectionKey);
  const [values, setValues] = useState<Values>(() => initial(sectionKey, row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [blocked, guard] = useClickGuard();

  const set = (f: string, v: string) =>
    setValues((old) => {
      const next = { ...old, [f]: v };
      // Changing a parent picker clears its children (city under province, category levels).
      for (const [child, ui] of Object.entries(SECTION_UI[sectionKey])) {
        if ((ui.kind === 'city' && ui.province === f) || (ui.kind === 'category' && ui.parent === f)) {
          next[child] = '';
          for (const [grand, gui] of Object.entries(SECTION_UI[sectionKey])) if (gui.kind === 'category' && gui.parent === child) next[grand] = '';
        }
      }
      // A city chosen first fills in its province.
      const ui = SECTION_UI[sectionKey][f];
      if (ui?.kind === 'city' && v && !next[ui.province]) next[ui.province] = codes?.parentOf.get(v) ?? '';
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(sectionKey, values);
    setErrors(found);
    const first = Object.keys(def.fields).find((f) => found[f]);
    if (first) {
      document.getElementById(`sk-${sectionKey}-${first}`)?.focus();
      return;
    }
    // The 1.5 s duplicate-click guard (spec section 5) on the write, not on a refused form.
    guard(save)();
  };

  const save = async () => {
    setBusy(true);
    try {
      const body = bodyOf(sectionKey, values);
      const r = row
        ? await withLoading(api.call(sectionRoute(sectionKey, 'Update') as never, { body: { ...body, [def.idField]: String(row[def.idField]) } } as never))
        : await withLoading(api.call(sectionRoute(sectionKey, 'Save') as never, { body } as never));
      message.success('保存成功');
      onSaved((r as { wsd: number }).wsd);
    } catch (err) {
      toastError(err);
      setBusy(false);
    }
  };

  return (
    <form className="sk-entry-form" onSubmit={submit} noValidate aria-label={`${row ? '编辑' : '添加'}${def.title}`}>
      <div className="sk-form-grid">
        {Object.keys(def.fields).map((f) => {
          const ui = SECTION_UI[sectionKey][f];
          const wide = ui?.kind === 'textarea';
          return (
            <Field
              key={f}
              id={`sk-${sectionKey}-${f}`}
              label={fieldTitle(sectionKey, f)}
              required={(def.required as string[]).includes(f)}
              error={errors[f]}
              wide={wide}
              hint={PERIODS[sectionKey]?.[1] === f ? `不填表示${PERIODS[sectionKey]![2]}` : undefined}
            >
              <Input sectionKey={sectionKey} field={f} values={values} set={set} codes={codes} error={errors[f]} />
            </Field>
          );
        })}
      </div>
      <div className="sk-form-actions">
        <Button onClick={onCancel}>取消</Button>
        <Button type="submit" variant="primary" loading={busy} disabled={blocked}>
          保存
        </Button>
      </div>
    </form>
  );
}

/** One résumé section: its entries with edit and delete, and adding one (up to the section's maximum). */
export default function SectionCard({ sectionKey, rows, codes, onChanged }: { sectionKey: C.SectionKey; rows: Row[]; codes: Codes | null; onChanged: (wsd: number) => void }) {
  const def = defOf(sectionKey);
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  const remove = async (row: Row) => {
    const { title } = summarize(sectionKey, row, codes);
    if (!(await confirm({ message: `确定删除${def.title}「${title}」吗？`, danger: true, confirmText: '删除' }))) return;
    try {
      const r = (await withLoading(api.call(sectionRoute(sectionKey, 'Remove') as never, { params: { id: String(row[def.idField]) }, method: 'POST' } as never))) as { wsd: number };
      message.success('删除成功');
      onChanged(r.wsd);
    } catch (err) {
      toastError(err);
    }
  };

  const full = rows.length >= def.max;
  return (
    <section className="sk-card sk-section" id={`section-${sectionKey}`} aria-labelledby={`section-${sectionKey}-title`}>
      <div className="sk-card__head">
        <h2 className="sk-card__title" id={`section-${sectionKey}-title`}>
          {def.title}
        </h2>
        {editing === null ? (
          <Button variant="text" onClick={() => (full ? message.warning(`${def.title}最多填写 ${def.max} 条`) : setEditing('new'))} aria-label={`添加${def.title}`}>
            + 添加
          </Button>
        ) : null}
      </div>
      {rows.length === 0 && editing !== 'new' ? <p className="sk-muted sk-small">尚未填写{def.title}</p> : null}
      <ul className="sk-list">
        {rows.map((row) => {
          const id = String(row[def.idField]);
          if (editing === id) {
            return (
              <li key={id} className="sk-entry sk-entry--editing">
                <EntryForm
                  sectionKey={sectionKey}
                  row={row}
                  codes={codes}
                  onCancel={() => setEditing(null)}
                  onSaved={(wsd) => {
                    setEditing(null);
                    onChanged(wsd);
                  }}
                />
              </li>
            );
          }
          const s = summarize(sectionKey, row, codes);
          return (
            <li key={id} className="sk-entry">
              <div className="sk-entry__main">
                <p className="sk-entry__title">{s.title}</p>
                {s.facts.length ? <p className="sk-entry__facts">{s.facts.join(' · ')}</p> : null}
                {s.texts.map((t) => (
                  <p className="sk-entry__text" key={t.label}>
                    <span className="sk-muted">{t.label}：</span>
                    {t.text}
                  </p>
                ))}
              </div>
              {editing === null ? (
                <div className="sk-entry__actions">
                  <Button variant="text" onClick={() => setEditing(id)} aria-label={`编辑${def.title}：${s.title}`}>
                    编辑
                  </Button>
                  <Button variant="text" className="sk-link--danger" onClick={() => remove(row)} aria-label={`删除${def.title}：${s.title}`}>
                    删除
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {editing === 'new' ? (
        <EntryForm
          sectionKey={sectionKey}
          row={null}
          codes={codes}
          onCancel={() => setEditing(null)}
          onSaved={(wsd) => {
            setEditing(null);
            onChanged(wsd);
          }}
        />
      ) : null}
    </section>
  );
}
