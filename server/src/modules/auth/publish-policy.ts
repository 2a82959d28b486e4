/** The operator publishes a new version of a policy, logged; one that asks again is put to everyone. */
import type { PolicyKind } from '@zp/core/contract';
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { insertPolicyVersion } from './repo.js';

export async function publishPolicy(s: Services, operatorId: string, body: { kind: PolicyKind; title: string; content: string; reconsent?: number }) {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(body.title + body.content)) throw badRequest('标题或正文含有不可见的控制字符');
  const version = await insertPolicyVersion(s.db, {
    kind: body.kind,
    title: body.title.trim(),
    content: body.content.trim(),
    reconsent: body.reconsent === 1,
    publishedBy: operatorId,
  });
  await logOperatorAction(s.db, operatorId, 'policy.publish', `${body.kind}/${version}`, { reconsent: body.reconsent });
  return { version, msg: body.reconsent === 1 ? '已发布，用户下次访问时将被请求重新同意' : '已发布' };
}
