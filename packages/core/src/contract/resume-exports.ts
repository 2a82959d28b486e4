import { Type } from '@sinclair/typebox';
import { route, replyOf, Id, Enum } from './define.js';

/**
 * HR downloading résumés as real files: one seeker's online résumé as a PDF or Word document, or
 * an attachment résumé; several seekers' at once as a zip. Each call hands back a short-lived
 * link (the download itself carries no token); the download counts on the seeker's 简历下载次数
 * once, when the file is actually fetched, not when the link is made.
 */

/** Formats of one download: pdf / docx the online résumé, file an attachment résumé. */
export const RESUME_DOWNLOAD_FORMATS = { pdf: 'PDF', docx: 'Word', file: '附件简历' } as const;
export type ResumeDownloadFormat = keyof typeof RESUME_DOWNLOAD_FORMATS;
/** Most résumés in one zip export. */
export const RESUME_EXPORT_MAX = 50;
/** How long a download link works, in seconds. */
export const RESUME_LINK_SECONDS = 10 * 60;
export const RESUME_LINK_EXPIRED_MSG = '下载链接已失效，请回到页面重新下载';
export const RESUME_PDF_FONT_MISSING_MSG = '服务器未安装中文字体，暂时无法生成 PDF 简历，请先下载 Word 版';

const tags = ['applications'];

/** url: the link to fetch (valid RESUME_LINK_SECONDS); name: the file name it downloads as */
const LinkReply = replyOf({ url: Type.String(), name: Type.String() });

export const resumeExportsApi = {
  link: route({
    method: 'POST', url: '/api/hr/jlxz/link', summary: '下载一份简历：在线简历（PDF / Word）或附件简历', access: 'hrApproved', tags,
    body: Type.Object({
      /** qzbsid: the seeker */
      qzbsid: Id('求职者ID'),
      format: Enum(['pdf', 'docx', 'file'] as const, { title: '格式' }),
      /** jlid: which attachment (format file); omitted = the one sent with the latest application */
      jlid: Type.Optional(Id('附件简历ID')),
    }),
    reply: LinkReply,
  }),
  zip: route({
    method: 'POST', url: '/api/hr/jlxz/zip', summary: '批量导出所选简历（zip）', access: 'hrApproved', tags,
    body: Type.Object({
      qzbsids: Type.Array(Id('求职者ID'), { minItems: 1, maxItems: RESUME_EXPORT_MAX, uniqueItems: true, title: '求职者' }),
      format: Enum(['pdf', 'docx'] as const, { title: '格式' }),
      /** fj: 1 also the attachment résumés the seekers sent to this enterprise */
      fj: Type.Optional(Enum([0, 1] as const, { title: '包含附件简历' })),
    }),
    reply: replyOf({ url: Type.String(), name: Type.String(), count: Type.Integer() }),
  }),
};
