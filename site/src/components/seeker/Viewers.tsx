import { api } from '@zp/core/session';
import { relationsApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { nameOf, useCodes } from './codes';
import { logoOf, minute } from './common';
import { totalPages, usePaged } from '../../lib/load';

type Viewer = C.Reply<typeof C.relationsApi.viewers>['page']['list'][number];
const SIZE = 10;

/** hunter_who: HR who opened my résumé, latest first. */
function Viewers() {
  const codes = useCodes();
  const p = usePaged<Viewer>(async (page) => {
    const r = await api.call(relationsApi.viewers, { query: { page, limit: SIZE } });
    return { list: r.page.list, total: r.page.totalCount };
  });
  if (p.data === null) return <p className="sk-muted sk-loading-line">加载中…</p>;
  return (
    <div>
      <p className="sk-alert sk-alert--info">企业 HR 查看你的在线简历后会出现在这里。不想被某家单位看到？可以在「屏蔽单位」中屏蔽它。</p>
      {p.data.list.length === 0 ? (
        <EmptyState text="还没有企业查看过你的简历" />
      ) : (
        <ul className="sk-list">
          {p.data.list.map((v) => (
            <li className="sk-row" key={`${v.hrid}-${v.dwid}`}>
              <img className="sk-row__logo" src={logoOf(v.logoUrl, v.dwmc)} alt="" loading="lazy" width={48} height={48} />
              <div className="sk-row__main">
                <p className="sk-row__title">
                  <a href={paths.company(v.dwid)}>{v.dwmc}</a>
                </p>
                <p className="sk-row__meta">
                  <span>
                    {v.hrxm}
                    {v.hrzw ? ` / ${v.hrzw}` : ''}
                  </span>
                  {v.sshy ? <span>{nameOf(codes, v.sshy, 'm_dwsshydm')}</span> : null}
                </p>
              </div>
              <div className="sk-row__side">
                <span className="sk-small">{minute(v.cksj)}</span>
                <span className="sk-muted sk-small">查看 {v.ckcs} 次</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} />
    </div>
  );
}

export default afterGuard(Viewers);
