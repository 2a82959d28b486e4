/**
 * /enter_home/enter_delivery: job fairs for the enterprise. Sign up (addBmhxxMore) with the
 * rules of spec section 5 (an approved enterprise; not after the fair ended), favourites, the
 * fairs signed up for; HR sees whether a fair is public-benefit or paid and its booth fee.
 */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { fairsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, cityAddress, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate, companyInfoPath, useHr } from './hr';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';
import { ListState, Notice, Select, Tabs, Tag, ListPager, resettingPage } from '../console/ui';
import { FAIR_STATE_TEXT, FAIR_STATE_TONE, fairKindText } from '../console/states';
import { to } from '../../lib/paths';
import { fairState } from '@zp/core/rules/fairs';
import { withBeijingLabel } from '@zp/core/dates';

type Fair = ReplyOf<typeof fairsApi.list>['page']['list'][number];
type Tab = 'all' | 'mine' | 'favourites';
const LIMIT = 10;

function FairCard({ f, onChanged }: { f: Fair; onChanged: () => void }) {
  const { hr } = useHr();
  const codes = useCodes();
  const signUp = async () => {
    if (hr.shzt !== 1) {
      if (await confirm({ message: COMPANY_NOT_APPROVED, confirmText: '去修改' })) window.location.assign(companyInfoPath);
      return;
    }
    const ok = await confirm({
      title: '报名招聘会',
      type: 'info',
      confirmText: '确认报名',
      message: (
        <>
          <p style={{ margin: '0 0 6px' }}>确定以本单位名义报名「{f.hymc}」吗？</p>
          <p style={{ margin: 0 }}>{fairKindText(f.sfgy, f.zwf)}{f.sfgy === 2 ? '，展位费由主办方另行收取，平台不在线收费。' : '。'}</p>
        </>
      ),
    });
    if (ok && (await act(api.call(fairsApi.hrSignUp, { body: [f.hxid] }), '报名成功'))) onChanged();
  };
  const favourite = async () => {
    const r = f.sfsc
      ? await act(api.call(fairsApi.hrUnfavorite, { query: { hxid: f.hxid } }), '已取消收藏')
      : await act(api.call(fairsApi.hrFavorite, { body: [f.hxid] }), '收藏成功');
    if (r) onChanged();
  };
  return (
    <div className="hr-card">
      <div className="hr-card__main">
        <p className="hr-card__title">
          <a href={to(`public/meetinghall/${f.hxid}/${f.ifks}`)}>{f.hymc}</a>
          <Tag tone={FAIR_STATE_TONE[f.ifks]}>{FAIR_STATE_TEXT[f.ifks]}</Tag>
          <Tag tone={f.sfxs === 1 ? 'primary' : 'info'}>{f.sfxs === 1 ? '线上' : '线下'}</Tag>
          {f.sfbm ? <Tag tone="success">已报名</Tag> : null}
        </p>
        <p className="hr-card__meta">
          <span>
            {withBeijingLabel(`${minutes(f.hykssj)} 至 ${minutes(f.hyjssj)}`)}
          </span>
          {f.sfxs === 2 && (f.hydd || f.csdm) ? <span>{cityAddress(codes?.city(f.csdm), f.hydd)}</span> : null}
        </p>
        <p className="hr-card__meta">
          <span className={f.sfgy === 2 ? 'hr-salary' : undefined}>{fairKindText(f.sfgy, f.zwf)}</span>
          <span>参会单位 {f.chqys}</span>
          <span>岗位 {f.gwfbs}</span>
          {f.zbdw ? <span>主办：{f.zbdw}</span> : null}
        </p>
      </div>
      <div className="hr-card__side">
        <div className="hr-actions">
          {f.sfbm ? (
            <a className="zp-btn" href={to(`public/meetinghall/${f.hxid}/${f.ifks}`)}>进入会场</a>
          ) : f.ifks === 3 ? (
            <Button disabled>已结束</Button>
          ) : (
            <GuardedButton variant="primary" onClick={() => void signUp()}>
              {f.ifks === 2 ? '立即报名（已开始）' : '立即报名'}
            </GuardedButton>
          )}
          <GuardedButton variant="text" onClick={() => void favourite()}>
            {f.sfsc ? '取消收藏' : '收藏'}
          </GuardedButton>
        </div>
      </div>
    </div>
  );
}

type Favourite = ReplyOf<typeof fairsApi.hrFavorites>['page']['list'][number];

/** A favourite fair (the upper-case row of collectedList): when, kind, figures, and the way in or out. */
function FavouriteCard({ f, onChanged }: { f: Favourite; onChanged: () => void }) {
  const codes = useCodes();
  const state = fairState({ hykssj: f.HYKSSJ, hyjssj: f.HYJSSJ });
  const remove = async () => {
    if (await act(api.call(fairsApi.hrUnfavorite, { query: { hxid: f.HXID } }), '已取消收藏')) onChanged();
  };
  return (
    <div className="hr-card">
      <div className="hr-card__main">
        <p className="hr-card__title">
          <a href={to(`public/meetinghall/${f.HXID}/${state}`)}>{f.HYMC}</a>
          <Tag tone={FAIR_STATE_TONE[state]}>{FAIR_STATE_TEXT[state]}</Tag>
          {codes?.name('m_hyktdm', f.HYLX) ? <Tag tone="info">{codes.name('m_hyktdm', f.HYLX)}</Tag> : null}
        </p>
        <p className="hr-card__meta">
          <span>
            {minutes(f.HYKSSJ)} 至 {minutes(f.HYJSSJ)}
          </span>
          <span>参会单位 {f.QYCHRS}</span>
          <span>岗位 {f.QYGWS}</span>
          <span>收藏于 {minutes(f.SCSJ)}</span>
        </p>
      </div>
      <div className="hr-card__side">
        <div className="hr-actions">
          <a className="zp-btn" href={to(`public/meetinghall/${f.HXID}/${state}`)}>进入会场</a>
          <GuardedButton variant="text" onClick={() => void remove()}>取消收藏</GuardedButton>
        </div>
      </div>
    </div>
  );
}

function Fairs() {
  const { hr } = useHr();
  const [tab, setTab] = useState<Tab>('all');
  const [venue, setVenue] = useState('');
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(async () => {
    const type = venue ? (Number(venue) as 1 | 2) : undefined;
    if (tab === 'all') return { fairs: (await api.call(fairsApi.list, { query: { page, limit: LIMIT, px: 1, ...(type ? { type } : {}), ...(search ? { hymc: search } : {}) } })).page };
    // on this tab the filter is the fair's state: 1 not started, 2 running, 3 ended
    const state = venue ? (Number(venue) as 1 | 2 | 3) : undefined;
    if (tab === 'mine') return { fairs: (await api.call(fairsApi.companyFairs, { query: { page, limit: LIMIT, ...(state ? { type: state } : {}) } })).page };
    return { favourites: (await api.call(fairsApi.hrFavorites, { query: { page, limit: LIMIT, ...(search ? { hymc: search } : {}) } })).page };
  }, [tab, venue, search, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setSearch(name.trim());
  });
  const data = list.data?.fairs ?? list.data?.favourites;
  return (
    <>
      {hr.shzt !== 1 ? (
        <Notice tone="warning" title={COMPANY_NOT_APPROVED} action={<a className="zp-btn zp-btn--primary" href={companyInfoPath}>修改单位信息</a>}>
          单位信息审核通过后才能报名招聘会。
        </Notice>
      ) : null}
      <details className="hr-rules-box">
        <summary>报名须知</summary>
        <ul className="hr-rules">
          <li>单位信息审核通过（审核状态为“审核通过”）后方可报名。</li>
          <li>招聘会结束后不能再报名；已开始的招聘会仍可报名参加剩余场次。</li>
          <li>公益场次免费；收费场次的展位费按场次计，由主办方另行收取，平台不在线收费。</li>
          <li>报名后，可在“职位发布”中把在招岗位添加到该招聘会，岗位将在会场中展示。</li>
          <li>重复报名不会重复计费，报名状态以“已报名”为准。</li>
        </ul>
      </details>
      <Tabs
        label="招聘会"
        active={tab}
        onChange={(k) => {
          setTab(k);
          setVenue('');
          setPage(1);
        }}
        items={[
          { key: 'all', label: '招聘会报名' },
          { key: 'mine', label: '已报名的招聘会' },
          { key: 'favourites', label: '收藏的招聘会' },
        ]}
      />
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        {tab === 'all' ? (
          <Select label="会场类型" value={venue} placeholder="全部类型" options={[{ value: '1', label: '线上招聘会' }, { value: '2', label: '线下招聘会' }]} onChange={resettingPage(setVenue, setPage)} />
        ) : tab === 'mine' ? (
          <Select label="状态" value={venue} placeholder="全部状态" options={[{ value: '1', label: '未开始' }, { value: '2', label: '进行中' }, { value: '3', label: '已结束' }]} onChange={resettingPage(setVenue, setPage)} />
        ) : null}
        {tab !== 'mine' ? (
          <>
            <label className="zp-visually-hidden" htmlFor="fair-name">招聘会名称</label>
            <input id="fair-name" className="hr-input" placeholder="按名称查找" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
            <Button type="submit" disabled={find.blocked}>查找</Button>
          </>
        ) : null}
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={tab === 'mine' ? '还没有报名招聘会' : tab === 'favourites' ? '还没有收藏招聘会' : '暂无招聘会'} onRetry={list.reload}>
        {list.data?.fairs?.list.map((f) => <FairCard key={f.hxid} f={f} onChanged={list.reload} />)}
        {list.data?.favourites?.list.map((f) => <FavouriteCard key={f.HXID} f={f} onChanged={list.reload} />)}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
    </>
  );
}

export default function FairSignups() {
  return (
    <HrGate>
      <Fairs />
    </HrGate>
  );
}
