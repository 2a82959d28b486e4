/**
 * The centre's figures, one label per meaning, so that two numbers that count different things
 * never read alike (the 投递 that HR opened, and how often HR looked at the résumé at all).
 */
export const FIGURES = {
  /** applications sent (applicationsApi.listAll total) */
  applied: '投递记录',
  /** applications the enterprise opened: states 已查看 and beyond (listLooked total) */
  applicationsViewed: '投递被查看',
  /** times an HR opened the résumé, from applications and talent search alike (statistics jlckcs; 谁看过我 lists them) */
  resumeViews: '简历被浏览次数',
  /** HR who keep the résumé as a favourite (statistics jlsccs) */
  favourited: '简历被收藏',
  /** résumé files HR downloaded (statistics jlxzcs) */
  downloads: '简历被下载次数',
} as const;
