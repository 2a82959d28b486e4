/**
 * An application's state (spec: yyzt 1 已投递 … 6 录用) as a state, the same for the seeker, the
 * HR and on a job page: one text and one tone per state.
 */
import { StateTag, type StateTone } from '@zp/ui';
import { APPLICATION_STATES } from '@zp/core/routes';

export const applicationText = (yyzt: number): string => (APPLICATION_STATES as Record<number, string>)[yyzt] ?? '已投递';
const APPLICATION_TONE: Record<number, StateTone> = { 1: 'primary', 2: 'info', 3: 'warning', 4: 'success', 5: 'danger', 6: 'success' };

export function ApplicationState({ yyzt, testId }: { yyzt: number; testId?: string }) {
  return (
    <StateTag tone={APPLICATION_TONE[yyzt] ?? 'info'} testId={testId}>
      {applicationText(yyzt)}
    </StateTag>
  );
}
