import { to } from '../../lib/paths';
import type { CentreMenuItem } from '../common/centre-menu';

/** The job-seeker centre's side menu (spec section 2: the children of /job_hunter). */
const j = (key: string, label: string, group?: string): CentreMenuItem => ({ key, label, href: to(`job_hunter/${key}`), group });

export const seekerMenu: CentreMenuItem[] = [
  j('hunter_home', '个人中心'),
  j('hunter_myresume', '我的简历', '简历'),
  j('hunter_resume', '附件简历'),
  j('hunter_who', '谁看过我'),
  j('shield_company', '屏蔽单位'),
  j('hunter_invest', '投递记录', '求职'),
  j('hunter_invite', '面试邀请'),
  j('hunter_delivery', '招聘会报名'),
  j('hunter_collect', '我的收藏'),
  j('hunter_follow', '关注的单位'),
  j('hunter_message', '消息提醒', '消息与服务'),
  j('hunter_vip', '会员服务'),
  j('hunter_survey', '意见反馈'),
  j('hunter_card', '账号信息', '账号'),
  j('hunter_login', '登录日志'),
];

export const SEEKER_CENTRE_TITLE = '个人中心';
