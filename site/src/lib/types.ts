/** Row types of the replies pages work with (type-only: nothing of the contract reaches the browser). */
import type * as C from '@zp/core/contract';

type Row<S, K extends string> = C.Reply<S> extends { page: { list: (infer T)[] } } ? T : C.Reply<S> extends Record<K, (infer T)[]> ? T : never;

export type Fair = Row<typeof C.fairsApi.list, 'page'>;
export type HomeCompany = Row<typeof C.contentApi.companiesByType, 'page'>;
