/** Row types of the replies pages work with (type-only: nothing of the contract reaches the browser). */
import type * as C from '@zp/core/contract';

type Row<S, K extends string> = C.Reply<S> extends { page: { list: (infer T)[] } } ? T : C.Reply<S> extends Record<K, (infer T)[]> ? T : never;

export type Fair = Row<typeof C.fairsApi.list, 'page'>;
export type FairDetail = C.Reply<typeof C.fairsApi.detail>['bsHxxx'];
export type HallStats = C.Reply<typeof C.fairsApi.stats>['hxdttj'];
export type HallCompany = Row<typeof C.fairsApi.hallCompanies, 'page'>;
export type FairJob = Row<typeof C.fairsApi.companyJobs, 'page'>;
export type Banner = Row<typeof C.contentApi.banners, 'list'>;
export type Notice = Row<typeof C.contentApi.notices, 'page'>;
export type HomeCompany = Row<typeof C.contentApi.companiesByType, 'page'>;
export type CompanyPublic = C.Reply<typeof C.companiesApi.detail>['dwInfo'];
export type CompanyJob = Row<typeof C.companiesApi.detail, 'page'>;
export type JobCard = Row<typeof C.searchApi.jobs, 'page'>;
export type JobDetail = C.Reply<typeof C.jobsApi.detail>['gwxxxqQzVO'];
export type PostingHr = C.Reply<typeof C.jobsApi.postingHr>['hrInfo'];
export type Reminder = C.Reminder extends infer _ ? Row<typeof C.notifyApi.seekerList, 'page'> : never;
export type PageOf<T> = { list: T[]; totalCount: number; totalPage: number; currPage: number; pageSize: number };
