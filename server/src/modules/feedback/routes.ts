/** The feedback module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import { feedbackApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { pageOf } from '../../http/reply.js';
import type { Module } from '../order.js';
import { FileKind, fileUrl, issueUploadPolicy, registerUpload, SCOPES } from '../files/public.js';
import { allFeedback, ownFeedback } from './repo.js';
import { submitFeedback } from './submit-feedback.js';
import { answerFeedback } from './answer-feedback.js';

const feedback: Module = {
  name: 'feedback',
  dependencies: ['files'],
  register(app, s) {
    const withImage = <T extends { image_key: string | null }>({ image_key, ...x }: T) => ({ ...x, imgUrl: image_key ? fileUrl(s.config, image_key) : '' });

    handle(app, s, feedbackApi.ossKey, async ({ user }) => ({ info: issueUploadPolicy(s, user?.id ?? null, SCOPES.feedback) }));

    handle(app, s, feedbackApi.saveImg, async ({ user, body }) => {
      const f = await registerUpload(s, user?.id ?? null, body, FileKind.feedback);
      return { msg: '上传成功', fileUrl: fileUrl(s.config, f.storageKey), wjid: f.id };
    });

    handle(app, s, feedbackApi.add, async ({ user, body, req }) => ({ msg: '提交成功', bsid: await submitFeedback(s, user, body, req.ip) }));

    handle(app, s, feedbackApi.history, async ({ user, params }) => {
      const { page, size } = params;
      if (!user) return { page: pageOf([], 0, page, size) };
      const { total, list } = await ownFeedback(s.db, user.id, page, size);
      return { page: pageOf(list.map(withImage), total, page, size) };
    });

    handle(app, s, feedbackApi.adminList, async ({ query }) => {
      const { total, list } = await allFeedback(s.db, query);
      return { page: pageOf(list.map(withImage), total, query.page, query.limit) };
    });

    handle(app, s, feedbackApi.adminAnswer, async ({ user, body }) => {
      const { clsj } = await answerFeedback(s, user.id, body.bsid, body.cljg);
      return { msg: '回复成功', bsid: body.bsid, clsj };
    });
  },
};
export default feedback;
