import { readCategoriesOne, readCategoriesThree, readCategoriesTwo } from '@zp/core/codes';
import type { Client } from '@zp/core/client';

export interface CategoryNode {
  code: string;
  name: string;
  children: CategoryNode[];
}

/** Home page panel (spec section 2): the first 12 first-level categories. */
const PANEL_SIZE = 12;

/** The three category levels as a tree, first-level order kept. */
export async function loadCategoryTree(api: Client, limit = PANEL_SIZE): Promise<CategoryNode[]> {
  const [one, two, three] = await Promise.all([readCategoriesOne(api), readCategoriesTwo(api), readCategoriesThree(api)]);
  // Both lower levels come grouped under their parent's code.
  return one.slice(0, limit).map((c) => ({
    code: c.dm,
    name: c.name,
    children: (two[c.dm] ?? []).map((s) => ({
      code: s.dm,
      name: s.name,
      children: (three[s.dm] ?? []).map((t) => ({ code: t.dm, name: t.name, children: [] })),
    })),
  }));
}
