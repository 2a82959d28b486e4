import { useEffect, useState } from 'react';
import { api } from '@zp/core/session';
import { completenessApi, resumesApi } from '@zp/core/routes';
import { MIN_COMPLETENESS, resumeComplete } from '@zp/core/rules/resume';
import { paths } from '../../lib/paths';
import { useLoad } from '../../lib/load';
import type * as C from '@zp/core/contract';
import { message, useSession, withLoading, toastError } from '@zp/ui';
import { useCodes } from './codes';
import BaseInfoCard, { type SeekerInfo } from './BaseInfoCard';
import SectionCard from './SectionCard';
import Attachments from './Attachments';
import { GuardedButton } from '../common/ClickGuard';
import { SECTION_ORDER } from './sectionsUi';
import { defOf, sectionRoute, type Row } from './resumeView';

type Rows = Partial<Record<C.SectionKey, Row[]>>;

async function loadSection(key: C.SectionKey): Promise<Row[]> {
  const r = (await api.call(sectionRoute(key, 'List') as never)) as unknown as Record<string, Row[]>;
  return r[defOf(key).listField] ?? [];
}

type Gap = C.Reply<typeof C.completenessApi.gaps>['missing'][number];
/** How many missing parts are named; the rest are counted. */
const GAPS_SHOWN = 4;

/**
 * Completeness as a bar with its number, and what is missing: "还差 6%：填写现居城市、选择求职状态",
 * each a link to where it is filled in. The server computes both after every change.
 */
export function Completeness({ wsd }: { wsd: number }) {
  const ok = resumeComplete(wsd);
  const gaps = useLoad(
    () =>
      api.call(completenessApi.gaps).then(
        (r): Gap[] | null => r.missing,
        // the bar still says the figure; the list is a help
        () => null,
      ),
    [wsd],
  ).data ?? null;
  const lacking = gaps?.reduce((n, g) => n + g.points, 0) ?? 0;
  return (
    <div className="sk-wsd">
      <div className="sk-wsd__label">
        <span>简历完成度</span>
        <strong data-testid="wsd">{wsd}%</strong>
      </div>
      <div className={`sk-progress${ok ? ' sk-progress--ok' : ''}`} role="progressbar" aria-label="简历完成度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={wsd}>
        <i style={{ width: `${wsd}%` }} />
      </div>
      {gaps?.length ? (
        <p className="sk-wsd__gaps" data-testid="wsd-gaps">
          还差 {lacking}%：
          {gaps.slice(0, GAPS_SHOWN).map((g, i) => (
            <span key={g.part}>
              {i ? '、' : ''}
              <a href={`${paths.resume}#${g.anchor}`} title={`完成后 +${g.points}%`}>
                {g.action}
              </a>
            </span>
          ))}
          {gaps.length > GAPS_SHOWN ? `等 ${gaps.length} 项` : ''}
        </p>
      ) : null}
      <p className="sk-small sk-muted">{ok ? `简历完成度已达 ${MIN_COMPLETENESS}%，可以报名招聘会、投递岗位。` : `完成度达到 ${MIN_COMPLETENESS}% 后才能报名招聘会、投递岗位。`}</p>
    </div>
  );
}

/** 生成电子简历: a Word document of the résumé as it is now, downloaded at once (kept among the seeker's files). */
function GenerateDocx({ disabled }: { disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await withLoading(api.call(resumesApi.generateResume));
      message.success(`已生成 ${r.wjmc}，正在下载`);
      // a signed link served as an attachment: the browser downloads it and stays on this page
      window.location.assign(r.fileUrl);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <GuardedButton block className="sk-preview-link" onClick={() => void run()} disabled={disabled} loading={busy} data-testid="generate-docx">
      下载 Word 简历
    </GuardedButton>
  );
}

/** The online résumé editor (/private/resume). */
export default function ResumeEditor({ previewHref }: { previewHref: string }) {
  const session = useSession();
  const codes = useCodes();
  const [wsd, setWsd] = useState(0);
  const resume = useLoad(
    async (): Promise<{ info: SeekerInfo | null; rows: Rows }> => {
      const [i, ...lists] = await Promise.all([api.call(resumesApi.info), ...SECTION_ORDER.map(loadSection)]);
      setWsd(i.qzGrjbxx?.wsd ?? 0);
      return { info: i.qzGrjbxx, rows: Object.fromEntries(SECTION_ORDER.map((k, n) => [k, lists[n]])) };
    },
    [],
    { toast: true },
  );
  // undefined until loaded; null: no base information yet
  const info = resume.data?.info;
  const rows = resume.data?.rows ?? {};
  const setInfo = (fresh: SeekerInfo | null) => resume.setData((d) => d && { ...d, info: fresh });
  const setRows = (update: (old: Rows) => Rows) => resume.setData((d) => d && { ...d, rows: update(d.rows) });

  // A link from elsewhere ("还差 …：填写现居城市") names a block that exists only once loaded.
  const loaded = info !== undefined;
  useEffect(() => {
    if (!loaded || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [loaded]);

  const refresh = async (key: C.SectionKey, newWsd: number) => {
    setWsd(newWsd);
    try {
      const list = await loadSection(key);
      setRows((old) => ({ ...old, [key]: list }));
    } catch (err) {
      toastError(err);
    }
  };

  if (info === undefined) return <p className="sk-muted sk-loading-line">加载中…</p>;

  return (
    <div className="sk-resume">
      <aside className="sk-resume__side" aria-label="简历目录">
        <div className="sk-card">
          <Completeness wsd={wsd} />
          <a className="zp-btn zp-btn--primary zp-btn--block sk-preview-link" href={previewHref}>
            预览简历
          </a>
          <GenerateDocx disabled={!info} />
        </div>
        <nav className="sk-card sk-toc">
          <a href="#section-base">基本信息</a>
          {SECTION_ORDER.map((k) => (
            <a key={k} href={`#section-${k}`}>
              {defOf(k).title}
              {rows[k]?.length ? <span className="sk-toc__done" role="img" aria-label="已填写">✓</span> : null}
            </a>
          ))}
          <a href="#section-attachments">附件简历</a>
        </nav>
      </aside>
      <div className="sk-resume__main">
        <BaseInfoCard
          info={info}
          phone={session?.phone ?? ''}
          codes={codes}
          onSaved={(fresh, newWsd) => {
            setInfo(fresh);
            setWsd(newWsd);
          }}
        />
        {info
          ? SECTION_ORDER.map((k) => <SectionCard key={k} sectionKey={k} rows={rows[k] ?? []} codes={codes} onChanged={(w) => void refresh(k, w)} />)
          : null}
        <section className="sk-card" id="section-attachments" aria-labelledby="section-attachments-title">
          <div className="sk-card__head">
            <h2 className="sk-card__title" id="section-attachments-title">
              附件简历
            </h2>
          </div>
          <Attachments />
        </section>
      </div>
    </div>
  );
}
