import { useEffect, useRef, useState } from 'react';
import { api } from '@zp/core/session';
import { withBeijingLabel } from '@zp/core/dates';
import { INTERVIEW_RESULTS, applicationsApi, slotsApi } from '@zp/core/routes';
import { onReminder } from '@zp/core/socket';
import type * as C from '@zp/core/contract';
import { Button, Dialog, message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { useCodes, nameOf } from './codes';
import { logoOf, minute } from './common';
import { countersChanged } from './CentreBadges';
import { totalPages, useLoad, usePaged } from '../../lib/load';
import { Tabs } from './Tabs';
import { SlotActions, offerPlace, offerTime } from '../slots/SeekerSlots';

type Invitation = C.Reply<typeof C.applicationsApi.invitationsWaiting>['listWait'][number];

const TABS = [
  { key: 'wait', label: '待答复' },
  { key: 'accepted', label: '已接受' },
  { key: 'declined', label: '已拒绝' },
] as const;
type Tab = (typeof TABS)[number]['key'];
const SIZE = 10;

async function fetchTab(tab: Tab, page: number) {
  const query = { page, limit: SIZE };
  if (tab === 'wait') {
    const r = await api.call(applicationsApi.invitationsWaiting, { query });
    return { list: r.listWait, total: r.page.total };
  }
  if (tab === 'accepted') {
    const r = await api.call(applicationsApi.invitationsAccepted, { query });
    return { list: r.listAccepted, total: r.page.total };
  }
  const r = await api.call(applicationsApi.invitationsDeclined, { query });
  return { list: r.listDenied, total: r.page.total };
}

/** hunter_invite: interview invitations, accepted or declined with a note. */
function Invitations() {
  const codes = useCodes();
  const [tab, setTab] = useState<Tab>('wait');
  const [answering, setAnswering] = useState<{ inv: Invitation; type: 1 | 2 } | null>(null);
  const [note, setNote] = useState('');
  const p = usePaged<Invitation>((page) => fetchTab(tab, page), [tab]);

  const countsLoad = useLoad(
    () => Promise.all(TABS.map((t) => fetchTab(t.key, 1))).then((rs): Partial<Record<Tab, number>> => Object.fromEntries(TABS.map((t, i) => [t.key, rs[i].total]))),
    [],
    { toast: true },
  );
  const counts = countsLoad.data ?? {};
  const loadCounts = countsLoad.reload;
  // Invitations that offer slots: what is open, and the booking.
  const offersLoad = useLoad(() => api.call(slotsApi.offers), []);
  const offerOf = (msid: string) => offersLoad.data?.list.find((o) => o.msid === msid) ?? null;
  const slotsChanged = () => {
    void p.reload();
    void loadCounts();
    void offersLoad.reload();
    countersChanged();
  };
  // A new invitation arrives with a reminder on the notification socket.
  const reload = useRef(p.reload);
  reload.current = p.reload;
  const reloadOffers = useRef(offersLoad.reload);
  reloadOffers.current = offersLoad.reload;
  useEffect(
    () =>
      onReminder(() => {
        void reload.current();
        void loadCounts();
        void reloadOffers.current();
      }),
    [],
  );

  const answer = async () => {
    if (!answering) return;
    try {
      await withLoading(api.call(applicationsApi.answerInvitation, { body: { msid: answering.inv.msid, type: answering.type, hfsm: note.trim() || undefined } }));
      message.success(answering.type === 1 ? '已接受面试邀请' : '已拒绝面试邀请');
      setAnswering(null);
      setNote('');
      await p.reload();
      void loadCounts();
      countersChanged();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div>
      <Tabs label="面试邀请" tabs={TABS} value={tab} onChange={setTab} counts={counts} />
      {p.data === null ? (
        <p className="sk-muted sk-loading-line">加载中…</p>
      ) : p.data.list.length === 0 ? (
        <EmptyState text={tab === 'wait' ? '暂无待答复的面试邀请' : '暂无记录'} />
      ) : (
        <ul className="sk-list">
          {p.data.list.map((inv) => {
            const offer = offerOf(inv.msid);
            const city = nameOf(codes, inv.mscs);
            // Addresses often start with the city already.
            const place = offer ? offerPlace(offer) : city && inv.msxxdz.includes(city) ? inv.msxxdz : [nameOf(codes, inv.mssf), city, inv.msxxdz].filter(Boolean).join(' ');
            return (
              <li key={inv.msid} className="sk-row sk-invite">
                <img className="sk-row__logo" src={logoOf(inv.logoUrl, inv.dwmc)} alt="" loading="lazy" width={48} height={48} />
                <div className="sk-row__main">
                  <p className="sk-row__title">
                    {inv.mymc} · <a href={paths.job(inv.gwid)}>{inv.gwmc}</a>
                  </p>
                  <p className="sk-row__meta">
                    <a href={paths.company(inv.dwid)}>{inv.dwmc}</a>
                  </p>
                  <dl className="sk-invite__facts">
                    <div>
                      <dt>面试时间</dt>
                      <dd>{offer ? offerTime(offer) : withBeijingLabel(minute(inv.mssj)) || '待定，请与联系人电话约定'}</dd>
                    </div>
                    <div>
                      <dt>面试地点</dt>
                      <dd>{place}</dd>
                    </div>
                    <div>
                      <dt>联系人</dt>
                      <dd>
                        {inv.lxr} {inv.sjhm}
                      </dd>
                    </div>
                    {inv.smxx ? (
                      <div>
                        <dt>说明</dt>
                        <dd>{inv.smxx}</dd>
                      </div>
                    ) : null}
                    {inv.hfsm ? (
                      <div>
                        <dt>我的答复</dt>
                        <dd>{inv.hfsm}</dd>
                      </div>
                    ) : null}
                    {inv.msjg ? (
                      <div>
                        <dt>面试结果</dt>
                        <dd>
                          {INTERVIEW_RESULTS[inv.msjg as 1 | 2]}
                          {inv.msjgsm ? `（${inv.msjgsm}）` : ''}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                </div>
                <div className="sk-row__side">
                  <span className="sk-muted sk-small">{minute(inv.createTime)} 收到</span>
                  {inv.zt === 0 ? (
                    <div className="sk-row__actions">
                      {offer ? (
                        <SlotActions offer={offer} answered={false} onChanged={slotsChanged} />
                      ) : (
                        <Button variant="primary" onClick={() => setAnswering({ inv, type: 1 })}>
                          接受
                        </Button>
                      )}
                      <Button onClick={() => setAnswering({ inv, type: 2 })}>拒绝</Button>
                    </div>
                  ) : (
                    <>
                      <span className={`sk-tag sk-tag--${inv.zt === 1 ? 'success' : 'danger'}`}>{inv.zt === 1 ? (offer?.booking ? '已预约' : '已接受') : '已拒绝'}</span>
                      {offer && inv.zt === 1 ? <SlotActions offer={offer} answered onChanged={slotsChanged} /> : null}
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {p.data ? <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} /> : null}
      <Dialog
        open={!!answering}
        title={answering?.type === 1 ? '接受面试邀请' : '拒绝面试邀请'}
        width={460}
        onClose={() => setAnswering(null)}
        footer={
          <>
            <Button onClick={() => setAnswering(null)}>取消</Button>
            <GuardedButton variant={answering?.type === 1 ? 'primary' : 'danger'} onClick={answer}>
              {answering?.type === 1 ? '确认接受' : '确认拒绝'}
            </GuardedButton>
          </>
        }
      >
        <div className="sk-field">
          <label htmlFor="sk-answer-note">{answering?.type === 1 ? '给 HR 的留言（选填）' : '拒绝原因（选填）'}</label>
          <textarea id="sk-answer-note" maxLength={200} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          <p className="sk-field__count">{note.length}/200</p>
        </div>
      </Dialog>
    </div>
  );
}

export default afterGuard(Invitations);
