import { to } from '../../lib/paths';
import type { CentreMenuItem } from '../common/centre-menu';

/** The operator console (role xs) under /zppc/admin/. */
const a = (key: string, label: string, group?: string): CentreMenuItem => ({ key, label, href: to(key === 'dashboard' ? 'admin' : `admin/${key}`), group });

export const adminMenu: CentreMenuItem[] = [
  a('dashboard', '工作台'),
  a('companies', '单位审核', '审核与内容'),
  a('jobs', '岗位管理'),
  a('fairs', '招聘会'),
  a('notices', '公告资讯'),
  a('banners', '轮播图'),
  a('policies', '协议与政策'),
  a('feedback', '意见反馈', '服务'),
  a('reports', '举报处理'),
  a('site', '网站信息', '系统'),
  a('partners', '合作网站'),
  a('codes', '代码表'),
  a('log', '操作日志'),
];

export const ADMIN_TITLE = '运营后台';
