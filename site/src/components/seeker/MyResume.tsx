import { beijingToday } from '@zp/core/dates';
import { useState } from 'react';
import { api } from '@zp/core/session';
import { resumesApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { Button, confirm, message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import EmptyState from '../common/EmptyState';
import { paths, to } from '../../lib/paths';
import { useLoad } from '../../lib/load';
import { afterGuard } from './AfterGuard';
import { day, minute } from './common';
import { Completeness } from './ResumeEditor';
import { CompanyFinder, type FoundCompany } from './CompanyFinder';
import type { SeekerInfo } from './BaseInfoCard';
import { FIGURES } from './figures';

type Stats = C.Reply<typeof C.resumesApi.statistics>;
type Target = C.Reply<typeof C.resumesApi.targets>['yxdwList'][number];

/** hunter_myresume: the online résumé's standing — completeness, reach, visibility, daily refresh, intended employers. */
function MyResume() {
  const infoLoad = useLoad(() => api.call(resumesApi.info).then((r): SeekerInfo | null => r.qzGrjbxx), [], { toast: true });
  const info = infoLoad.data ?? null;
  const setInfo = infoLoad.setData;
  const stats = useLoad((): Promise<Stats> => api.call(resumesApi.statistics), [], { toast: true }).data ?? null;
  const targetsLoad = useLoad(() => api.call(resumesApi.targets).then((r): Target[] => r.yxdwList), [], { toast: true });
  const targets = targetsLoad.data ?? null;
  const loadTargets = targetsLoad.reload;
  const [adding, setAdding] = useState(false);

  const toggleHidden = async () => {
    if (!info) return;
    const next = info.jlyc === 1 ? 0 : 1;
    if (next === 1 && !(await confirm({ message: '隐藏后，企业 HR 在人才搜索中将找不到你的简历；已投递的单位仍可查看。确定隐藏吗？', confirmText: '隐藏简历' }))) return;
    try {
      const r = await withLoading(api.call(resumesApi.hide, { params: { jlyc: next }, method: 'POST' }));
      setInfo({ ...info, jlyc: r.jlyc });
      message.success(r.jlyc ? '简历已隐藏' : '简历已公开');
    } catch (err) {
      toastError(err);
    }
  };
  const refresh = async () => {
    try {
      const r = await withLoading(api.call(resumesApi.refresh, { method: 'POST' }));
      if (info) setInfo({ ...info, refreshTime: r.refreshTime });
      message.success('简历已刷新');
    } catch (err) {
      toastError(err);
    }
  };
  const addTarget = async (c: FoundCompany) => {
    try {
      await withLoading(api.call(resumesApi.addTargets, { body: [c.dwid] }));
      message.success(`已添加意向单位「${c.dwmc}」`);
      await loadTargets();
    } catch (err) {
      toastError(err);
    }
  };
  const removeTarget = async (t: Target) => {
    if (!(await confirm({ message: `确定删除意向单位「${t.dwmc}」吗？`, confirmText: '删除', danger: true }))) return;
    try {
      await withLoading(api.call(resumesApi.removeTarget, { params: { bsid: t.bsid }, method: 'POST' }));
      message.success('删除成功');
      await loadTargets();
    } catch (err) {
      toastError(err);
    }
  };

  if (!info || !stats) return <p className="sk-muted sk-loading-line">加载中…</p>;
  const refreshedToday = !!info.refreshTime && info.refreshTime.slice(0, 10) === beijingToday();
  return (
    <div>
      <div className="sk-myresume">
        <div className="sk-myresume__wsd">
          <Completeness wsd={info.wsd} />
          <div className="sk-row__actions sk-myresume__links">
            <a className="zp-btn zp-btn--primary" href={paths.resume}>
              编辑在线简历
            </a>
            <a className="zp-btn" href={paths.resumePreview}>
              预览简历
            </a>
            <a className="zp-btn" href={to('job_hunter/hunter_resume')}>
              附件简历
            </a>
          </div>
        </div>
        <div className="sk-stats sk-stats--3">
          <div className="sk-stat">
            <strong>{stats.jlckcs}</strong>
            <span>{FIGURES.resumeViews}</span>
          </div>
          <div className="sk-stat">
            <strong>{stats.jlsccs}</strong>
            <span>{FIGURES.favourited}</span>
          </div>
          <div className="sk-stat">
            <strong>{stats.jlxzcs}</strong>
            <span>{FIGURES.downloads}</span>
          </div>
        </div>
      </div>

      <section className="sk-block" aria-labelledby="sk-vis">
        <h2 className="sk-block__title" id="sk-vis">
          简历设置
        </h2>
        <ul className="sk-list">
          <li className="sk-row">
            <div className="sk-row__main">
              <p className="sk-row__title">简历公开状态：{info.jlyc ? <span className="sk-tag sk-tag--warning">已隐藏</span> : <span className="sk-tag sk-tag--success">公开</span>}</p>
              <p className="sk-row__meta">{info.jlyc ? '企业在人才搜索中找不到你的简历。' : '通过审核的企业可以在人才搜索中找到你的简历（屏蔽的单位除外）。'}</p>
            </div>
            <GuardedButton onClick={toggleHidden}>{info.jlyc ? '公开简历' : '隐藏简历'}</GuardedButton>
          </li>
          <li className="sk-row">
            <div className="sk-row__main">
              <p className="sk-row__title">刷新简历</p>
              <p className="sk-row__meta">每天可刷新一次，刷新后在人才搜索中排名靠前。{info.refreshTime ? `上次刷新：${minute(info.refreshTime)}` : '尚未刷新过'}</p>
            </div>
            <GuardedButton variant="primary" onClick={refresh} disabled={refreshedToday}>
              {refreshedToday ? '今日已刷新' : '刷新简历'}
            </GuardedButton>
          </li>
        </ul>
      </section>

      <section className="sk-block" aria-labelledby="sk-targets">
        <div className="sk-card__head">
          <h2 className="sk-block__title" id="sk-targets">
            意向单位{targets ? `（${targets.length}）` : ''}
          </h2>
          <Button variant="text" onClick={() => setAdding((a) => !a)}>
            {adding ? '收起' : '+ 添加意向单位'}
          </Button>
        </div>
        {adding ? <CompanyFinder action={addTarget} actionLabel="添加" disabledIds={new Set((targets ?? []).map((t) => t.dwid))} /> : null}
        {targets === null ? null : targets.length === 0 ? (
          <EmptyState text="还没有意向单位，添加后这些单位的新职位会优先推荐给你" />
        ) : (
          <ul className="sk-list">
            {targets.map((t) => (
              <li className="sk-row" key={t.bsid}>
                <div className="sk-row__main">
                  <p className="sk-row__title">
                    <a href={paths.company(t.dwid)}>{t.dwmc}</a>
                  </p>
                  <p className="sk-row__meta">添加于 {day(t.createTime)}</p>
                </div>
                <GuardedButton variant="text" className="sk-link--danger" onClick={() => removeTarget(t)}>
                  删除
                </GuardedButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default afterGuard(MyResume);
