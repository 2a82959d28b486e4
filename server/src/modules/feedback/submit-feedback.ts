/** A person (or a visitor) sends feedback: who is the author, whether the image is theirs, whether they are over the limit. */
import type { Static } from '@sinclair/typebox';
import type { feedbackApi } from '@zp/core/contract';
import { badRequest, conflict, tooMany } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { FileKind, fileByKey, keyFromUrl } from '../files/public.js';
import { insertFeedback, recentCount } from './repo.js';

/** Submissions allowed before the next is refused: members per day; visitors per address and hour come from config FEEDBACK_ANON_PER_HOUR (5). */
const FEEDBACK_LIMITS = { memberPerDay: 20 } as const;

export async function submitFeedback(s: Services, user: User | null, body: Static<NonNullable<(typeof feedbackApi.add)['body']>>, ip: string): Promise<string> {
  const phone = body.phone ?? '';
  if (!user && !phone) throw badRequest('请输入联系方式');
  // the author is who the session says, whatever dm the client sent
  const kind = user ? (user.role === 'hr' ? 'hr' : 'qz') : 'yk';
  if (user?.role === 'xs') throw badRequest('运营账号无需提交反馈');

  let imageId: string | null = null;
  if (body.imgUrl) {
    const key = keyFromUrl(s.config, body.imgUrl);
    const f = key ? await fileByKey(s.db, key) : null;
    if (!f || f.kind !== FileKind.feedback || f.ownerId !== (user?.id ?? null)) throw badRequest('图片无效，请重新上传');
    imageId = f.id;
  }

  const recent = await recentCount(s.db, user ? { userId: user.id } : { ip });
  if (recent >= (user ? FEEDBACK_LIMITS.memberPerDay : s.config.feedbackAnonPerHour)) throw tooMany('提交过于频繁，请稍后再试');

  const id = await insertFeedback(s.db, {
    userId: user?.id ?? null,
    kind,
    category: Number(body.wtlx),
    content: body.wtms.trim(),
    phone: phone || (user?.phone ?? ''),
    imageId,
    ip,
  });
  if (!id) throw conflict('该图片已用于另一条反馈，请重新上传');
  return id;
}
