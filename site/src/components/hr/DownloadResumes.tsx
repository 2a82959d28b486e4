/**
 * /enter_home/enter_downresume: résumés to download — every application received, with the
 * attachment the seeker sent (or the online résumé). Each download goes through tdDownloadJl,
 * which the server logs (and counts on the seeker's résumé statistics). The back end keeps the
 * download log but offers no call to list it yet, so this page lists what may be downloaded.
 */
import { useState } from 'react';
import { applicationsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { minutes, useLoad } from './lib';
import { HrGate } from './hr';
import { ListState, Select, ListPager } from './ui';
import { downloadResume } from './candidate';
import { resumePath } from './ReceivedResumes';
import { ApplicationState } from '../common/ApplicationState';

const LIMIT = 10;

function List() {
  const [gwid, setGwid] = useState('');
  const [page, setPage] = useState(1);
  const jobs = useLoad(() => api.call(applicationsApi.jobsOfHr), []);
  const list = useLoad(() => api.call(applicationsApi.received, { query: { page, limit: LIMIT, ...(gwid ? { gwids: gwid } : {}) } }), [gwid, page]);
  const data = list.data?.page;
  return (
    <>
      <div className="hr-toolbar">
        <Select label="应聘岗位" value={gwid} placeholder="全部岗位" options={(jobs.data?.list ?? []).map((j) => ({ value: j.gwid, label: j.gwmc }))} onChange={(v) => { setGwid(v); setPage(1); }} />
        <span className="hr-muted hr-small">下载附件简历；未附附件的投递下载在线简历。每次下载都会记录。</span>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="还没有收到简历" onRetry={list.reload}>
        {data?.list.map((a) => (
          <div className="hr-card" key={a.bsid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                <a href={resumePath(a.qzbsid, a.gwid)}>{a.xm}</a>
                <ApplicationState yyzt={a.yyzt} />
              </p>
              <p className="hr-card__meta">
                <span>{a.fjjlmc ? `附件：${a.fjjlmc}` : '在线简历'}</span>
                <span>应聘：{a.gwmc}</span>
                <span>投递于 {minutes(a.tdsj)}</span>
              </p>
            </div>
            <div className="hr-card__side">
              <div className="hr-actions">
                <GuardedButton variant="primary" onClick={() => void downloadResume(a.qzbsid, true, a.fjjlid || undefined)}>
                  下载简历
                </GuardedButton>
              </div>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
    </>
  );
}

export default function DownloadResumes() {
  return (
    <HrGate approved>
      <List />
    </HrGate>
  );
}
