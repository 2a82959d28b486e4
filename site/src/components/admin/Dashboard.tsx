/** /zppc/admin: the operator's overview — what waits (reviews, feedback) and the platform's figures. */
import { adminApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { ListState, Stat } from '../console/ui';
import { to } from '../../lib/paths';

export default function Dashboard() {
  const d = useLoad(() => api.call(adminApi.dashboard), []);
  const s = d.data?.summary;
  if (!s) return <ListState loading={d.loading} error={d.error} empty onRetry={d.reload}>{null}</ListState>;
  return (
    <>
      <h2 className="hr-section__title">待处理</h2>
      <div className="hr-stats">
        <Stat label="待审核单位" value={s.companiesPending} href={to('admin/companies')} tone={s.companiesPending ? 'warning' : undefined} />
        <Stat label="未答复的反馈" value={s.feedbackUnanswered} href={to('admin/feedback')} tone={s.feedbackUnanswered ? 'danger' : undefined} />
      </div>
      <h2 className="hr-section__title">平台概况</h2>
      <div className="hr-stats">
        <Stat label="求职者" value={s.users.qz} />
        <Stat label="企业 HR" value={s.users.hr} />
        <Stat label="已审核单位" value={s.companiesApproved} href={to('admin/companies')} />
        <Stat label="招聘中岗位" value={s.jobsPublished} href={to('admin/jobs')} tone="primary" />
        <Stat label="全部岗位" value={s.jobsTotal} href={to('admin/jobs')} />
        <Stat label="今日投递" value={s.applicationsToday} tone="success" />
        <Stat label="累计投递" value={s.applicationsTotal} />
        <Stat label="进行中的招聘会" value={s.fairsNow} href={to('admin/fairs')} tone="success" />
        <Stat label="即将开始的招聘会" value={s.fairsUpcoming} href={to('admin/fairs')} />
      </div>
    </>
  );
}
