/**
 * /enter_home/enter_downresume: résumés to download — every application received. Each one as a
 * PDF or Word file of the online résumé, or the attachment the seeker sent; several at once as a
 * zip. The server counts each real download (the seeker sees it as 简历下载次数).
 */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { applicationsApi, RESUME_EXPORT_MAX } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { minutes } from '../console/lib';
import { HrGate } from './hr';
import { ListState, Select, ListPager, resettingPage } from '../console/ui';
import { DownloadDialog, exportResumes, type DownloadTarget } from './candidate';
import { resumePath } from './ReceivedResumes';
import { ApplicationState } from '../common/ApplicationState';

const LIMIT = 10;

function List() {
  const [gwid, setGwid] = useState('');
  const [page, setPage] = useState(1);
  const [download, setDownload] = useState<DownloadTarget | null>(null);
  /** the seekers chosen for the zip, across pages */
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [format, setFormat] = useState<'pdf' | 'docx'>('pdf');
  const [attachments, setAttachments] = useState(true);
  const jobs = useLoad(() => api.call(applicationsApi.jobsOfHr), []);
  const list = useLoad(() => api.call(applicationsApi.received, { query: { page, limit: LIMIT, ...(gwid ? { gwids: gwid } : {}) } }), [gwid, page]);
  const data = list.data?.page;
  const rows = data?.list ?? [];
  const full = chosen.size >= RESUME_EXPORT_MAX;

  const toggle = (id: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageIds = [...new Set(rows.map((a) => a.qzbsid))];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  const choosePage = (on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      for (const a of rows) {
        if (!on) next.delete(a.qzbsid);
        else if (next.size < RESUME_EXPORT_MAX) next.add(a.qzbsid);
      }
      return next;
    });
  const exportChosen = async () => {
    if ((await exportResumes([...chosen], format, attachments)) !== undefined) setChosen(new Set());
  };

  return (
    <>
      <div className="hr-toolbar">
        <Select label="应聘岗位" value={gwid} placeholder="全部岗位" options={(jobs.data?.list ?? []).map((j) => ({ value: j.gwid, label: j.gwmc }))} onChange={resettingPage(setGwid, setPage)} />
        <span className="hr-muted hr-small">在线简历可下载为 PDF 或 Word；投递时附了附件的，也可下载附件。每次下载都会记录。</span>
      </div>
      <div className="hr-export" role="group" aria-label="批量导出">
        <label className="hr-check">
          <input type="checkbox" checked={allOnPage} disabled={!pageIds.length} onChange={(e) => choosePage(e.target.checked)} />
          全选本页
        </label>
        <span className="hr-small" aria-live="polite">
          已选 {chosen.size} 人{full ? `（一次最多导出 ${RESUME_EXPORT_MAX} 份）` : ''}
        </span>
        <span className="hr-export__grow" />
        <Select label="导出格式" value={format} options={[{ value: 'pdf', label: 'PDF' }, { value: 'docx', label: 'Word' }]} onChange={(v) => setFormat(v as 'pdf' | 'docx')} />
        <label className="hr-check">
          <input type="checkbox" checked={attachments} onChange={(e) => setAttachments(e.target.checked)} />
          包含附件简历
        </label>
        <Button variant="primary" disabled={!chosen.size} onClick={() => void exportChosen()}>
          导出所选（zip）
        </Button>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!rows.length} emptyText="还没有收到简历" onRetry={list.reload}>
        {rows.map((a) => (
          <div className="hr-card" key={a.bsid}>
            <input
              className="hr-card__check"
              type="checkbox"
              aria-label={`选择 ${a.xm}`}
              checked={chosen.has(a.qzbsid)}
              disabled={!chosen.has(a.qzbsid) && full}
              onChange={(e) => toggle(a.qzbsid, e.target.checked)}
            />
            <div className="hr-card__main">
              <p className="hr-card__title">
                <a href={resumePath(a.qzbsid, a.gwid)}>{a.xm}</a>
                <ApplicationState yyzt={a.yyzt} />
              </p>
              <p className="hr-card__meta">
                <span>{a.fjjlmc ? `附件：${a.fjjlmc}` : '未附附件'}</span>
                <span>应聘：{a.gwmc}</span>
                <span>投递于 {minutes(a.tdsj)}</span>
              </p>
            </div>
            <div className="hr-card__side">
              <div className="hr-actions">
                <Button variant="primary" onClick={() => setDownload({ qzbsid: a.qzbsid, name: a.xm, attachment: a.fjjlid ? { id: a.fjjlid, name: a.fjjlmc } : undefined })}>
                  下载简历
                </Button>
              </div>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {download ? <DownloadDialog target={download} onClose={() => setDownload(null)} /> : null}
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
