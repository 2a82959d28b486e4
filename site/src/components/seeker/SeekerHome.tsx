import { useEffect, useState } from 'react';
import { api, updateSession } from '@zp/core/session';
import { followChatUnread, openChat } from '@zp/core/chat-open';
import { applicationsApi, fairsApi, resumesApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import EmptyState from '../common/EmptyState';
import { paths, to } from '../../lib/paths';
import { useLoad } from '../../lib/load';
import { afterGuard } from './AfterGuard';
import { useCodes, nameOf } from './codes';
import { avatarOf } from './common';
import { Completeness } from './ResumeEditor';
import { JobRow } from './JobRow';
import { FIGURES } from './figures';

type Info = NonNullable<C.Reply<typeof C.resumesApi.previewInfo>['qzinfo']>;
type Job = C.Reply<typeof C.applicationsApi.recommended>['page']['list'][number];

interface Overview {
  info: Info;
  stats: C.Reply<typeof C.resumesApi.statistics>;
  applied: number;
  looked: number;
  waiting: number;
  fairs: number;
}

/** hunter_home: who I am, my résumé's completeness and reach, my counters, recommended jobs. */
function SeekerHome() {
  const codes = useCodes();
  // 未读消息 are the chat's: the count its button shows, told by the chat widget.
  const [chatUnread, setChatUnread] = useState<number | null>(null);
  useEffect(() => followChatUnread(setChatUnread), []);

  const overview = useLoad(
    async (): Promise<Overview> => {
      const one = { params: { page: 1, limit: 1 } };
      const [info, stats, all, looked, waiting, fairs] = await Promise.all([
        api.call(resumesApi.previewInfo),
        api.call(resumesApi.statistics),
        api.call(applicationsApi.listAll, one),
        api.call(applicationsApi.listLooked, one),
        api.call(applicationsApi.invitationsWaiting, { query: { page: 1, limit: 1 } }),
        api.call(fairsApi.seekerFairs),
      ]);
      if (info.qzinfo.txUrl) updateSession({ avatar: info.qzinfo.txUrl });
      return { info: info.qzinfo, stats, applied: all.page.total, looked: looked.page.total, waiting: waiting.page.total, fairs: fairs.hxList.length };
    },
    [],
    { toast: true },
  );
  const o = overview.data ?? null;
  const recommended = useLoad(() => api.call(applicationsApi.recommended, { query: { page: 1, limit: 6 } }).then((r): Job[] => r.page.list), [], { toast: true });
  const jobs = recommended.data ?? null;

  const apply = async (job: Job) => {
    try {
      await withLoading(api.call(applicationsApi.apply, { query: { gwid: job.gwid, dwid: job.dwid }, method: 'POST' }));
      message.success('投递成功');
      recommended.setData((old) => old?.filter((j) => j.gwid !== job.gwid));
      overview.setData((old) => (old ? { ...old, applied: old.applied + 1 } : old));
    } catch (err) {
      toastError(err);
    }
  };

  if (!o) return <p className="sk-muted sk-loading-line">加载中…</p>;
  const i = o.info;
  const line = [nameOf(codes, i.zgxl, 'm_xldm'), i.gznx ? `${i.gznx}年工作经验` : '暂无工作经验', i.nl !== null ? `${i.nl}岁` : '', nameOf(codes, i.dqszcs), nameOf(codes, i.qzzt, 'm_qzzt')].filter(Boolean);
  const counters: [string, number | string, string | (() => void)][] = [
    [FIGURES.applied, o.applied, to('job_hunter/hunter_invest')],
    [FIGURES.applicationsViewed, o.looked, to('job_hunter/hunter_invest?tab=looked')],
    ['面试邀请待答复', o.waiting, to('job_hunter/hunter_invite')],
    ['报名的招聘会', o.fairs, to('job_hunter/hunter_delivery')],
    ['未读消息', chatUnread ?? '—', openChat],
    [FIGURES.resumeViews, o.stats.jlckcs, to('job_hunter/hunter_who')],
    [FIGURES.favourited, o.stats.jlsccs, to('job_hunter/hunter_myresume')],
    [FIGURES.downloads, o.stats.jlxzcs, to('job_hunter/hunter_myresume')],
  ];
  return (
    <div className="sk-home">
      <div className="sk-home__me">
        <img src={avatarOf(i.txUrl, i.xbm)} alt="" width={72} height={72} />
        <div className="sk-home__who">
          <p className="sk-home__name">{i.xm}</p>
          <p className="sk-muted sk-small">{line.join(' · ')}</p>
          <p className="sk-home__links">
            <a href={paths.resume}>编辑简历</a>
            <a href={paths.resumePreview}>预览简历</a>
            <a href={to('job_hunter/hunter_resume')}>附件简历</a>
          </p>
        </div>
        <div className="sk-home__wsd">
          <Completeness wsd={i.wsd} />
        </div>
      </div>
      <div className="sk-stats" role="list" aria-label="我的求职数据">
        {counters.map(([label, n, target]) =>
          typeof target === 'string' ? (
            <div key={label} role="listitem">
              <a className="sk-stat" href={target}>
                <strong>{n}</strong>
                <span>{label}</span>
              </a>
            </div>
          ) : (
            <div key={label} role="listitem">
              <button type="button" className="sk-stat" onClick={target}>
                <strong>{n}</strong>
                <span>{label}</span>
              </button>
            </div>
          ),
        )}
      </div>
      <section className="sk-home__jobs" aria-labelledby="sk-rec-title">
        <div className="sk-card__head">
          <h2 className="sk-card__title" id="sk-rec-title">
            为你推荐
          </h2>
          <a href={paths.jobSearch} className="sk-small">
            更多职位 ›
          </a>
        </div>
        {jobs === null ? (
          <p className="sk-muted">加载中…</p>
        ) : jobs.length === 0 ? (
          <EmptyState text="暂无推荐职位，完善求职意向后会为你推荐合适的职位">
            <a className="zp-btn zp-btn--primary" href={`${paths.resume}#section-qzyx`}>
              填写求职意向
            </a>
          </EmptyState>
        ) : (
          <ul className="sk-list">
            {jobs.map((j) => (
              <JobRow
                key={j.gwid}
                job={j}
                codes={codes}
                side={
                  <GuardedButton variant="primary" onClick={() => apply(j)} aria-label={`投递简历：${j.gwmc}`}>
                    投递简历
                  </GuardedButton>
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default afterGuard(SeekerHome);
