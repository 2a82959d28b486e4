/**
 * /private/personalResume?qzbsid= and /public/personalDetail?qzbsid=: a job seeker's résumé as
 * the HR of an approved enterprise reads it. Opening it is recorded (findQzxxInfoZjcs: the
 * seeker's "who viewed me", and untouched applications to this enterprise become 已查看). Beside
 * it: the seeker's applications to this enterprise with the pipeline actions, favourite,
 * download, an interview invitation, print.
 */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { applicationsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import type { SectionKey } from '@zp/core/contract';
import { GuardedButton } from '../common/ClickGuard';
import { avatarOf } from '../seeker/common';
import { defOf, summarize, type Row } from '../seeker/resumeView';
import { SECTION_ORDER } from '../seeker/sectionsUi';
import { useLoad } from '../../lib/load';
import { minutes, queryParam } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { ListState, Notice, Tag } from '../console/ui';
import { DownloadDialog, InviteDialog, setApplicationState, toggleFavourite, type DownloadTarget, type InviteTarget } from './candidate';
import { to } from '../../lib/paths';
import { ReachSeeker } from './ReachSeeker';
import { ApplicationState } from '../common/ApplicationState';

const ID = /^[1-9]\d{0,18}$/;
/** The section reads of /api/hr/qyhxrxx/findQzxx*Info by section key (education, projects and intentions come with the header). */
const SECTION_READS: Partial<Record<SectionKey, keyof typeof applicationsApi>> = {
  gzjl: 'findQzxxGzjyInfo',
  kyjl: 'findQzxxKyjlInfo',
  lwxx: 'findQzxxLwxxInfo',
  pxjl: 'findQzxxPxjlInfo',
  ryjl: 'findQzxxRyjlInfo',
  shhd: 'findQzxxShhdInfo',
  yjfx: 'findQzxxYjfxInfo',
  yynl: 'findQzxxYynlInfo',
  zlxx: 'findQzxxZlxxInfo',
  zsxx: 'findQzxxZsxxInfo',
  zyjn: 'findQzxxZyjnInfo',
};

function Resume({ qzbsid, gwid }: { qzbsid: string; gwid: string }) {
  const codes = useCodes();
  const [invite, setInvite] = useState<InviteTarget | null>(null);
  const [download, setDownload] = useState<DownloadTarget | null>(null);
  const [favourite, setFavourite] = useState<boolean | null>(null);
  const cv = useLoad(async () => {
    const head = await api.call(applicationsApi.candidateOpened, { query: { qzbsid, ...(gwid ? { gwid } : {}) }, method: 'POST' });
    const reads = await Promise.all(
      (Object.entries(SECTION_READS) as [SectionKey, keyof typeof applicationsApi][]).map(async ([key, name]) => {
        const r = (await api.call(applicationsApi[name] as typeof applicationsApi.findQzxxGzjyInfo, { params: { qzbsid } })) as { qzinfo: Record<string, Row[]> };
        return [key, r.qzinfo[key] ?? []] as const;
      }),
    );
    const q = head.qzinfo;
    const rows: Partial<Record<SectionKey, Row[]>> = { ...Object.fromEntries(reads), jyjl: q.qzjyjllist, xmjy: q.qzxmjylist, qzyx: q.qzyxlist };
    return { info: q, jobs: head.gwList, rows };
  }, [qzbsid, gwid]);

  if (!cv.data) return <ListState loading={cv.loading} error={cv.error} empty onRetry={cv.reload}>{null}</ListState>;
  const { info, jobs, rows } = cv.data;
  const fav = favourite ?? info.sfsc === 1;
  const t = codes?.tables ?? null;
  const facts = [
    info.xbm === 'xb_001' ? '男' : info.xbm === 'xb_002' ? '女' : '',
    info.nl !== null ? `${info.nl}岁` : '',
    codes?.name('m_xldm', info.zgxl) ?? '',
    info.gznx ? `${info.gznx}年工作经验` : '暂无工作经验',
    codes?.city(info.dqszcs) ?? '',
  ].filter(Boolean);
  const filled = SECTION_ORDER.filter((k) => rows[k]?.length);
  const open = jobs.filter((j) => j.yyzt !== 5 && j.yyzt !== 6);
  const move = async (bsid: string, state: 3 | 5 | 6) => {
    if (await setApplicationState(bsid, info.xm, state)) void cv.reload();
  };

  return (
    <div className="hr-resume">
      <article className="hr-resume__paper" aria-label={`${info.xm}的简历`}>
        <header className="hr-resume__head">
          <img className="hr-resume__avatar" src={avatarOf(info.txUrl, info.xbm)} alt="" width={72} height={72} />
          <div>
            <h1 className="hr-resume__name">
              {info.xm} {fav ? <Tag tone="warning">已收藏</Tag> : null} {info.sftd ? <Tag tone="primary">已投递本单位</Tag> : null}
            </h1>
            <p className="hr-card__meta">{facts.map((f) => <span key={f}>{f}</span>)}</p>
            <p className="hr-card__meta">
              {info.phone ? <span>电话：{info.phone}</span> : null}
              {info.email ? <span>邮箱：{info.email}</span> : null}
              {info.qzzt ? <span>求职状态：{codes?.name('m_qzzt', info.qzzt)}</span> : null}
            </p>
            {!info.sftd ? <p className="hr-small hr-muted" style={{ margin: 0 }}>求职者投递本单位或接受面试邀请后，可查看完整联系方式。</p> : null}
          </div>
        </header>
        {info.zwpj ? (
          <section className="hr-section">
            <h2 className="hr-section__title">自我评价</h2>
            <p className="hr-entry__text">{info.zwpj}</p>
          </section>
        ) : null}
        {filled.map((k) => (
          <section className="hr-section" key={k}>
            <h2 className="hr-section__title">{defOf(k).title}</h2>
            {rows[k]!.map((row, n) => {
              const s = summarize(k, row, t);
              return (
                <div className="hr-entry" key={String(row[defOf(k).idField] ?? n)}>
                  <div className="hr-entry__head">{s.title}</div>
                  {s.facts.length ? <div className="hr-entry__sub">{s.facts.join(' · ')}</div> : null}
                  {s.texts.map((x) => (
                    <p className="hr-entry__text" key={x.label}>
                      <span className="hr-muted">{x.label}：</span>
                      {x.text}
                    </p>
                  ))}
                </div>
              );
            })}
          </section>
        ))}
        {filled.length === 0 && !info.zwpj ? <p className="hr-muted">该求职者的简历内容较少。</p> : null}
      </article>

      <aside className="hr-resume__aside hr-noprint" aria-label="操作">
        <h2 className="hr-section__title" style={{ margin: 0 }}>投递本单位的岗位</h2>
        {jobs.length ? (
          jobs.map((j) => (
            <div key={j.bsid} className="hr-apply">
              <p className="hr-apply__title">
                {j.gwmc} <ApplicationState yyzt={j.yyzt} />
              </p>
              <p className="hr-small hr-muted" style={{ margin: 0 }}>投递于 {minutes(j.tdsj)}</p>
              {j.yyzt !== 5 && j.yyzt !== 6 ? (
                <div className="hr-actions" style={{ justifyContent: 'flex-start' }}>
                  {j.yyzt < 3 ? <GuardedButton onClick={() => void move(j.bsid, 3)}>通过初筛</GuardedButton> : null}
                  <Button variant="primary" onClick={() => setInvite({ bsid: j.bsid, gwid: j.gwid, name: info.xm, gwmc: j.gwmc })}>
                    {j.yyzt === 4 ? '再次邀约' : '邀请面试'}
                  </Button>
                  {j.yyzt >= 3 ? <GuardedButton onClick={() => void move(j.bsid, 6)}>录用</GuardedButton> : null}
                  <GuardedButton variant="text" onClick={() => void move(j.bsid, 5)}>
                    不合适
                  </GuardedButton>
                </div>
              ) : null}
            </div>
          ))
        ) : (
          <p className="hr-small hr-muted" style={{ margin: 0 }}>
            未投递本单位。可邀请其参加在招岗位的面试。
          </p>
        )}
        <div className="hr-resume__buttons">
          {!open.length ? (
            <Button variant="primary" block onClick={() => setInvite({ qzbsid: info.qzbsid, name: info.xm })}>
              邀请面试
            </Button>
          ) : null}
          <ReachSeeker seekerId={info.qzbsid} block />
          <GuardedButton block onClick={() => void toggleFavourite(info.qzbsid, !fav).then((ok) => ok && setFavourite(!fav))}>
            {fav ? '取消收藏' : '收藏人才'}
          </GuardedButton>
          <Button
            block
            onClick={() => {
              const sent = jobs.find((j) => j.fjjlid);
              setDownload({ qzbsid: info.qzbsid, name: info.xm, attachment: sent ? { id: sent.fjjlid, name: `应聘「${sent.gwmc}」时所附` } : undefined });
            }}
          >
            下载简历
          </Button>
          <Button block onClick={() => window.print()}>
            打印 / 存为 PDF
          </Button>
        </div>
      </aside>
      {invite ? <InviteDialog target={invite} onClose={() => setInvite(null)} onSent={cv.reload} /> : null}
      {download ? <DownloadDialog target={download} onClose={() => setDownload(null)} /> : null}
    </div>
  );
}

export default function CandidateResume() {
  const qzbsid = queryParam('qzbsid');
  const gwid = queryParam('gwid');
  return (
    <HrGate approved>
      {ID.test(qzbsid) ? (
        <Resume qzbsid={qzbsid} gwid={ID.test(gwid) ? gwid : ''} />
      ) : (
        <Notice tone="warning" title="缺少求职者编号" action={<a className="zp-btn" href={to('public/personalsearch')}>去搜索人才</a>}>
          请从简历列表或人才搜索中打开简历。
        </Notice>
      )}
    </HrGate>
  );
}
