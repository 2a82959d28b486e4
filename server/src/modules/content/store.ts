import type { Static } from '@sinclair/typebox';
import type { AdminBanner, AdminNotice, HomeCompanyCard, NoticeDetail, NoticeItem } from '@zp/core/contract';
import type { Config } from '../../config.js';
import { likePattern, one, rows, sql, type Db, chinaTime } from '../../db/index.js';
import { badRequest, notFound, offsetOf, pageOf, type PageOf } from '../../http/reply.js';
import { countView } from '../../http/page-views.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { isValidCode } from '../codes/public.js';
import { companyJobCounts, publishedJobsOfCompany } from '../jobs/public.js';
import { contentChanged } from '../../bus/content-changed.js';
import { inPlace } from '../codes/public.js';


// ---------------------------------------------------------------------------------------------
// Banners

interface BannerRow {
  bsid: string;
  zswz: string;
  bt: string;
  fbt: string;
  ys: string;
  tpdz: string;
  tzlj: string;
  px: number;
  fbzt: number;
  version: string;
}

const bannerColumns = sql`id::text as bsid, slot as zswz, title as bt, subtitle as fbt, color as ys, image_url as tpdz, link as tzlj,
  sort::int as px, published::int as fbzt, (extract(epoch from updated_at) * 1000)::bigint::text as version`;

/** The image shown: the uploaded one, or the SVG the server draws (versioned so caches renew on edit). */
function bannerUrl(config: Config, b: Pick<BannerRow, 'bsid' | 'tpdz' | 'version'>): string {
  if (b.tpdz) return b.tpdz.startsWith('/') ? `${config.publicUrl}${b.tpdz}` : b.tpdz;
  return `${config.publicUrl}/api/content/banners/${b.bsid}/image.svg?v=${b.version}`;
}

export async function slotBanners(s: Services, slot: string) {
  const list = await rows<BannerRow>(s.db, sql`select ${bannerColumns} from banners where slot = ${slot} and published order by sort, id`);
  return list.map((b) => ({ url: bannerUrl(s.config, b), tzlj: b.tzlj }));
}

export async function bannerForImage(db: Db, id: string) {
  return one<{ slot: string; title: string; subtitle: string; color: string; version: string }>(
    db,
    sql`select slot, title, subtitle, color, (extract(epoch from updated_at) * 1000)::bigint::text as version from banners where id = ${id}`,
  );
}

export async function adminBanners(s: Services, slot?: string): Promise<Static<typeof AdminBanner>[]> {
  const list = await rows<BannerRow>(
    s.db,
    sql`select ${bannerColumns} from banners ${slot ? sql`where slot = ${slot}` : sql``} order by slot, sort, id`,
  );
  return list.map(({ version, ...b }) => ({ ...b, url: bannerUrl(s.config, { ...b, version }) }));
}

export async function saveBanner(
  s: Services,
  operatorId: string,
  b: { bsid?: string; zswz: string; bt: string; fbt?: string; ys?: string; tpdz?: string; tzlj?: string; px?: number; fbzt?: 0 | 1 },
): Promise<string> {
  const f = {
    slot: b.zswz, title: b.bt.trim(), subtitle: b.fbt?.trim() ?? '', color: b.ys ?? '#c0392b', image: b.tpdz ?? '', link: b.tzlj ?? '', sort: b.px ?? 0,
  };
  if (!f.title) throw badRequest('标题 不能为空');
  let id: string;
  if (b.bsid) {
    const r = await one<{ id: string }>(
      s.db,
      sql`update banners set slot = ${f.slot}, title = ${f.title}, subtitle = ${f.subtitle}, color = ${f.color}, image_url = ${f.image},
            link = ${f.link}, sort = ${f.sort}, published = coalesce(${b.fbzt === undefined ? null : b.fbzt === 1}::boolean, published),
            updated_at = now()
          where id = ${b.bsid} returning id::text as id`,
    );
    if (!r) throw notFound('轮播图不存在');
    id = r.id;
  } else {
    id = (await one<{ id: string }>(
      s.db,
      sql`insert into banners (slot, title, subtitle, color, image_url, link, sort, published, created_by)
          values (${f.slot}, ${f.title}, ${f.subtitle}, ${f.color}, ${f.image}, ${f.link}, ${f.sort}, ${(b.fbzt ?? 1) === 1}, ${operatorId})
          returning id::text as id`,
    ))!.id;
  }
  await logOperatorAction(s.db, operatorId, b.bsid ? 'banner.update' : 'banner.create', id, { ...f, fbzt: b.fbzt });
  await contentChanged(s, 'banner', id);
  return id;
}

export async function publishBanner(s: Services, operatorId: string, id: string, published: boolean) {
  const r = await one(s.db, sql`update banners set published = ${published}, updated_at = now() where id = ${id} returning id`);
  if (!r) throw notFound('轮播图不存在');
  await logOperatorAction(s.db, operatorId, published ? 'banner.publish' : 'banner.unpublish', id);
  await contentChanged(s, 'banner', id);
}

export async function deleteBanner(s: Services, operatorId: string, id: string) {
  const r = await one<{ title: string }>(s.db, sql`delete from banners where id = ${id} returning title`);
  if (!r) throw notFound('轮播图不存在');
  await logOperatorAction(s.db, operatorId, 'banner.delete', id, { title: r.title });
  await contentChanged(s, 'banner', id);
}

// ---------------------------------------------------------------------------------------------
// Notices

const noticeColumns = sql`id::text as bsid, title, category as types, source as zxly, ${chinaTime('released_at')} as "releaseTime", visits::int as visits`;

export async function listNotices(db: Db, q: { page: number; limit: number; types?: string }): Promise<PageOf<Static<typeof NoticeItem>>> {
  const where = sql`published ${q.types ? sql`and category = ${q.types}` : sql``}`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from notices where ${where}`))!.n;
  const list = await rows<Static<typeof NoticeItem>>(
    db,
    sql`select ${noticeColumns} from notices where ${where} order by released_at desc, id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return pageOf(list, total, q.page, q.limit);
}

/** A published notice; opening it counts a visit, once a day per `reader` (none: a page render, whose page counts). */
export async function openNotice(db: Db, id: string, reader: string | null): Promise<Static<typeof NoticeDetail>> {
  const r = await one<Static<typeof NoticeDetail>>(db, sql`select ${noticeColumns}, content from notices where id = ${id} and published`);
  if (!r) throw notFound('公告不存在或已撤下');
  const counted = reader !== null && (await countView(db, 'notice', id, reader));
  return { ...r, visits: r.visits + (counted ? 1 : 0) };
}

export async function adminNotices(db: Db, q: { page: number; limit: number; title?: string }): Promise<PageOf<Static<typeof AdminNotice>>> {
  const like = q.title?.trim() ? likePattern(q.title) : null;
  const where = like ? sql`title ilike ${like}` : sql`true`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from notices where ${where}`))!.n;
  const list = await rows<Static<typeof AdminNotice>>(
    db,
    sql`select ${noticeColumns}, content, published::int as fbzt from notices where ${where}
        order by released_at desc, id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return pageOf(list, total, q.page, q.limit);
}

export async function saveNotice(
  s: Services,
  operatorId: string,
  b: { bsid?: string; title: string; types: string; zxly?: string; content: string; fbzt?: 0 | 1 },
): Promise<string> {
  if (!(await isValidCode(s.db, 'm_zxlbdm', b.types))) throw badRequest('资讯类别无效');
  const source = b.zxly ?? '';
  if (source && !(await isValidCode(s.db, 'm_zxlydm', source))) throw badRequest('资讯来源无效，请重新选择');
  const title = b.title.trim();
  const content = b.content.trim();
  if (!content) throw badRequest('正文 不能为空');
  const publish = b.fbzt === undefined ? null : b.fbzt === 1;
  let id: string;
  if (b.bsid) {
    const r = await one<{ id: string }>(
      s.db,
      sql`update notices set title = ${title}, category = ${b.types}, source = ${source}, content = ${content},
            -- Publishing a hidden notice dates it now, so it shows at the top.
            released_at = case when ${publish}::boolean and not published then now() else released_at end,
            published = coalesce(${publish}::boolean, published), updated_at = now()
          where id = ${b.bsid} returning id::text as id`,
    );
    if (!r) throw notFound('公告不存在');
    id = r.id;
  } else {
    id = (await one<{ id: string }>(
      s.db,
      sql`insert into notices (title, category, source, content, published, created_by)
          values (${title}, ${b.types}, ${source}, ${content}, ${publish ?? true}, ${operatorId}) returning id::text as id`,
    ))!.id;
  }
  await logOperatorAction(s.db, operatorId, b.bsid ? 'notice.update' : 'notice.create', id, { title, types: b.types, fbzt: b.fbzt });
  await contentChanged(s, 'notice', id);
  return id;
}

export async function publishNotice(s: Services, operatorId: string, id: string, published: boolean) {
  const r = await one(
    s.db,
    sql`update notices set released_at = case when ${published}::boolean and not published then now() else released_at end,
          published = ${published}, updated_at = now() where id = ${id} returning id`,
  );
  if (!r) throw notFound('公告不存在');
  await logOperatorAction(s.db, operatorId, published ? 'notice.publish' : 'notice.unpublish', id);
  await contentChanged(s, 'notice', id);
}

export async function deleteNotice(s: Services, operatorId: string, id: string) {
  const r = await one<{ title: string }>(s.db, sql`delete from notices where id = ${id} returning title`);
  if (!r) throw notFound('公告不存在');
  await logOperatorAction(s.db, operatorId, 'notice.delete', id, { title: r.title });
  await contentChanged(s, 'notice', id);
}

// ---------------------------------------------------------------------------------------------
// Company tabs of the home page

/** jsjls: résumés each enterprise received, every id asked for present (applications' count). */
export type ReceivedResumeCounter = (db: Db, companyIds: string[]) => Promise<Record<string, number>>;

/** At most this many enterprises per tab are ranked (the tabs are hand-picked by the operator). */
const TAB_LIMIT = 500;

/**
 * Approved enterprises the operator put on a tab (companies.list_type), most open jobs first.
 * Reads the companies table directly (read-only): the companies module exports no list for this.
 */
export async function companiesByType(
  db: Db,
  q: { type: number; csdm?: string; page: number; limit: number },
  receivedResumes: ReceivedResumeCounter,
): Promise<PageOf<Omit<Static<typeof HomeCompanyCard>, 'booszxs'>>> {
  const all = await rows<{ dwid: string; dwmc: string; dwxz: string; dwsshy: string }>(
    db,
    sql`select c.id::text as dwid, c.name as dwmc, c.nature as dwxz, c.industry as dwsshy from companies c
        where c.list_type = ${q.type} and c.status = 1 ${q.csdm ? sql`and ${inPlace(sql`c.city`, q.csdm)}` : sql``}
        order by c.id limit ${TAB_LIMIT}`,
  );
  const counts = await companyJobCounts(db, all.map((c) => c.dwid));
  all.sort((a, b) => counts[b.dwid] - counts[a.dwid] || Number(a.dwid) - Number(b.dwid));
  const pageRows = all.slice(offsetOf(q.page, q.limit), offsetOf(q.page, q.limit) + q.limit);
  const received = await receivedResumes(db, pageRows.map((c) => c.dwid));
  const list = await Promise.all(
    pageRows.map(async (c) => {
      const jobs = await publishedJobsOfCompany(db, c.dwid, { page: 1, limit: 3 });
      return { ...c, gwmc: jobs.list.map((j) => j.gwmc).join('、'), rzgws: counts[c.dwid], jsjls: received[c.dwid] ?? 0 };
    }),
  );
  return pageOf(list, all.length, q.page, q.limit);
}

/** Adds `n` readers' visits to a published notice (the page-view counter's batch). */
export const countNoticeVisits = (db: Db, id: string, n: number) => db.execute(sql`update notices set visits = visits + ${n} where id = ${id} and published`);
