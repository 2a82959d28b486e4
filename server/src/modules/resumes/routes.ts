/** The resumes module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import type { FastifyInstance } from 'fastify';
import { completenessApi, completenessGaps, identityApi, resumesApi, SECTIONS, SECTION_KEYS, SECTION_ROUTES, type SectionDef, type SectionKey } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { conflict, forbidden, notFound, unauthorized } from '../../http/reply.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import { readableUrl } from '../files/public.js';
import { saveBaseInfo, seekerBase, seekerInfo, seekerInfoAndCard } from './base-info.js';
import { checkCodes } from './check-codes.js';
import { addSectionRow, editSectionRow, removeSectionRow } from './edit-section.js';
import { generateResume, generatedResumes } from './generated.js';
import type { ResumesNeeds } from './needs.js';
import {
  deleteTarget,
  filledParts,
  recomputeCompleteness,
  refreshResume,
  resumeStatistics,
  sectionRows,
  setHidden,
  setSeekingState,
  setWeeklyJobs,
  targetCompanies,
  yearsSince,
} from './repo.js';
import { addTargets } from './target-companies.js';
import { startWeeklyTimer } from './weekly.js';

/** The resumes module, given what it asks of the applications module (see needs.ts). */
export function resumesModule(needs: ResumesNeeds): Module {
  return { name: 'resumes', dependencies: ['auth', 'codes'], register: (app, s) => register(app, s, needs) };
}

/** The five routes of one section (list, preview, save, update, remove). */
function registerSection(app: FastifyInstance, s: Services, needs: ResumesNeeds, key: SectionKey) {
  const def = SECTIONS[key] as unknown as SectionDef;
  const routes = SECTION_ROUTES[key];

  handle(app, s, routes.list, async ({ user }) => ({ [def.listField]: await sectionRows(s.db, key, user.id) }));
  handle(app, s, routes.preview, async ({ user }) => ({ [def.key]: await sectionRows(s.db, key, user.id), gwList: await needs.appliedJobs(s.db, user.id) }));

  handle(app, s, routes.save, async ({ user, body }) => {
    const { id, wsd } = await addSectionRow(s, key, user.id, body as Record<string, unknown>);
    return { msg: '保存成功', [def.idField]: id, wsd, qzGrjbxxBase: (await seekerBase(s, user.id))! };
  });

  handle(app, s, routes.update, async ({ user, body }) => {
    const v = body as Record<string, unknown>;
    const id = String(v[def.idField]);
    return { msg: '保存成功', [def.idField]: id, wsd: await editSectionRow(s, key, user.id, id, v) };
  });

  handle(app, s, routes.remove, async ({ user, params }) => ({ msg: '删除成功', wsd: await removeSectionRow(s, key, user.id, params.id) }));
}

function register(app: FastifyInstance, s: Services, needs: ResumesNeeds): void {
  handle(app, s, identityApi.seekerBase, async ({ user }) => ({ qzGrjbxxBase: await seekerBase(s, user.id) }));

  for (const key of SECTION_KEYS) registerSection(app, s, needs, key);

  handle(app, s, completenessApi.gaps, async ({ user }) => {
    const { wsd, filled } = await filledParts(s.db, user.id);
    return { wsd, missing: completenessGaps(filled) };
  });

  startWeeklyTimer(s);

  handle(app, s, resumesApi.info, async ({ user }) => {
    const info = await seekerInfo(s, user.id);
    // no base information until a name was given (the client then calls save, not update)
    return { qzGrjbxx: info?.xm ? info : null };
  });

  handle(app, s, resumesApi.save, async ({ user, body }) => {
    await saveBaseInfo(s, user.id, body as Record<string, unknown>);
    return { msg: '保存成功', qzGrjbxxBase: (await seekerBase(s, user.id))! };
  });

  handle(app, s, resumesApi.update, async ({ user, body }) => {
    await saveBaseInfo(s, user.id, body as Record<string, unknown>);
    return { msg: '保存成功', qzGrjbxxBase: (await seekerBase(s, user.id))! };
  });

  handle(app, s, resumesApi.updateState, async ({ user, params }) => {
    await checkCodes(s.db, [['m_qzzt', params.qzzt, '求职状态']]);
    await setSeekingState(s.db, user.id, params.qzzt);
    return { msg: '修改成功', qzzt: params.qzzt, wsd: await recomputeCompleteness(s.db, user.id) };
  });

  handle(app, s, resumesApi.hide, async ({ user, params }) => {
    await setHidden(s.db, user.id, params.jlyc === 1);
    return { msg: params.jlyc === 1 ? '简历已隐藏，企业将无法搜索到您' : '简历已公开', jlyc: params.jlyc };
  });

  handle(app, s, resumesApi.refresh, async ({ user }) => {
    const refreshTime = await refreshResume(s.db, user.id);
    if (!refreshTime) throw conflict('今天已经刷新过简历了，明天再来吧');
    return { msg: '刷新成功', refreshTime };
  });

  handle(app, s, resumesApi.weeklyJobs, async ({ user, query }) => {
    const subscribed = await setWeeklyJobs(s.db, user.id, query.sfdy === undefined ? undefined : query.sfdy === 1);
    if (subscribed === null) throw notFound('请先填写个人基本信息');
    return { msg: subscribed ? '已订阅每周职位推荐' : '已取消每周职位推荐', sfdy: subscribed ? 1 : 0 };
  });

  handle(app, s, resumesApi.generateResume, async ({ user }) => {
    const f = await generateResume(s, user.id);
    if (!f) throw notFound('请先填写个人基本信息');
    return { msg: '电子简历已生成', wjid: f.id, wjmc: f.name, fileUrl: await readableUrl(s, f) };
  });

  // A download, not a JSON reply: outside the contract's handle(), with the same access (qz, full session).
  app.get(
    '/api/qz/qzjldz/preViewDocx',
    { schema: { summary: '下载最新的电子简历（Word 文档，附件下载）', tags: ['resumes'], security: [{ token: [] }] } },
    async (req, reply) => {
      const user = await s.sessions.userOf(req);
      if (!user) throw unauthorized();
      if (user.role !== 'qz' || user.origin) throw forbidden('仅求职者本人可下载电子简历');
      const f = (await generatedResumes(s, user.id))[0] ?? (await generateResume(s, user.id));
      if (!f) throw notFound('请先填写个人基本信息');
      return reply.header('cache-control', 'private, no-store').redirect(await readableUrl(s, f));
    },
  );

  handle(app, s, resumesApi.statistics, async ({ user }) => resumeStatistics(s.db, user.id));

  handle(app, s, resumesApi.previewInfo, async ({ user }) => {
    const both = await seekerInfoAndCard(s, user.id);
    if (!both?.card) throw notFound('请先填写个人基本信息');
    const { info, card } = both;
    return {
      qzinfo: {
        xm: info.xm, x: card.x, nl: yearsSince(info.csrq), xbm: info.xbm, phone: info.phone, email: info.yx, gznx: card.gznx,
        zgxl: card.zgxl, zwpj: info.zwpj, csrq: info.csrq, dqszcs: info.dqszcs, qzzt: info.qzzt, txUrl: info.txUrl, wsd: info.wsd,
      },
      gwList: await needs.appliedJobs(s.db, user.id),
    };
  });

  // ---- intended employers (qzyxdw)

  handle(app, s, resumesApi.targets, async ({ user }) => ({ yxdwList: await targetCompanies(s.db, user.id) }));

  const add = async (userId: string, ids: string[]) => ({ msg: '添加成功', added: await addTargets(s, userId, ids) });
  handle(app, s, resumesApi.addTargets, ({ user, body }) => add(user.id, body));
  handle(app, s, resumesApi.addTargetsSlash, ({ user, body }) => add(user.id, body));

  handle(app, s, resumesApi.removeTarget, async ({ user, params }) => {
    if (!(await deleteTarget(s.db, user.id, params.bsid))) throw notFound('意向单位不存在');
    return { msg: '删除成功' };
  });
}
