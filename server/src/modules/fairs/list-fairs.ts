/** Reading fairs as the lists, the detail page and the personal centres show them. */
import type { Static } from '@sinclair/typebox';
import type { FairListStats, FavoriteFair } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { notFound, pageOf, type PageOf } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import { companyOfHr } from '../companies/public.js';
import { fairJobTotal } from '../jobs/public.js';
import {
  bookableFairItems,
  companyFairItems,
  fairCounts,
  fairDetailRow,
  fairItems,
  favoriteFairRows,
  seekerFairItems,
  type FairDetailT,
  type FairItemRow,
  type FairItemT,
  type ListFilter,
  type Viewer,
} from './repo/fairs.js';

export async function viewerOf(db: Db, user: User | null): Promise<Viewer> {
  if (!user) return { userId: null, role: null, companyId: null };
  const companyId = user.role === 'hr' ? ((await companyOfHr(db, user.id))?.id ?? null) : null;
  return { userId: user.id, role: user.role, companyId };
}

/** Adds gwfbs and keeps the fee fields for HR only. */
export async function finishItems<T extends FairItemRow>(db: Db, v: Viewer, list: T[]): Promise<(T & { gwfbs: number })[]> {
  const counts = await Promise.all(list.map((f) => fairJobTotal(db, f.hxid)));
  return list.map((f, i) => {
    const out = { ...f, gwfbs: counts[i] };
    if (v.role !== 'hr') {
      delete out.sfgy;
      delete out.zwf;
    }
    return out;
  });
}

/** A page of read fair items, finished. */
async function finishedPage(db: Db, v: Viewer, r: { total: number; list: FairItemRow[] }, page: number, limit: number): Promise<PageOf<FairItemT>> {
  return pageOf(await finishItems(db, v, r.list), r.total, page, limit);
}

export async function listFairs(db: Db, v: Viewer, q: ListFilter & { page: number; limit: number }): Promise<PageOf<FairItemT>> {
  return finishedPage(db, v, await fairItems(db, v, q), q.page, q.limit);
}

export async function listStats(db: Db, type?: 1 | 2): Promise<Static<typeof FairListStats>> {
  const r = await fairCounts(db, type);
  return { hxzs: r.all, wkshxs: r.s1, jxzhxs: r.s2, yjshxs: r.s3 };
}

export async function fairDetail(db: Db, v: Viewer, fairId: string): Promise<FairDetailT> {
  const r = await fairDetailRow(db, v, fairId);
  if (!r) throw notFound('招聘会不存在或已撤下');
  return (await finishItems(db, v, [r]))[0];
}

/** The fairs a job seeker signed up for (the personal centre's list). */
export async function seekerFairs(db: Db, v: Viewer, userId: string): Promise<PageOf<FairItemT>> {
  return finishedPage(db, v, await seekerFairItems(db, v, userId), 1, 200);
}

/** The fairs the HR's enterprise signed up for. */
export async function companyFairs(db: Db, v: Viewer, q: { type?: number; page: number; limit: number }): Promise<PageOf<FairItemT>> {
  return finishedPage(db, v, await companyFairItems(db, v, q), q.page, q.limit);
}

/** The fairs the HR may book. */
export async function bookableFairs(
  db: Db,
  v: Viewer,
  q: { type?: number; hymc?: string; kssj?: string; jssj?: string; page: number; limit: number },
): Promise<PageOf<FairItemT>> {
  return finishedPage(db, v, await bookableFairItems(db, v, q), q.page, q.limit);
}

/** A user's favourite fairs in the previous client's upper-case row (collectedList), latest favourite first. */
export async function favoriteFairs(db: Db, userId: string, q: { hymc?: string; page: number; limit: number }): Promise<PageOf<Static<typeof FavoriteFair>>> {
  const { total, list } = await favoriteFairRows(db, userId, q);
  const counts = await Promise.all(list.map((f) => fairJobTotal(db, f.HXID)));
  return pageOf(
    list.map((f, i) => ({ ...f, QYGWS: counts[i] })),
    total,
    q.page,
    q.limit,
  );
}
