/** Which partner site a text names: the normalised origin, refused unless the operator listed it. */
import { badRequest, forbidden } from '../../http/reply.js';
import { normaliseOrigin, NOT_A_PARTNER_MSG } from '../../http/origins.js';
import type { Services } from '../../services.js';

export const ORIGIN_FORMAT_MSG = '网站地址格式不正确：应为 https://域名 或 https://域名:端口，不含路径、参数和空格';

/** The listed partner site `text` names (normalised), or the refusal the window shows. */
export function listedOrigin(s: Services, text: string): string {
  const origin = normaliseOrigin(text);
  if (!origin) throw badRequest(ORIGIN_FORMAT_MSG);
  if (!s.origins.isPartner(origin)) throw forbidden(NOT_A_PARTNER_MSG);
  return origin;
}
