/**
 * Who the HR is and whether the enterprise may recruit yet. Most enterprise-centre calls need an
 * approved enterprise (shzt 1, access hrApproved on the server); pages that need it show why not
 * and the way to the enterprise information page instead of a list of errors.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { identityApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { onReminder } from '@zp/core/socket';
import { useLoad, type Loaded } from '../../lib/load';
import type { ReplyOf } from '../console/lib';
import { ListState, Notice } from '../console/ui';
import { to } from '../../lib/paths';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';
import { badgeText } from '@zp/core/rules/badge';

export type Hr = ReplyOf<typeof identityApi.hrInfo>['qyDwhrxxEntity'];

/** Spec section 2 (chat launcher) and 5 (fair sign-up): the message for an enterprise not approved. */
export const companyInfoPath = to('enter_home/enter_info');

function useHrInfo(): Loaded<Hr> {
  return useLoad(async () => (await api.call(identityApi.hrInfo)).qyDwhrxxEntity, []);
}

const HrContext = createContext<{ hr: Hr; reload: () => void } | null>(null);
/** The HR of the surrounding HrGate. */
export function useHr(): { hr: Hr; reload: () => void } {
  const v = useContext(HrContext);
  if (!v) throw new Error('useHr outside HrGate');
  return v;
}

/** Why an HR cannot recruit yet, and what to do. */
export function ApprovalNotice({ hr }: { hr: Hr }) {
  const go = (
    <a className="zp-btn zp-btn--primary" href={companyInfoPath}>
      {hr.shzt === -1 ? '登记单位信息' : '修改单位信息'}
    </a>
  );
  if (hr.shzt === -1)
    return (
      <Notice tone="warning" title="尚未登记单位" action={go}>
        登记单位信息（或申请加入已登记的单位）并通过审核后，即可发布职位、报名招聘会和管理简历。
      </Notice>
    );
  if (hr.shzt === 0)
    return (
      <Notice tone="primary" title="单位信息审核中" action={<a className="zp-btn" href={companyInfoPath}>查看单位信息</a>}>
        平台运营人员审核通过后即可使用此功能，审核结果会通过消息提醒通知您。
      </Notice>
    );
  return (
    <Notice tone="danger" title={COMPANY_NOT_APPROVED} action={go}>
      请按审核说明修改单位信息后重新提交审核。
    </Notice>
  );
}

/**
 * Loads the HR and renders the page for them. With `approved`, an HR whose enterprise is not
 * approved sees ApprovalNotice instead of the page.
 */
export function HrGate({ approved, children }: { approved?: boolean; children: ReactNode }) {
  const { data, loading, error, reload } = useHrInfo();
  useEffect(() => {
    if (!data) return;
    refreshMenuBadge();
    return onReminder(refreshMenuBadge);
  }, [data]);
  if (!data) return <ListState loading={loading} error={error} empty onRetry={reload}>{null}</ListState>;
  if (approved && data.shzt !== 1) return <ApprovalNotice hr={data} />;
  return <HrContext.Provider value={{ hr: data, reload }}>{children}</HrContext.Provider>;
}

/**
 * The unread count beside 消息提醒 in the centre's side menu (CentreLayout leaves a hidden
 * badge per entry): the sum of the three counters, hidden at zero.
 */
export function refreshMenuBadge(): void {
  api.call(identityApi.hrReminders).then(
    ({ hrXxtx: x }) => {
      const n = x.wjxx.count + x.hxxx.count + x.xtxx.count;
      document.querySelectorAll<HTMLElement>('[data-badge="enter_news"]').forEach((el) => {
        el.textContent = badgeText(n);
        el.hidden = n === 0;
      });
    },
    () => {},
  );
}
