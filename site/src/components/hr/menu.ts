import { to } from '../../lib/paths';
import type { CentreMenuItem } from '../common/centre-menu';

/** The enterprise centre's side menu (spec section 2: the children of /enter_home). */
const e = (key: string, label: string, group?: string): CentreMenuItem => ({ key, label, href: to(`enter_home/${key}`), group });

export const hrMenu: CentreMenuItem[] = [
  e('enter_center', '企业中心'),
  e('enter_info', '单位信息', '单位与账号'),
  e('enter_card', '账号信息'),
  e('enter_login', '登录日志'),
  e('enter_post', '职位发布', '职位'),
  e('enter_post_all', '全部职位'),
  e('enter_delivery', '招聘会管理', '招聘会'),
  e('enter_queue', '排队面试'),
  e('enter_resume', '简历管理', '人才'),
  e('enter_resume_all', '已选中人才'),
  e('enter_interview', '面试管理'),
  e('enter_downresume', '下载简历'),
  e('enter_collection', '收藏的人才'),
  { key: 'personalsearch', label: '人才搜索', href: to('public/personalsearch') },
  e('enter_news', '消息提醒', '消息与服务'),
  e('enter_vip', '会员服务'),
  e('enter_assets', '企业资产'),
  e('enter_survey', '意见反馈'),
];

export const HR_CENTRE_TITLE = '企业中心';
