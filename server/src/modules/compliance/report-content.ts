/** Someone reports (举报) a job, an enterprise, a person or a chat message: who may, how often, and the evidence kept. */
import { REPORT_KINDS, REPORT_LIMITS, isId, type ReportKind } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { salaryText } from '@zp/core/format';
import type { Db } from '../../db/index.js';
import { badRequest, notFound, tooMany } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import { companyNameOf } from '../companies/public.js';
import { jobSnapshot } from '../jobs/public.js';
import { insertReport, recentReports, userExists } from './repo.js';

/**
 * What the server itself knows of a reported item: its name and page, and for jobs and
 * enterprises a copy of what it said, which stays as evidence if the item is edited or removed
 * later. Null when the item does not exist. Chat messages and users are taken as given (the
 * chat's evidence comes from the reporter's client).
 */
async function describeTarget(db: Db, kind: ReportKind, id: string): Promise<{ name: string; link: string; evidence: string } | null> {
  // Jobs, enterprises and people are numbered; a chat message's id is the chat's own.
  if (kind !== 'chat' && !isId(id)) throw badRequest('举报对象(dxid) 格式不正确');
  if (kind === 'job') {
    const j = await jobSnapshot(db, id);
    if (!j) return null;
    return {
      name: `${j.title}（${j.companyName}）`,
      link: SITE_PATHS.job(id),
      evidence: `岗位：${j.title}\n单位：${j.companyName}\n薪资：${salaryText(j.salaryMin, j.salaryMax)}\n岗位描述：${j.description.slice(0, 2000)}`,
    };
  }
  if (kind === 'company') {
    const c = await companyNameOf(db, id);
    if (!c) return null;
    return { name: c.name, link: `/zppc/public/enterdetail?dwid=${id}`, evidence: `单位：${c.name}` };
  }
  if (kind === 'user') {
    return (await userExists(db, id)) ? { name: `用户 ${id}`, link: '', evidence: '' } : null;
  }
  return { name: REPORT_KINDS.chat, link: '', evidence: '' };
}

/** The new report's id. */
export async function reportContent(
  db: Db,
  user: User | null,
  body: { lx: ReportKind; dxid: string; yy: number; sm: string; zj?: string; phone?: string },
  ip: string,
): Promise<string> {
  if (user?.role === 'xs') throw badRequest('运营账号无需举报，请在运营后台直接处理');
  const phone = body.phone ?? '';
  if (!user && !phone) throw badRequest('请留下联系电话，以便核实举报');
  const recent = await recentReports(db, user ? { userId: user.id } : { ip });
  if (recent >= (user ? REPORT_LIMITS.memberPerDay : REPORT_LIMITS.anonymousPerHour)) throw tooMany('举报过于频繁，请稍后再试');
  const target = await describeTarget(db, body.lx, body.dxid);
  if (!target) throw notFound(`举报的${REPORT_KINDS[body.lx]}不存在`);
  const evidence = [target.evidence, body.zj?.trim() ?? ''].filter(Boolean).join('\n\n');
  return insertReport(db, {
    kind: body.lx,
    targetId: body.dxid,
    targetName: target.name,
    targetLink: target.link,
    reason: body.yy,
    statement: body.sm.trim(),
    evidence,
    reporterId: user?.id ?? null,
    phone: phone || (user?.phone ?? ''),
    ip,
  });
}
