/** /enter_home/enter_center: the enterprise's state, its figures and the latest applications. */
import { applicationsApi, companiesApi, fairsApi, identityApi, jobsApi, slotsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { HrGate, ApprovalNotice, useHr } from './hr';
import { useLoad } from '../../lib/load';
import { minutes } from '../console/lib';
import { ListState, Stat, Tag } from '../console/ui';
import { COMPANY_STATE_TEXT, COMPANY_STATE_TONE } from '../console/states';
import { useCodes } from '../console/codes';
import { to } from '../../lib/paths';
import { avatarOf, logoOf } from '../seeker/common';
import { ApplicationState } from '../common/ApplicationState';

function Overview() {
  const { hr } = useHr();
  const approved = hr.shzt === 1;
  const codes = useCodes();
  const company = useLoad(() => api.call(companiesApi.infoForHr), []);
  const figures = useLoad(
    async () => {
      const count = async (p: Promise<{ page: { totalCount: number } }>) => (await p).page.totalCount;
      const [tj, drafts, fresh, interviews, reminders, attendance] = await Promise.all([
        api.call(fairsApi.hrFigures),
        count(api.call(jobsApi.listHr, { query: { gwzt: '0', page: 1, limit: 1 } })),
        count(api.call(applicationsApi.received, { query: { jlzt: '1', page: 1, limit: 1 } })),
        count(api.call(applicationsApi.sentInvitations, { query: { page: 1, limit: 1 } })),
        api.call(identityApi.hrReminders),
        api.call(slotsApi.figures),
      ]);
      const x = reminders.hrXxtx;
      return { ...tj.qygrxxtjVO, drafts, fresh, interviews, unread: x.wjxx.count + x.hxxx.count + x.xtxx.count, came: attendance.came, noShow: attendance.noShow };
    },
    [],
    { enabled: approved },
  );
  const recent = useLoad(() => api.call(applicationsApi.received, { query: { page: 1, limit: 6 } }), [], { enabled: approved });

  const c = company.data;
  const logo = logoOf(c?.qydwimageUrl, hr.dwmc);
  const f = figures.data;

  return (
    <>
      <div className="hr-company">
        <img className="hr-company__logo" src={logo} alt="" width={64} height={64} loading="lazy" />
        <div>
          <h2 className="hr-company__name">{hr.dwmc || '尚未登记单位'}</h2>
          <p className="hr-card__meta">
            <span>
              {hr.xm || hr.phone}
              {hr.zw ? ` / ${hr.zw}` : ''}
            </span>
            <Tag tone={COMPANY_STATE_TONE[hr.shzt]}>{COMPANY_STATE_TEXT[hr.shzt] ?? '未知'}</Tag>
            <Tag tone={hr.vip ? 'warning' : 'info'}>{hr.vip ? '付费会员' : '免费会员'}</Tag>
            {c?.BsKhglEntity && codes ? <span>{codes.place(c.BsKhglEntity.dwszsf, c.BsKhglEntity.dwszcs)}</span> : null}
          </p>
        </div>
      </div>

      {!approved ? <ApprovalNotice hr={hr} /> : null}
      {hr.shzt === 2 && c?.shsm ? <p className="hr-card__note">审核说明：{c.shsm}</p> : null}

      {approved ? (
        <>
          <div className="hr-stats">
            <Stat label="在招职位" value={f?.hrzzzws ?? '—'} href={to('enter_home/enter_post')} tone="primary" />
            <Stat label="草稿职位" value={f?.drafts ?? '—'} href={to('enter_home/enter_post')} />
            <Stat label="收到的简历" value={f?.hrsdjls ?? '—'} href={to('enter_home/enter_resume')} />
            <Stat label="已下载简历" value={f?.hrxzjls ?? '—'} href={to('enter_home/enter_downresume')} />
            <Stat label="待处理简历" value={f?.fresh ?? '—'} href={to('enter_home/enter_resume')} tone={f?.fresh ? 'warning' : undefined} />
            <Stat label="面试邀请" value={f?.interviews ?? '—'} href={to('enter_home/enter_interview')} tone="success" />
            <Stat label="近30天预约面试到场" value={f?.came ?? '—'} href={to('enter_home/enter_interview')} />
            <Stat label="近30天预约面试未到场" value={f?.noShow ?? '—'} href={to('enter_home/enter_interview')} tone={f?.noShow ? 'warning' : undefined} />
            <Stat label="预定的招聘会" value={f?.ydcgs ?? '—'} href={to('enter_home/enter_delivery')} />
            <Stat label="已参加招聘会" value={f?.ycjhxs ?? '—'} href={to('enter_home/enter_delivery')} />
            <Stat label="未读消息" value={f?.unread ?? '—'} href={to('enter_home/enter_news')} tone={f?.unread ? 'danger' : undefined} />
          </div>
          {figures.error ? <p className="hr-field__error">{figures.error}</p> : null}

          <div className="hr-toolbar">
            <a className="zp-btn zp-btn--primary" href={to('private/enter_postcreate')}>发布职位</a>
            <a className="zp-btn" href={to('enter_home/enter_delivery')}>报名招聘会</a>
            <a className="zp-btn" href={to('public/personalsearch')}>搜索人才</a>
          </div>

          <h2 className="hr-section__title">最新收到的简历</h2>
          <ListState loading={recent.loading} error={recent.error} empty={!recent.data?.page.list.length} emptyText="还没有收到简历" onRetry={recent.reload}>
            {recent.data?.page.list.map((a) => (
              <div className="hr-card" key={a.bsid}>
                <img className="hr-card__avatar" src={avatarOf(a.txUrl, a.xbm)} alt="" width={48} height={48} loading="lazy" />
                <div className="hr-card__main">
                  <p className="hr-card__title">
                    <a href={to(`private/personalresume?qzbsid=${a.qzbsid}&gwid=${a.gwid}`)}>{a.xm}</a>
                    <ApplicationState yyzt={a.yyzt} />
                  </p>
                  <p className="hr-card__meta">
                    <span>应聘：{a.gwmc}</span>
                    {codes && a.zgxl ? <span>{codes.name('m_xldm', a.zgxl)}</span> : null}
                    <span>投递于 {minutes(a.tdsj)}</span>
                    {a.hymc ? <span>招聘会：{a.hymc}</span> : null}
                  </p>
                </div>
              </div>
            ))}
          </ListState>
          {recent.data && recent.data.page.totalCount > 6 ? (
            <p>
              <a href={to('enter_home/enter_resume')}>查看全部 {recent.data.page.totalCount} 份简历 ›</a>
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}

export default function EnterCenter() {
  return (
    <HrGate>
      <Overview />
    </HrGate>
  );
}
