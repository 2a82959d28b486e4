/** The reply convention: `{code: 0, msg: 'success', ...}`; failures `{code, msg}` in Chinese. */

export class AppError extends Error {
  constructor(
    /** HTTP status, also sent as `code` */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg = '登录已失效，请重新登录') => new AppError(401, msg);
export const forbidden = (msg = '没有权限执行此操作') => new AppError(403, msg);
export const notFound = (msg = '记录不存在') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooMany = (msg: string) => new AppError(429, msg);

export interface PageOf<T> {
  list: T[];
  totalCount: number;
  totalPage: number;
  currPage: number;
  pageSize: number;
}

export function pageOf<T>(list: T[], totalCount: number, currPage: number, pageSize: number): PageOf<T> {
  return { list, totalCount, totalPage: Math.ceil(totalCount / pageSize), currPage, pageSize };
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** Awaits `work`, then answers `reply`: the handler of a use case that returns nothing (`{ msg: '已保存' }`). */
export async function replyAfter<T>(work: Promise<unknown>, reply: T): Promise<T> {
  await work;
  return reply;
}
