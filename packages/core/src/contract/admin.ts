import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Enum, Page, PageQuery, Id, DateText } from './define.js';

/**
 * The operator console (xs) parts that belong to no single domain: code-table editing, the log
 * of operator actions and the dashboard's counts. Every write here is logged with who and when.
 */

const TableName = Type.String({ minLength: 1, maxLength: 20, pattern: '^[a-z0-9_]+$', title: '代码表' });
const CodeValue = Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_]+$', title: '代码' });

export const CodeTableInfo = Type.Object({
  table: Type.String(),
  /** title: what the table holds, e.g. 学历 */
  title: Type.String(),
  /** parent: the table an item's sjdm points into, '' for flat tables */
  parent: Type.String(),
  /** count: items, disabled ones included */
  count: Type.Integer(),
});

export const AdminCodeItem = Type.Object({
  /** dm: the code */
  dm: Type.String(),
  /** mc: its name */
  mc: Type.String(),
  /** sjdm: parent code, '' for none */
  sjdm: Type.String(),
  /** px: position */
  px: Type.Integer(),
  /** sfqy: 1 offered in lists, 0 withdrawn (old records keep the name) */
  sfqy: Type.Integer(),
});

export const OperatorLogRow = Type.Object({
  id: Type.String(),
  /** czrid / czrxm / czrphone: the operator */
  czrid: Type.String(),
  czrxm: Type.String(),
  czrphone: Type.String(),
  /** action: e.g. company.review, codes.save */
  action: Type.String(),
  /** target: what was acted on (an id or table/code) */
  target: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  /** czsj: when */
  czsj: Type.String(),
});

export const Dashboard = Type.Object({
  /** users per role */
  users: Type.Object({ qz: Type.Integer(), hr: Type.Integer(), xs: Type.Integer() }),
  /** enterprises waiting for review (shzt 0) */
  companiesPending: Type.Integer(),
  companiesApproved: Type.Integer(),
  /** published job posts, and all posts not deleted */
  jobsPublished: Type.Integer(),
  jobsTotal: Type.Integer(),
  /** applications since midnight, Beijing time */
  applicationsToday: Type.Integer(),
  applicationsTotal: Type.Integer(),
  /** feedback without the operator's answer (cljg) yet */
  feedbackUnanswered: Type.Integer(),
  /** published fairs running now, and still to come */
  fairsNow: Type.Integer(),
  fairsUpcoming: Type.Integer(),
});

const tags = ['admin'];

export const adminApi = {
  codeTables: route({
    method: 'GET', url: '/api/xs/admin/codes/tables', summary: '运营：代码表一览', access: 'xs', tags,
    reply: replyOf({ list: Type.Array(CodeTableInfo) }),
  }),
  codeItems: route({
    method: 'GET', url: '/api/xs/admin/codes/list', summary: '运营：某代码表的全部条目（含停用的）', access: 'xs', tags,
    query: Type.Object({
      table: TableName,
      /** sjdm: only the children of this code */
      sjdm: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title: '上级代码' })),
    }),
    reply: replyOf({ list: Type.Array(AdminCodeItem) }),
  }),
  saveCode: route({
    method: 'POST', url: '/api/xs/admin/codes/save', summary: '运营：新增或修改代码条目', access: 'xs', tags,
    body: Type.Object({
      table: TableName,
      dm: CodeValue,
      mc: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S', title: '名称' }),
      /** sjdm: required in tables with a parent (cities, districts, job categories 2 and 3) */
      sjdm: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title: '上级代码' })),
      px: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, title: '排序' })),
    }),
    reply: replyOf({ item: AdminCodeItem }),
  }),
  enableCode: route({
    method: 'POST', url: '/api/xs/admin/codes/enable', summary: '运营：停用或重新启用代码条目', access: 'xs', tags,
    body: Type.Object({
      table: TableName,
      dm: CodeValue,
      /** sfqy: 1 enable, 0 disable */
      sfqy: Enum([0, 1], { title: '是否启用' }),
    }),
    reply: EmptyReply,
  }),
  log: route({
    method: 'GET', url: '/api/xs/admin/log/list', summary: '运营：操作日志', access: 'xs', tags,
    query: Type.Object({
      /** action: exact action, or a prefix ending in '.' (e.g. 'company.') */
      action: Type.Optional(Type.String({ maxLength: 50, pattern: '^[A-Za-z0-9_.-]*$', title: '操作类型' })),
      czrid: Type.Optional(Type.Union([Type.Literal(''), Id('操作人')], { title: '操作人' })),
      /** from / to: days (inclusive), YYYY-MM-DD, Beijing time */
      from: Type.Optional(DateText('开始日期', { from: 'day', to: 'day', empty: true })),
      to: Type.Optional(DateText('结束日期', { from: 'day', to: 'day', empty: true })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(OperatorLogRow) }),
  }),
  dashboard: route({
    method: 'GET', url: '/api/xs/admin/dashboard', summary: '运营：工作台概览', access: 'xs', tags,
    reply: replyOf({ summary: Dashboard }),
  }),
};
