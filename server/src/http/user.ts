/** Who calls: the types every layer names, in a file that imports nothing (so no layer loops back through the routes). */
export type Role = 'qz' | 'hr' | 'xs';
export interface User {
  id: string;
  role: Role;
  phone: string;
  sessionId: string;
  /** A partner session's origin (the partner site it was issued to); null for a full session. */
  origin: string | null;
}
