import { sql } from '../../db/index.js';
import type { DemoContext } from '../../db/seed.js';
import { recomputeCompleteness } from './repo.js';

/**
 * The demo job seeker 李明 (13800000001): a front-end engineer with four years of work, a
 * complete résumé in every section that applies to him, and completeness computed by the same
 * rules as for everyone (it comes to 99: no patent, 1 point).
 */
export async function seedDemoResume(ctx: DemoContext): Promise<void> {
  const { db, seekerId: u } = ctx;
  await db.execute(sql`
    update seeker_profiles set name = '李明', gender = 'xb_001', birth_date = '1996-05-12', native_province = '420000',
      province = '440000', city = '440300', work_start = '2019-07', email = 'liming.dev@example.com', political_status = 'zzmm_01',
      seeking_state = 'zt_002',
      self_intro = '四年前端开发经验，熟悉 React、TypeScript 与前端工程化，主导过招聘类产品的 Web 端重构。注重代码质量与用户体验，沟通顺畅，乐于分享。'
    where user_id = ${u}`);

  await db.execute(sql`
    insert into resume_intentions (user_id, nature, province, city, industry, category1, category2, category3, salary, salary_months) values
      (${u}, 'gx_001', '440000', '440300', 'hy_01', 'gwlb_01', 'gwlb_0102', 'gwlb_010201', 'xzfw_06', 13),
      (${u}, 'gx_001', '440000', '440100', 'hy_01', 'gwlb_01', 'gwlb_0102', 'gwlb_010206', 'xzfw_05', 13)`);
  await db.execute(sql`
    insert into resume_education (user_id, school, degree, major, full_time, start_date, end_date) values
      (${u}, '华中科技大学', 'xl_04', '计算机科学与技术', 1, '2015-09', '2019-06'),
      (${u}, '武汉市第二中学', 'xl_02', '理科', 1, '2012-09', '2015-06')`);
  await db.execute(sql`
    insert into resume_work (user_id, company, industry, position, start_date, end_date, salary, salary_months, hide_salary, description) values
      (${u}, '深圳市云帆网络科技有限公司', 'hy_01', '高级前端工程师', '2021-08', '', 'xzfw_06', 14, 0,
       '负责招聘平台 Web 端与企业后台的前端架构：从 Vue 2 迁移到 React + TypeScript，首屏时间由 3.2 秒降至 1.1 秒；搭建组件库与 CI 流程，带领 4 人小组完成职位搜索与简历投递模块。'),
      (${u}, '武汉光谷软件有限公司', 'hy_01', '前端开发工程师', '2019-07', '2021-07', 'xzfw_04', 12, 1,
       '参与政务服务小程序与管理后台开发，负责表单引擎与权限模块，编写单元测试覆盖核心流程。')`);
  await db.execute(sql`
    insert into resume_projects (user_id, name, start_date, end_date, company, role, description, responsibility) values
      (${u}, '招聘会在线会场', '2022-03', '2022-10', '深圳市云帆网络科技有限公司', '前端负责人',
       '支持数百家企业同时在线的招聘会会场：展位列表、实时在线状态、视频面试入口。',
       '设计会场页面的数据加载与缓存策略，实现 WebSocket 消息提醒与断线重连，联调视频面试 SDK。'),
      (${u}, '企业招聘后台重构', '2021-09', '2022-02', '深圳市云帆网络科技有限公司', '核心开发',
       '将企业端职位发布、简历管理等 40 余个页面迁移到 React + TypeScript。',
       '制定迁移方案与代码规范，开发通用表格与表单组件，推动类型检查进入 CI。')`);
  await db.execute(sql`
    insert into resume_skills (user_id, name, duration, level) values
      (${u}, 'React', '4年', 'yysp_05'), (${u}, 'TypeScript', '3年', 'yysp_05'), (${u}, 'Node.js', '3年', 'yysp_04'),
      (${u}, 'Vue', '2年', 'yysp_04'), (${u}, 'Web 性能优化', '3年', 'yysp_04')`);
  await db.execute(sql`
    insert into resume_languages (user_id, language, certificate, speaking, writing) values
      (${u}, '英语', '大学英语六级（CET-6）', 'yysp_03', 'yysp_04'), (${u}, '普通话', '二级甲等', 'yysp_05', 'yysp_05')`);
  await db.execute(sql`
    insert into resume_certificates (user_id, name, category, obtained) values
      (${u}, '软件设计师（中级）', '计算机技术与软件专业技术资格', '2020-11'),
      (${u}, '大学英语六级', '外语', '2017-06')`);
  await db.execute(sql`
    insert into resume_honours (user_id, name, issuer, level, description, awarded, title) values
      (${u}, '年度优秀员工', '深圳市云帆网络科技有限公司', '公司级', '主导前端重构，按期上线并显著提升性能。', '2022-12', '优秀员工'),
      (${u}, '校级一等奖学金', '华中科技大学', '校级', '专业成绩排名前 5%。', '2017-10', '三好学生')`);
  await db.execute(sql`
    insert into resume_training (user_id, course, institution, content, start_date, end_date) values
      (${u}, '前端架构与工程化训练营', '极客学院', '微前端、构建优化、前端监控与性能治理。', '2022-05', '2022-07')`);
  await db.execute(sql`
    insert into resume_activities (user_id, name, held, content, outcome) values
      (${u}, '开源社区技术分享', '2023-04', '在深圳前端技术沙龙分享《招聘平台的性能优化实践》。', '听众 200 余人，讲稿被社区公众号转载。'),
      (${u}, '大学生志愿者支教', '2017-07', '暑期赴湖北恩施乡村小学开展计算机启蒙课程。', '获评优秀志愿者。')`);
  await db.execute(sql`
    insert into resume_research (user_id, name, category, start_date, end_date, rank, finished, description) values
      (${u}, '基于深度学习的网页可访问性检测', '大学生创新创业训练计划（国家级）', '2017-09', '2018-09', 2, 1,
       '用卷积网络识别网页截图中的对比度与焦点问题，负责数据采集与前端标注工具。')`);
  await db.execute(sql`
    insert into resume_papers (user_id, title, journal, published, indexed_in, impact_factor, author_rank, description) values
      (${u}, '一种基于视觉模型的网页可访问性自动评估方法', '计算机应用与软件', '2019-03', '中文核心', '0.8', 2,
       '提出结合截图视觉特征与 DOM 结构的评估方法，在 1200 个网页上验证。')`);
  await db.execute(sql`
    insert into resume_research_areas (user_id, area, thesis, courses, course_description) values
      (${u}, 'Web 前端性能与可访问性', '', '人机交互（在线课程）', '学习可用性评估与无障碍设计方法。')`);
  await db.execute(sql`insert into seeker_target_companies (user_id, company_id) values (${u}, ${ctx.companyId}) on conflict do nothing`);
  await recomputeCompleteness(db, u);
}
