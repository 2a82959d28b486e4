import { beijingToday } from '@zp/core/dates';
import { api } from '@zp/core/session';
import { filesApi, resumesApi } from '@zp/core/routes';
import { to } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { useLoad } from '../../lib/load';
import { MAX_ATTACHMENTS } from './Attachments';
import { UPLOAD_RULES } from '@zp/core/rules/files';
import { MIN_COMPLETENESS } from '@zp/core/rules/resume';

interface State {
  attachments: number;
  refreshedToday: boolean;
  hidden: boolean;
  wsd: number;
}

/**
 * hunter_vip: the seeker's membership. The platform has no paid plan for job seekers (the back
 * end keeps none and there is no payment gateway): every seeker is a free member with the
 * services below; the page shows what each allows and how much of it is in use.
 */
function Membership() {
  const { data: s } = useLoad(
    () =>
      Promise.all([api.call(filesApi.seekerList, { query: { fileType: 10 } }), api.call(resumesApi.info)]).then(([files, info]): State => {
        const today = beijingToday();
        const i = info.qzGrjbxx;
        return { attachments: files.fileList.length, refreshedToday: !!i?.refreshTime && i.refreshTime.slice(0, 10) === today, hidden: i?.jlyc === 1, wsd: i?.wsd ?? 0 };
      }),
    [],
    { toast: true },
  );
  if (!s) return <p className="sk-muted sk-loading-line">加载中…</p>;
  const rows: [string, string, string, string][] = [
    ['在线简历', `完善简历，完成度达到 ${MIN_COMPLETENESS}% 后可报名招聘会、投递职位`, `当前完成度 ${s.wsd}%`, to('private/resume')],
    ['附件简历', `最多保存 ${MAX_ATTACHMENTS} 份，单个不超过 ${UPLOAD_RULES.resume.label}`, `已使用 ${s.attachments}/${MAX_ATTACHMENTS}`, to('job_hunter/hunter_resume')],
    ['简历刷新', '每天 1 次，刷新后在人才搜索中排名靠前', s.refreshedToday ? '今日已刷新' : '今日可刷新', to('job_hunter/hunter_myresume')],
    ['简历隐私', '隐藏简历、屏蔽指定单位', s.hidden ? '简历已隐藏' : '简历公开', to('job_hunter/shield_company')],
    ['招聘会', '报名线上、线下招聘会，进入会场与企业在线沟通', '不限次数', to('job_hunter/hunter_delivery')],
    ['职位投递', '投递职位、接收面试邀请、视频面试', '不限次数', to('job_hunter/hunter_invest')],
    ['谁看过我', '查看哪些单位的 HR 看过你的简历', '全部可见', to('job_hunter/hunter_who')],
  ];
  return (
    <div>
      <div className="sk-vip">
        <div>
          <p className="sk-vip__label">当前会员状态</p>
          <p className="sk-vip__state">
            免费会员 <span className="sk-tag sk-tag--success">长期有效</span>
          </p>
          <p className="sk-muted sk-small">平台对求职者免费开放全部求职服务，暂无付费会员，无需支付任何费用。如有人以平台名义向你收费，请提高警惕。</p>
        </div>
      </div>
      <table className="sk-table">
        <thead>
          <tr>
            <th scope="col">服务</th>
            <th scope="col">免费会员可用</th>
            <th scope="col">我的使用情况</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, what, used, href]) => (
            <tr key={name}>
              <td>
                <a href={href}>{name}</a>
              </td>
              <td>{what}</td>
              <td>{used}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default afterGuard(Membership);
