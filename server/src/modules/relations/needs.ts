/** What the relations module asks of the applications module, handed in by modules/index.ts (applications sits above relations). */
import type { Db } from '../../db/index.js';

export interface RelationsNeeds {
  /** Whether the enterprise may see the seeker: 'applied', 'search' (talent search finds them), or null. */
  candidateAccess(db: Db, companyId: string, seekerId: string): Promise<'applied' | 'search' | null>;
}
