import { codesApi } from '@zp/core/routes';
import type { Client } from '@zp/core/client';

export interface CategoryNode {
  code: string;
  name: string;
  children: CategoryNode[];
}

/** Home page panel (spec section 2): the first 12 first-level categories. */
export const PANEL_SIZE = 12;

/** The three category levels as a tree, first-level order kept. */
export async function loadCategoryTree(api: Client, limit = PANEL_SIZE): Promise<CategoryNode[]> {
  const [one, two, three] = await Promise.all([
    api.call(codesApi.categoryOneList),
    api.call(codesApi.categoryTwoList),
    api.call(codesApi.categoryThreeList),
  ]);
  const byParent = <T extends { sjdm: string }>(items: T[]) => {
    const m = new Map<string, T[]>();
    for (const it of items) m.set(it.sjdm, [...(m.get(it.sjdm) ?? []), it]);
    return m;
  };
  const twoOf = byParent(two.gwlbotList);
  const threeOf = byParent(three.gwlbthList);
  return one.gwlbList.slice(0, limit).map((c) => ({
    code: c.dm,
    name: c.mc,
    children: (twoOf.get(c.dm) ?? []).map((s) => ({
      code: s.dm,
      name: s.mc,
      children: (threeOf.get(s.dm) ?? []).map((t) => ({ code: t.dm, name: t.mc, children: [] })),
    })),
  }));
}
