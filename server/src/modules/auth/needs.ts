/** What the auth module asks of the modules that own a person's profile, handed in by modules/index.ts. */
import type { Db } from '../../db/index.js';

export interface AuthNeeds {
  /** The HR's profile (companies module), made with the account. */
  createHrProfile(db: Db, userId: string, p: { xm: string; zw: string }): Promise<void>;
  /** The job seeker's empty résumé (resumes module), made with the account. */
  createSeekerProfile(db: Db, userId: string): Promise<void>;
}
