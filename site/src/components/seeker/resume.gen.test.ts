import fs from 'node:fs';
import { expect, test } from 'vitest';
import { renderResumeMeta } from '../../../scripts/resume-meta';

test('resume.gen.ts matches the contract (run pnpm --filter @zp/site gen:resume after changing it)', () => {
  const committed = fs.readFileSync(new URL('./resume.gen.ts', import.meta.url), 'utf8');
  expect(committed).toBe(renderResumeMeta());
});
