/**
 * /enter_home/enter_vip and /enter_home/enter_assets: the membership state (free or paid HR,
 * from getHrInfo's vip) and what it allows — spec section 6/9: a free HR's video interview lasts
 * at most 20 minutes, one per job seeker per day — and what the enterprise holds on the platform.
 * There is no payment gateway: becoming a paid member is arranged with the platform operator.
 */
import { applicationsApi, fairsApi, jobsApi, relationsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { HrGate, ApprovalNotice, useHr } from './hr';
import { ListState, Notice, Stat, Tag } from '../console/ui';
import { to } from '../../lib/paths';
// Spec section 9: the free HR's minutes per video interview, from the one interview rule.
import { RTC_FREE_LIMIT_MINUTES as FREE_VIDEO_MINUTES } from '@zp/core/rules/interview';

function Plans() {
  const { hr } = useHr();
  const paid = hr.vip === 1;
  return (
    <>
      <Notice tone={paid ? 'success' : 'primary'} title={paid ? '您是付费会员' : '您是免费会员'}>
        {paid ? '视频面试不受时长和次数限制。' : `视频面试每次最长 ${FREE_VIDEO_MINUTES} 分钟，同一位求职者每天可面试 1 次。`}
      </Notice>
      <div className="hr-plan">
        <div className={`hr-plan__card${paid ? '' : ' is-current'}`}>
          <h3>
            免费会员 {paid ? null : <Tag tone="primary">当前</Tag>}
          </h3>
          <ul className="hr-rules">
            <li>发布与管理职位、报名招聘会</li>
            <li>接收、筛选简历，发出面试邀请</li>
            <li>人才搜索、收藏人才、下载简历</li>
            <li>在线沟通</li>
            <li>
              视频面试：每次最长 <strong>{FREE_VIDEO_MINUTES} 分钟</strong>，同一位求职者<strong>每天 1 次</strong>
            </li>
          </ul>
        </div>
        <div className={`hr-plan__card${paid ? ' is-current' : ''}`}>
          <h3>
            付费会员 {paid ? <Tag tone="success">当前</Tag> : null}
          </h3>
          <ul className="hr-rules">
            <li>免费会员的全部功能</li>
            <li>
              视频面试<strong>不限时长、不限次数</strong>
            </li>
          </ul>
          {paid ? null : <p className="hr-muted hr-small">平台暂不支持在线支付。如需开通付费会员，请联系平台运营人员办理，开通后本页会显示为付费会员。</p>}
        </div>
      </div>
      <h2 className="hr-section__title">视频面试规则</h2>
      <ul className="hr-rules">
        <li>视频面试由 HR 在会场或沟通中发起，求职者同意后进入面试间。</li>
        <li>免费会员发起面试时，如当天已与该求职者面试过或面试满 {FREE_VIDEO_MINUTES} 分钟，系统会给出提示，不能继续面试。</li>
        <li>面试间内可邀请本单位同事共同参加。</li>
      </ul>
    </>
  );
}

function Assets() {
  const { hr } = useHr();
  const approved = hr.shzt === 1;
  const figures = useLoad(
    async () => {
      const total = async (p: Promise<{ page: { totalCount: number } }>) => (await p).page.totalCount;
      const [open, all, fairs, favourites, invitations] = await Promise.all([
        total(api.call(jobsApi.listHr, { query: { gwzt: '2', page: 1, limit: 1 } })),
        total(api.call(jobsApi.listHr, { query: { page: 1, limit: 1 } })),
        api.call(fairsApi.companyFairs, { query: { page: 1, limit: 100 } }),
        total(api.call(relationsApi.favourites, { query: { page: 1, limit: 1 } })),
        total(api.call(applicationsApi.sentInvitations, { query: { page: 1, limit: 1 } })),
      ]);
      const list = fairs.page.list;
      const paid = list.filter((f) => f.sfgy === 2);
      return {
        open,
        all,
        fairs: fairs.page.totalCount,
        upcoming: list.filter((f) => f.ifks !== 3).length,
        paid: paid.length,
        fees: paid.reduce((n, f) => n + (f.zwf ?? 0), 0),
        favourites,
        invitations,
      };
    },
    [],
    { enabled: approved },
  );
  const f = figures.data;
  return (
    <>
      <div className="hr-stats">
        <Stat label="会员等级" value={hr.vip ? '付费' : '免费'} href={to('enter_home/enter_vip')} tone={hr.vip ? 'success' : 'primary'} />
      </div>
      {!approved ? (
        <ApprovalNotice hr={hr} />
      ) : !f ? (
        <ListState loading={figures.loading} error={figures.error} empty onRetry={figures.reload}>
          {null}
        </ListState>
      ) : (
        <>
          <h2 className="hr-section__title">职位</h2>
          <div className="hr-stats">
            <Stat label="在招职位" value={f.open} href={to('enter_home/enter_post')} tone="primary" />
            <Stat label="全部职位" value={f.all} href={to('enter_home/enter_post_all')} />
          </div>
          <h2 className="hr-section__title">招聘会</h2>
          <div className="hr-stats">
            <Stat label="已报名招聘会" value={f.fairs} href={to('enter_home/enter_delivery')} />
            <Stat label="未结束的场次" value={f.upcoming} tone="success" />
            <Stat label="收费场次" value={f.paid} />
            <Stat label="展位费合计（元）" value={f.fees} tone={f.fees ? 'warning' : undefined} />
          </div>
          <h2 className="hr-section__title">人才</h2>
          <div className="hr-stats">
            <Stat label="收藏的人才" value={f.favourites} href={to('enter_home/enter_collection')} />
            <Stat label="发出的面试邀请" value={f.invitations} href={to('enter_home/enter_interview')} />
          </div>
          <p className="hr-muted hr-small">展位费按报名的收费场次计算，由招聘会主办方另行收取，平台不在线收费。</p>
        </>
      )}
    </>
  );
}

export default function Membership({ view }: { view: 'vip' | 'assets' }) {
  return <HrGate>{view === 'vip' ? <Plans /> : <Assets />}</HrGate>;
}
