import { api } from '@zp/core/session';
import { resumesApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { nameOf, useCodes } from './codes';
import { useLoad } from '../../lib/load';
import { avatarOf } from './common';
import { defOf, sectionRoute, summarize, type Row } from './resumeView';
import { SECTION_ORDER } from './sectionsUi';

type Info = C.Reply<typeof C.resumesApi.previewInfo>['qzinfo'];

/** /private/resumepreview: the whole online résumé as an HR reads it (the jlyl calls). */
function ResumePreview() {
  const codes = useCodes();
  const { data } = useLoad(
    async (): Promise<{ info: Info; rows: Partial<Record<C.SectionKey, Row[]>> }> => {
      const [i, ...lists] = await Promise.all([
        api.call(resumesApi.previewInfo),
        ...SECTION_ORDER.map(async (k) => ((await api.call(sectionRoute(k, 'Preview') as never)) as unknown as Record<string, Row[]>)[k] ?? []),
      ]);
      return { info: i.qzinfo, rows: Object.fromEntries(SECTION_ORDER.map((k, n) => [k, lists[n]])) };
    },
    [],
    { toast: true },
  );
  const info = data?.info ?? null;
  const rows = data?.rows ?? {};

  if (!info) return <p className="sk-muted sk-loading-line">加载中…</p>;
  const facts = [
    nameOf(codes, info.xbm, 'm_xbdm'),
    info.nl !== null ? `${info.nl}岁` : '',
    nameOf(codes, info.zgxl, 'm_xldm'),
    info.gznx ? `${info.gznx}年工作经验` : '暂无工作经验',
    nameOf(codes, info.dqszcs),
  ].filter(Boolean);
  const filled = SECTION_ORDER.filter((k) => rows[k]?.length);
  return (
    <div className="sk-preview">
      <div className="sk-preview__bar sk-noprint">
        <span className="sk-muted sk-small">这是企业 HR 看到的你的在线简历（完成度 {info.wsd}%）</span>
        <span className="sk-row__actions">
          <a className="zp-btn" href={paths.resume}>
            返回编辑
          </a>
          <button type="button" className="zp-btn zp-btn--primary" onClick={() => window.print()}>
            打印 / 存为 PDF
          </button>
        </span>
      </div>
      <article className="sk-card sk-preview__paper" aria-label="简历">
        <header className="sk-preview__head">
          <img src={avatarOf(info.txUrl, info.xbm)} alt="" width={96} height={96} />
          <div>
            <h1 className="sk-preview__name">{info.xm}</h1>
            <p className="sk-preview__facts">{facts.join(' | ')}</p>
            <p className="sk-preview__contact">
              {info.phone ? <span>电话：{info.phone}</span> : null}
              {info.email ? <span>邮箱：{info.email}</span> : null}
              {info.qzzt ? <span>求职状态：{nameOf(codes, info.qzzt, 'm_qzzt')}</span> : null}
            </p>
          </div>
        </header>
        {info.zwpj ? (
          <section className="sk-preview__section">
            <h2>自我评价</h2>
            <p className="sk-entry__text">{info.zwpj}</p>
          </section>
        ) : null}
        {filled.map((k) => (
          <section className="sk-preview__section" key={k}>
            <h2>{defOf(k).title}</h2>
            {rows[k]!.map((row) => {
              const s = summarize(k, row, codes);
              return (
                <div className="sk-preview__entry" key={String(row[defOf(k).idField])}>
                  <p className="sk-entry__title">{s.title}</p>
                  {s.facts.length ? <p className="sk-entry__facts">{s.facts.join(' · ')}</p> : null}
                  {s.texts.map((t) => (
                    <p className="sk-entry__text" key={t.label}>
                      <span className="sk-muted">{t.label}：</span>
                      {t.text}
                    </p>
                  ))}
                </div>
              );
            })}
          </section>
        ))}
        {filled.length === 0 && !info.zwpj ? <p className="sk-muted">简历内容还很少，去完善简历吧。</p> : null}
      </article>
    </div>
  );
}

export default afterGuard(ResumePreview);
