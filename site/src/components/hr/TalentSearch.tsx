/**
 * /public/personalSearch: talent search for HR of approved enterprises (search/rc). Never shows
 * a hidden résumé or a seeker who shields the enterprise (the server's rule); cards carry the
 * surname only until the seeker applies or is invited.
 */
import { useState } from 'react';
import { Button, useHydrated, useSession } from '@zp/ui';
import { searchApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { avatarOf } from '../seeker/common';
import { useLoad } from '../../lib/load';
import { day, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { Field, ListState, Notice, Select, ListPager, Tag } from '../console/ui';
import { InviteDialog, toggleFavourite, type InviteTarget } from './candidate';
import { paths, to } from '../../lib/paths';
import { ReachSeeker } from './ReachSeeker';

type Card = ReplyOf<typeof searchApi.talents>['page']['list'][number];
const LIMIT = 10;
interface Filters {
  key: string;
  sf: string;
  hy: string;
  xlyq: string;
  jyyq: string;
  qwxz: string;
  zy: string;
  xxmc: string;
  bysj: string;
  orderField: '' | 'gxsj' | 'wsd';
}
const NONE: Filters = { key: '', sf: '', hy: '', xlyq: '', jyyq: '', qwxz: '', zy: '', xxmc: '', bysj: '', orderField: '' };

function TalentCard({ t, onInvite }: { t: Card; onInvite: (t: InviteTarget) => void }) {
  const codes = useCodes();
  const [saved, setSaved] = useState(false);
  const href = to(`public/personaldetail?qzbsid=${t.qzbsid}`);
  const facts = [t.nl !== null ? `${t.nl}岁` : '', codes?.name('m_xldm', t.zgxl) ?? '', t.gznx ? `${t.gznx}年经验` : '应届/无经验', codes?.city(t.dqszcs) ?? ''].filter(Boolean);
  return (
    <div className="hr-card">
      <img className="hr-card__avatar" src={avatarOf(t.txUrl, t.xbm)} alt="" width={48} height={48} loading="lazy" />
      <div className="hr-card__main">
        <p className="hr-card__title">
          <a href={href}>{t.xm || '求职者'}</a>
          {t.qzzt && codes ? <Tag tone="success">{codes.name('m_qzzt', t.qzzt)}</Tag> : null}
        </p>
        <p className="hr-card__meta">{facts.map((f) => <span key={f}>{f}</span>)}</p>
        <p className="hr-card__meta hr-small">
          {t.xxmc ? <span>{t.xxmc}{t.zy ? ` · ${t.zy}` : ''}</span> : null}
          {t.zwmc || t.dwmc ? <span>最近：{[t.dwmc, t.zwmc].filter(Boolean).join(' · ')}</span> : null}
        </p>
        <p className="hr-card__meta hr-small">
          {t.yxzw && codes ? <span>意向：{codes.category(t.yxzw)}</span> : null}
          {t.yxcs && codes ? <span>{codes.city(t.yxcs)}</span> : null}
          {t.yxxz && codes ? <span>期望 {codes.name('m_xzdydm', t.yxxz)}</span> : null}
          <span>完善度 {t.wsd}%</span>
          {t.gxsj ? <span>更新于 {day(t.gxsj)}</span> : null}
        </p>
      </div>
      <div className="hr-card__side">
        <div className="hr-actions">
          <a className="zp-btn" href={href}>查看简历</a>
          <Button variant="primary" onClick={() => onInvite({ qzbsid: t.qzbsid, name: t.xm || '求职者' })}>
            邀请面试
          </Button>
          <ReachSeeker seekerId={t.qzbsid} />
          <GuardedButton variant="text" disabled={saved} onClick={() => void toggleFavourite(t.qzbsid, true).then((ok) => ok && setSaved(true))}>
            {saved ? '已收藏' : '收藏'}
          </GuardedButton>
        </div>
      </div>
    </div>
  );
}

function Search() {
  const codes = useCodes();
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const [page, setPage] = useState(1);
  const [invite, setInvite] = useState<InviteTarget | null>(null);
  const [yearError, setYearError] = useState('');
  const list = useLoad(() => {
    const q = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<Filters>;
    return api.call(searchApi.talents, { query: { ...q, page, limit: LIMIT } });
  }, [filters, page]);
  const set = (k: keyof Filters, v: string) => setDraft((p) => ({ ...p, [k]: v }));
  const find = useGuardedSubmit(() => {
    if (draft.bysj && !/^(19|20)\d{2}$/.test(draft.bysj)) {
      setYearError('请输入四位年份，如 2025');
      return;
    }
    setYearError('');
    setPage(1);
    setFilters({ ...draft, key: draft.key.trim(), zy: draft.zy.trim(), xxmc: draft.xxmc.trim() });
  });
  const data = list.data?.page;
  const sel = (k: keyof Filters, label: string, options: { value: string; label: string }[], any = '不限') => (
    <Field label={label} htmlFor={`ts-${k}`}>
      <Select id={`ts-${k}`} value={draft[k]} options={options} placeholder={any} onChange={(v) => set(k, v)} />
    </Field>
  );
  return (
    <div className="hr-search">
      <form className="hr-panel hr-search__filters" onSubmit={find.onSubmit} role="search" aria-label="人才搜索条件">
        <Field label="关键词" htmlFor="ts-key" hint="职位、单位、学校、专业或自我评价中的词">
          <input id="ts-key" className="hr-input" maxLength={50} value={draft.key} onChange={(e) => set('key', e.target.value)} />
        </Field>
        {sel('sf', '所在/期望省份', codes?.provinces ?? [])}
        {sel('hy', '期望行业', codes?.options('m_dwsshydm') ?? [])}
        {sel('xlyq', '最低学历', codes?.options('m_xldm') ?? [])}
        {sel('jyyq', '工作经验', codes?.options('m_jyyqdm') ?? [])}
        {sel('qwxz', '期望薪资', codes?.options('m_xzdydm') ?? [])}
        <Field label="专业" htmlFor="ts-zy">
          <input id="ts-zy" className="hr-input" maxLength={30} value={draft.zy} onChange={(e) => set('zy', e.target.value)} />
        </Field>
        <Field label="学校" htmlFor="ts-xxmc">
          <input id="ts-xxmc" className="hr-input" maxLength={30} value={draft.xxmc} onChange={(e) => set('xxmc', e.target.value)} />
        </Field>
        <Field label="毕业年份" htmlFor="ts-bysj" error={yearError}>
          <input id="ts-bysj" className="hr-input" inputMode="numeric" maxLength={4} placeholder="如 2025" value={draft.bysj} onChange={(e) => set('bysj', e.target.value.replace(/\D/g, ''))} />
        </Field>
        <div className="hr-toolbar" style={{ marginBottom: 0 }}>
          <Button type="submit" variant="primary" disabled={find.blocked}>
            搜索人才
          </Button>
          <Button
            onClick={() => {
              setDraft(NONE);
              setFilters(NONE);
              setPage(1);
            }}
          >
            重置
          </Button>
        </div>
      </form>
      <div>
        <div className="hr-toolbar">
          <span className="hr-muted">{data ? `共找到 ${data.totalCount} 位人才` : ' '}</span>
          <div className="hr-toolbar__right">
            <Select
              label="排序"
              value={filters.orderField}
              options={[
                { value: '', label: '最近更新' },
                { value: 'wsd', label: '简历完善度' },
              ]}
              onChange={(v) => {
                setDraft((p) => ({ ...p, orderField: v as Filters['orderField'] }));
                setFilters((p) => ({ ...p, orderField: v as Filters['orderField'] }));
                setPage(1);
              }}
            />
          </div>
        </div>
        <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="没有找到符合条件的人才，换个条件试试" onRetry={list.reload}>
          {data?.list.map((t) => <TalentCard key={t.qzbsid} t={t} onInvite={setInvite} />)}
        </ListState>
        <ListPager page={data} onChange={setPage} loading={list.loading} />
      </div>
      {invite ? <InviteDialog target={invite} onClose={() => setInvite(null)} onSent={() => {}} /> : null}
    </div>
  );
}

export default function TalentSearch() {
  const session = useSession();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  if (!session)
    return (
      <Notice tone="primary" title="人才搜索面向企业招聘方" action={<a className="zp-btn zp-btn--primary" href={paths.loginFor('hr', to('public/personalsearch'))}>企业登录</a>}>
        登录企业账号（单位信息审核通过）后，可按学历、专业、学校、经验等条件搜索求职者并邀请面试。
      </Notice>
    );
  if (session.roleId !== 'hr')
    return (
      <Notice tone="warning" title="人才搜索仅对企业 HR 开放">
        当前登录的不是企业账号。
      </Notice>
    );
  return (
    <HrGate approved>
      <Search />
    </HrGate>
  );
}
