/**
 * /enter_home/enter_post (my posts) and /enter_home/enter_post_all (every post of the
 * enterprise): filter by state and title, publish, refresh, close, delete, and choose the fairs
 * a post is shown at.
 */
import { useState } from 'react';
import { Button, Dialog, confirm } from '@zp/ui';
import { jobsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { salaryText } from '../../lib/format';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { ListState, Notice, Tabs, Tag, ListPager, resettingPage } from '../console/ui';
import { FAIR_STATE_TEXT, GWZT_TEXT, GWZT_TONE } from '../console/states';
import { to } from '../../lib/paths';

type Row = ReplyOf<typeof jobsApi.listHr>['page']['list'][number];
type StateTab = 'all' | '2' | '0' | '4' | '3';
const LIMIT = 10;

function FairsDialog({ job, onClose }: { job: Row; onClose: () => void }) {
  const fairs = useLoad(() => api.call(jobsApi.fairs, { query: { gwid: job.gwid } }), [job.gwid]);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const list = (fairs.data?.hxlist ?? []).filter((f) => f.ifks !== 3 || f.sfxz === 1);
  const current = chosen ?? list.filter((f) => f.sfxz === 1).map((f) => f.hxid);
  const save = async () => {
    if (await act(api.call(jobsApi.setFairs, { body: { gwid: job.gwid, hxids: current } }), true)) onClose();
  };
  return (
    <Dialog
      open
      title={`「${job.gwmc}」参加的招聘会`}
      onClose={onClose}
      width={560}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <GuardedButton variant="primary" disabled={!fairs.data || !list.length} onClick={() => void save()}>
            保存
          </GuardedButton>
        </>
      }
    >
      <ListState loading={fairs.loading} error={fairs.error} empty={!list.length} emptyText="本单位还没有报名进行中或未开始的招聘会" onRetry={fairs.reload}>
        <ul className="hr-checklist">
          {list.map((f) => (
            <li key={f.hxid}>
              <label className="hr-check">
                <input
                  type="checkbox"
                  checked={current.includes(f.hxid)}
                  onChange={(e) => setChosen(e.target.checked ? [...current, f.hxid] : current.filter((x) => x !== f.hxid))}
                />
                {f.hymc}
              </label>
              <Tag tone={f.ifks === 2 ? 'success' : f.ifks === 3 ? 'info' : 'primary'}>{FAIR_STATE_TEXT[f.ifks]}</Tag>
            </li>
          ))}
        </ul>
      </ListState>
      <p className="hr-small hr-muted">
        只能选择本单位已报名的招聘会。<a href={to('enter_home/enter_delivery')}>报名更多招聘会</a>
      </p>
    </Dialog>
  );
}

function Posts({ mine }: { mine: boolean }) {
  const codes = useCodes();
  const [tab, setTab] = useState<StateTab>('all');
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [fairsOf, setFairsOf] = useState<Row | null>(null);
  const list = useLoad(
    () =>
      api.call(jobsApi.listHr, {
        query: { page, limit: LIMIT, mine: mine ? 1 : 0, ...(tab === 'all' ? {} : { gwzt: tab }), ...(search ? { gwmc: search } : {}) },
      }),
    [tab, search, page, mine],
  );
  const find = useGuardedSubmit(() => {
    setPage(1);
    setSearch(name.trim());
  });

  const run = async (p: Promise<unknown>) => {
    if (await act(p, true)) void list.reload();
  };
  const remove = async (j: Row) => {
    if (await confirm({ title: '删除岗位', message: `确定删除「${j.gwmc}」吗？删除后不可恢复，已收到的简历仍保留在简历管理中。`, danger: true, confirmText: '删除' }))
      await run(api.call(jobsApi.remove, { params: { gwid: j.gwid } }));
  };
  const close = async (j: Row) => {
    if (await confirm({ title: '关闭岗位', message: `关闭后「${j.gwmc}」将不再接收投递，可随时重新发布。确定关闭吗？`, confirmText: '关闭' }))
      await run(api.call(jobsApi.openClose, { query: { gwid: j.gwid, type: 4 } }));
  };

  const data = list.data?.page;
  return (
    <>
      <div className="hr-toolbar">
        <form className="hr-toolbar" style={{ marginBottom: 0 }} role="search" onSubmit={find.onSubmit}>
          <label className="zp-visually-hidden" htmlFor="post-name">岗位名称</label>
          <input id="post-name" className="hr-input" placeholder="按岗位名称查找" maxLength={40} value={name} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" disabled={find.blocked}>查找</Button>
        </form>
        <div className="hr-toolbar__right">
          <a className="zp-btn zp-btn--primary" href={to('private/enter_postcreate')}>发布职位</a>
        </div>
      </div>
      <Tabs
        label="岗位状态"
        active={tab}
        onChange={resettingPage(setTab, setPage)}
        items={[
          { key: 'all', label: '全部' },
          { key: '2', label: '招聘中' },
          { key: '0', label: '草稿' },
          { key: '4', label: '已关闭' },
          { key: '3', label: '已下架' },
        ]}
      />
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={mine ? '还没有发布过岗位' : '本单位还没有岗位'} onRetry={list.reload}>
        {data?.list.map((j) => (
          <div className="hr-card" key={j.gwid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {j.gwzt === '2' ? <a href={to(`public/postdetail?gwid=${j.gwid}`)}>{j.gwmc}</a> : j.gwmc}
                <Tag tone={GWZT_TONE[j.gwzt]}>{GWZT_TEXT[j.gwzt]}</Tag>
              </p>
              <p className="hr-card__meta">
                <span className="hr-salary">{salaryText(j.zdyx, j.zgyx)}</span>
                {codes ? <span>{codes.category(j.gwlb)}</span> : null}
                {codes ? <span>{codes.city(j.sbcs)}</span> : null}
                <span>招 {j.zprs} 人</span>
                <span>浏览 {j.llcs}</span>
                <span>收到简历 {j.sdjlcount}</span>
                <span>参加招聘会 {j.chcscount}</span>
              </p>
              <p className="hr-card__meta hr-small">
                <span>{j.gwzt === '0' ? '创建于' : '发布于'} {minutes(j.gwfbsj)}</span>
                {!mine ? <span>发布人：{j.hrxm || '—'}</span> : null}
              </p>
              {j.gwzt === '3' ? <p className="hr-card__note">下架原因：{j.xjyy || '未说明'}</p> : null}
            </div>
            <div className="hr-card__side">
              <div className="hr-actions">
                {j.gwzt !== '3' ? <a className="zp-btn" href={to(`enter_updatepost?gwid=${j.gwid}`)}>编辑</a> : null}
                {j.gwzt === '0' || j.gwzt === '4' ? (
                  <GuardedButton variant="primary" onClick={() => void run(api.call(jobsApi.publish, { params: { gwid: j.gwid } }))}>
                    {j.gwzt === '0' ? '发布' : '重新发布'}
                  </GuardedButton>
                ) : null}
                {j.gwzt === '2' ? (
                  <>
                    <GuardedButton onClick={() => void run(api.call(jobsApi.refresh, { params: { gwid: j.gwid } }))}>刷新</GuardedButton>
                    <Button onClick={() => setFairsOf(j)}>招聘会</Button>
                    <GuardedButton onClick={() => void close(j)}>关闭</GuardedButton>
                  </>
                ) : null}
                {j.gwzt !== '2' ? (
                  <GuardedButton variant="text" onClick={() => void remove(j)}>
                    删除
                  </GuardedButton>
                ) : null}
              </div>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {fairsOf ? <FairsDialog job={fairsOf} onClose={() => setFairsOf(null)} /> : null}
    </>
  );
}

export default function PostList({ mine }: { mine: boolean }) {
  return (
    <HrGate approved>
      {mine ? null : <Notice tone="info">本单位所有 HR 发布的岗位。</Notice>}
      <Posts mine={mine} />
    </HrGate>
  );
}
