/** /enter_home/Enter_collection: the talents HR favourited, with the way to their résumé, an interview invitation, or removal. */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { relationsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { minutes, useGuardedSubmit } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { ListState, Tag, ListPager } from '../console/ui';
import { DownloadDialog, InviteDialog, toggleFavourite, type DownloadTarget, type InviteTarget } from './candidate';
import { avatarOf } from '../seeker/common';
import { resumePath } from './ReceivedResumes';
import { to } from '../../lib/paths';

const LIMIT = 10;

function List() {
  const codes = useCodes();
  const [name, setName] = useState('');
  const [xm, setXm] = useState('');
  const [page, setPage] = useState(1);
  const [invite, setInvite] = useState<InviteTarget | null>(null);
  const [download, setDownload] = useState<DownloadTarget | null>(null);
  const list = useLoad(() => api.call(relationsApi.favourites, { query: { page, limit: LIMIT, ...(xm ? { xm } : {}) } }), [xm, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setXm(name.trim());
  });
  const remove = async (qzbsid: string, who: string) => {
    if (await confirm({ message: `确定取消收藏 ${who} 吗？`, confirmText: '取消收藏' })) if (await toggleFavourite(qzbsid, false)) void list.reload();
  };
  const data = list.data?.page;
  return (
    <>
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        <label className="zp-visually-hidden" htmlFor="fav-name">姓名</label>
        <input id="fav-name" className="hr-input" placeholder="按姓名查找" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查找</Button>
        <div className="hr-toolbar__right">
          <a className="zp-btn" href={to('public/personalsearch')}>搜索更多人才</a>
        </div>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="还没有收藏人才，可在人才搜索或简历中收藏" onRetry={list.reload}>
        {data?.list.map((t) => {
          const href = t.sftd ? resumePath(t.qzbsid) : to(`public/personaldetail?qzbsid=${t.qzbsid}`);
          return (
            <div className="hr-card" key={t.qzbsid}>
              <img className="hr-card__avatar" src={avatarOf(t.txUrl, t.xbm)} alt="" width={48} height={48} loading="lazy" />
              <div className="hr-card__main">
                <p className="hr-card__title">
                  <a href={href}>{t.xm}</a>
                  {t.sftd ? <Tag tone="primary">已投递本单位</Tag> : null}
                  {t.sfyy ? <Tag tone="success">已邀约面试</Tag> : null}
                </p>
                <p className="hr-card__meta">
                  {t.xbm === 'xb_001' ? <span>男</span> : t.xbm === 'xb_002' ? <span>女</span> : null}
                  {t.nl !== null ? <span>{t.nl}岁</span> : null}
                  {codes && t.zgxl ? <span>{codes.name('m_xldm', t.zgxl)}</span> : null}
                  <span>{t.gznx ? `${t.gznx}年经验` : '应届/无经验'}</span>
                  {codes && t.dqszcs ? <span>{codes.city(t.dqszcs)}</span> : null}
                </p>
                <p className="hr-card__meta hr-small">
                  <span>收藏于 {minutes(t.scsj)}</span>
                </p>
              </div>
              <div className="hr-card__side">
                <div className="hr-actions">
                  <a className="zp-btn" href={href}>查看简历</a>
                  <Button variant="primary" onClick={() => setInvite({ qzbsid: t.qzbsid, name: t.xm })}>
                    邀请面试
                  </Button>
                  <Button variant="text" onClick={() => setDownload({ qzbsid: t.qzbsid, name: t.xm })}>
                    下载
                  </Button>
                  <GuardedButton variant="text" onClick={() => void remove(t.qzbsid, t.xm)}>
                    取消收藏
                  </GuardedButton>
                </div>
              </div>
            </div>
          );
        })}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {invite ? <InviteDialog target={invite} onClose={() => setInvite(null)} onSent={list.reload} /> : null}
      {download ? <DownloadDialog target={download} onClose={() => setDownload(null)} /> : null}
    </>
  );
}

export default function Favourites() {
  return (
    <HrGate approved>
      <List />
    </HrGate>
  );
}
