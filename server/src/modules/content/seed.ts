/** Demo home content: banners for the four slots (drawn by the server) and a dozen notices. */
import { rows, sql } from '../../db/index.js';
import type { DemoContext } from '../../db/seed.js';

const BANNERS: { slot: string; title: string; subtitle: string; color: string; link: string }[] = [
  { slot: 'b_01', title: '2026届高校毕业生秋季网络双选会', subtitle: '千家单位在线招聘 · 视频面试 · 即时沟通', color: '#c0392b', link: '/public/meetingList?venue=1' },
  { slot: 'b_01', title: '深圳市南山区春季大型人才招聘会', subtitle: '现场招聘 · 南山科技园人才市场三楼', color: '#1f6feb', link: '/public/meetingList?venue=2' },
  { slot: 'b_01', title: '高校毕业生就业补贴政策解读', subtitle: '一次性求职补贴、社保补贴申领指南', color: '#0b8457', link: 'notice:高校毕业生一次性求职创业补贴申领指南' },
  { slot: 'b_02', title: '名企直招 岗位每日更新', subtitle: '互联网 · 智能制造 · 生物医药 · 金融科技', color: '#6f42c1', link: '/public/jobretrieve?val=1' },
  { slot: 'b_02', title: '高校联盟 人才共享', subtitle: '百所高校就业中心联合发布', color: '#d35400', link: '/public/schoolList' },
  { slot: 'b_03', title: '视频面试 足不出户', subtitle: 'HR 在线即可发起面试邀请', color: '#16a085', link: '/public/meetingList?venue=1' },
  { slot: 'b_03', title: '企业入驻 免费发布岗位', subtitle: '审核通过即可报名招聘会', color: '#2c3e50', link: '/public/registered' },
  { slot: 'b_04', title: '防范求职诈骗 从我做起', subtitle: '不交押金 · 不付培训费 · 不泄露验证码', color: '#b03a2e', link: 'notice:警惕以招聘为名的培训贷、刷单诈骗' },
  { slot: 'b_04', title: '人才服务热线 12333', subtitle: '工作日 9:00—17:30', color: '#1a5276', link: '' },
];

/** source: a code of m_zxlydm (本站 zxly_001, 人社部门 zxly_002, 高校就业指导中心 zxly_004) */
const NOTICES: { title: string; category: string; source: string; daysAgo: number; visits: number; content: string }[] = [
  {
    title: '关于举办2026届高校毕业生秋季网络双选会的通知', category: 'zxlb_01', source: 'zxly_004', daysAgo: 1, visits: 1826,
    content: '各用人单位、各高校：\n\n为促进2026届高校毕业生充分就业，定于本月举办秋季网络双选会，设名企专区、高校专区和科研院所专区。\n\n用人单位请登录平台完成单位认证后报名参会并发布岗位；毕业生完善在线简历（完成度不低于60%）后即可报名。\n\n活动期间会场全天开放，支持在线沟通与视频面试。',
  },
  {
    title: '高校毕业生一次性求职创业补贴申领指南', category: 'zxlb_02', source: 'zxly_002', daysAgo: 3, visits: 2410,
    content: '一、补贴对象\n在毕业年度内有就业创业意愿并积极求职创业的低保家庭、脱贫家庭、残疾及获得国家助学贷款的高校毕业生。\n\n二、补贴标准\n每人一次性1500元。\n\n三、申领方式\n由毕业生本人向所在高校提出申请，高校初审后报人社部门审核发放。',
  },
  {
    title: '深圳市南山区春季大型人才招聘会参会须知', category: 'zxlb_01', source: 'zxly_002', daysAgo: 4, visits: 964,
    content: '一、招聘会当天8:30开始入场，请求职者携带身份证和纸质简历。\n\n二、参会单位请于8:00前到达展位布展，展位号以现场指引为准。\n\n三、会场内禁止发放与招聘无关的宣传材料。',
  },
  {
    title: '平台上线视频面试功能', category: 'zxlb_05', source: 'zxly_001', daysAgo: 6, visits: 1350,
    content: 'HR可在会场内直接向求职者发起视频面试邀请，求职者同意后即可进入面试间。\n\n免费单位每位HR每天可与同一求职者进行一次、时长20分钟的视频面试。',
  },
  {
    title: '本周热招岗位：算法工程师需求环比增长32%', category: 'zxlb_03', source: 'zxly_001', daysAgo: 7, visits: 733,
    content: '本周平台新增岗位中，算法工程师、嵌入式软件工程师和临床研究协调员需求增长明显。\n\n建议求职者及时更新简历中的项目经历，并在求职意向中勾选对应岗位类别。',
  },
  {
    title: '简历怎么写？HR最看重的五个细节', category: 'zxlb_04', source: 'zxly_004', daysAgo: 9, visits: 3105,
    content: '1. 求职意向明确，与投递岗位一致。\n2. 教育与工作经历按时间倒序排列。\n3. 项目经历写清职责和可量化的成果。\n4. 技能证书与岗位要求对应。\n5. 联系方式准确，附件简历命名规范。',
  },
  {
    title: '关于开展2026年“百日千万”网络招聘专项行动的通知', category: 'zxlb_01', source: 'zxly_002', daysAgo: 12, visits: 1198,
    content: '专项行动期间将分行业举办网络专场招聘会，首场为互联网专场。\n\n各区公共就业服务机构要组织辖区重点企业积极参会。',
  },
  {
    title: '《就业服务与就业管理规定》修订要点解读', category: 'zxlb_02', source: 'zxly_002', daysAgo: 16, visits: 642,
    content: '修订后的规定进一步明确了人力资源服务机构发布招聘信息的审核责任，禁止发布含有性别、民族等歧视性内容的招聘信息。\n\n用人单位发布岗位时应如实填写工作地点、薪酬范围和招聘人数。',
  },
  {
    title: '成都市高校毕业生就业服务月专场招聘会圆满落幕', category: 'zxlb_03', source: 'zxly_002', daysAgo: 10, visits: 512,
    content: '本次招聘会共有286家单位参会，提供岗位5200余个，现场达成初步就业意向1300余人次。',
  },
  {
    title: '面试前如何做好准备？', category: 'zxlb_04', source: 'zxly_004', daysAgo: 21, visits: 1877,
    content: '提前了解用人单位和岗位职责，准备一段两分钟的自我介绍。\n\n视频面试请选择安静、光线充足的环境，并提前测试摄像头和麦克风。',
  },
  {
    title: '警惕以招聘为名的培训贷、刷单诈骗', category: 'zxlb_01', source: 'zxly_001', daysAgo: 25, visits: 2266,
    content: '正规招聘不会以任何名义收取押金、培训费、服装费。\n\n如遇要求先交费或索要银行卡密码、验证码的情况，请立即停止沟通并向平台举报。',
  },
  {
    title: '平台服务时间调整公告', category: 'zxlb_05', source: 'zxly_001', daysAgo: 40, visits: 301,
    content: '自下月起，人工客服服务时间调整为工作日9:00—17:30，在线留言24小时受理。',
  },
];

export async function seedContentDemo(ctx: DemoContext) {
  const { db } = ctx;
  const notices = await rows<{ id: string; title: string }>(
    db,
    sql`insert into notices (title, category, source, content, visits, released_at, created_by)
        values ${sql.join(
          NOTICES.map(
            (n) => sql`(${n.title}, ${n.category}, ${n.source}, ${n.content}, ${n.visits},
                        now() - make_interval(days => ${n.daysAgo}) - make_interval(mins => ${(n.visits % 600) + 30}), ${ctx.operatorId})`,
          ),
          sql`, `,
        )}
        returning id::text as id, title`,
  );
  const noticeId = new Map(notices.map((n) => [n.title, n.id]));
  // 'notice:<title>' links a banner to that notice's page.
  const linkOf = (link: string) => (link.startsWith('notice:') ? `/public/noticedetail?noticeid=${noticeId.get(link.slice(7))}` : link);
  await db.execute(
    sql`insert into banners (slot, title, subtitle, color, link, sort, created_by)
        values ${sql.join(BANNERS.map((b, i) => sql`(${b.slot}, ${b.title}, ${b.subtitle}, ${b.color}, ${linkOf(b.link)}, ${i}, ${ctx.operatorId})`), sql`, `)}`,
  );
  ctx.log.info({ banners: BANNERS.length, notices: NOTICES.length }, 'demo content created');
}
