/**
 * What an enterprise's (or a university's) public page shows, loaded in the page's own
 * frontmatter: a page may set its status (404 for a missing enterprise, as jobs and notices do)
 * only before it starts to stream, which a component's frontmatter is too late for.
 */
import { companiesApi, fairsApi } from '@zp/core/routes';
import { isNotFound, type Client } from '@zp/core/client';
import { loadCodeNames } from './codes';
import { idParam, intParam } from './query';

export async function loadCompanyPage(api: Client, params: URLSearchParams) {
  const dwid = idParam(params, 'dwid');
  const hxid = idParam(params, 'hxid');
  const page = intParam(params, 'page', 1);
  if (!dwid) return null;
  try {
    const [detail, names, fair] = await Promise.all([
      api.call(companiesApi.detail, { query: { dwid, sfxstd: 1, page, limit: 10 } }),
      loadCodeNames(api, ['general', 'city', 'province']),
      hxid
        ? Promise.all([
            api.call(fairsApi.detail, { query: { hxid } }).then((r) => r.bsHxxx),
            api.call(fairsApi.companyJobs, { query: { hxid, dwid, page: 1, limit: 50 } }).then((r) => r.page.records),
          ]).catch(() => null)
        : Promise.resolve(null),
    ]);
    return { ...detail, names, fair, hxid };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export type CompanyPage = NonNullable<Awaited<ReturnType<typeof loadCompanyPage>>>;
