import { api } from '@zp/core/session';
import { relationsApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { confirm, message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { nameOf, useCodes } from './codes';
import { day, logoOf } from './common';
import { totalPages, usePaged } from '../../lib/load';

type Company = C.Reply<typeof C.relationsApi.followed>['page']['list'][number];
const SIZE = 10;

/** hunter_follow: enterprises I follow. */
function Followed() {
  const codes = useCodes();
  const p = usePaged<Company>(async (page) => {
    const r = await api.call(relationsApi.followed, { params: { page, limit: SIZE } });
    return { list: r.page.list, total: r.page.totalCount };
  });
  const unfollow = async (c: Company) => {
    if (!(await confirm({ message: `确定取消关注「${c.dwmc}」吗？`, confirmText: '取消关注' }))) return;
    try {
      await withLoading(api.call(relationsApi.unfollow, { params: { dwid: c.dwid } }));
      message.success('已取消关注');
      await p.reload();
    } catch (err) {
      toastError(err);
    }
  };
  if (p.data === null) return <p className="sk-muted sk-loading-line">加载中…</p>;
  return (
    <div>
      {p.data.list.length === 0 ? (
        <EmptyState text="暂无关注的单位" />
      ) : (
        <ul className="sk-list">
          {p.data.list.map((c) => (
            <li className="sk-row" key={c.dwid}>
              <img className="sk-row__logo" src={logoOf(c.logoUrl, c.dwmc)} alt="" loading="lazy" width={48} height={48} />
              <div className="sk-row__main">
                <p className="sk-row__title">
                  <a href={paths.company(c.dwid)}>{c.dwmc}</a>
                </p>
                <p className="sk-row__meta">
                  {[nameOf(codes, c.sshy, 'm_dwsshydm'), nameOf(codes, c.dwxz, 'm_dwxzdm'), nameOf(codes, c.dwgm, 'm_dwgmdm'), nameOf(codes, c.dwszcs)]
                    .filter(Boolean)
                    .map((x) => (
                      <span key={x}>{x}</span>
                    ))}
                </p>
                <p className="sk-row__meta sk-small">
                  <span>在招职位 {c.rzgws} 个</span>
                  <span>关注于 {day(c.scsj)}</span>
                </p>
              </div>
              <div className="sk-row__side">
                <GuardedButton variant="text" onClick={() => unfollow(c)}>
                  取消关注
                </GuardedButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} />
    </div>
  );
}

export default afterGuard(Followed);
