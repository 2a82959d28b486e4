/**
 * 推荐职位 and the job page's 相似职位: published jobs in the category and city asked, else those of
 * the seeker's first job intention; never a job the seeker already applied to.
 */
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { seekerCard } from '../resumes/public.js';
import { recommendedJobs } from './repo.js';

export async function recommendJobs(
  s: Services,
  user: User | null,
  q: { gwlb?: string; gwlbt?: string; gwlbo?: string; sbcs?: string; page: number; limit: number },
) {
  let category = q.gwlb || q.gwlbt || q.gwlbo || '';
  let city = q.sbcs || '';
  // A visitor (the job page's 相似职位, called without a token) gets the jobs like the one asked.
  const seekerId = user?.role === 'qz' ? user.id : null;
  if (!category && !city && seekerId) {
    // Nothing asked: the first job intention of the résumé.
    const card = await seekerCard(s.db, s.config, seekerId);
    category = card?.yxzw ?? '';
    city = card?.yxcs ?? '';
  }
  return recommendedJobs(s.db, { seekerId, category, city, page: q.page, limit: q.limit });
}
