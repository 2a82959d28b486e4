import { useState, type FormEvent } from 'react';
import { api } from '@zp/core/session';
import { searchApi } from '@zp/core/routes';
import { Button, message, toastError } from '@zp/ui';

export interface FoundCompany {
  dwid: string;
  dwmc: string;
}

/**
 * Finds enterprises by name for a seeker. The back end offers seekers no enterprise search of its
 * own, so this asks the job search (whose keywords match enterprise names) and keeps each
 * enterprise once: only enterprises with published jobs can be found.
 */
async function findCompanies(keyword: string): Promise<FoundCompany[]> {
  const r = await api.call(searchApi.jobs, { query: { key: keyword, page: 1, limit: 100 } });
  const seen = new Map<string, FoundCompany>();
  for (const j of r.page.list) if (!seen.has(j.dwid) && j.dwmc.includes(keyword.trim().split(/\s+/)[0] ?? '')) seen.set(j.dwid, { dwid: j.dwid, dwmc: j.dwmc });
  // A keyword that only matched job titles: fall back to every enterprise found.
  if (seen.size === 0) for (const j of r.page.list) if (!seen.has(j.dwid)) seen.set(j.dwid, { dwid: j.dwid, dwmc: j.dwmc });
  return [...seen.values()].slice(0, 20);
}

/** A search box with the enterprises found, each with an action button. */
export function CompanyFinder({ action, actionLabel, disabledIds, placeholder = '输入单位名称搜索' }: { action: (c: FoundCompany) => void; actionLabel: string; disabledIds: Set<string>; placeholder?: string }) {
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<FoundCompany[] | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    const k = keyword.trim();
    if (k.length < 2) {
      setFound(null);
      message.warning('请输入至少 2 个字的单位名称');
      return;
    }
    setBusy(true);
    try {
      setFound(await findCompanies(k));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sk-finder">
      <form className="sk-toolbar" onSubmit={search} role="search">
        <label htmlFor="sk-finder-key" className="zp-visually-hidden">
          单位名称
        </label>
        <input id="sk-finder-key" className="sk-input" maxLength={50} placeholder={placeholder} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Button type="submit" variant="primary" loading={busy}>
          搜索
        </Button>
      </form>
      {found === null ? null : found.length === 0 ? (
        <p className="sk-muted sk-small">没有找到相关单位</p>
      ) : (
        <ul className="sk-list sk-finder__list">
          {found.map((c) => (
            <li key={c.dwid} className="sk-finder__item">
              <span>{c.dwmc}</span>
              <Button variant="text" disabled={disabledIds.has(c.dwid)} onClick={() => action(c)}>
                {disabledIds.has(c.dwid) ? '已添加' : actionLabel}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
