/**
 * An application's state (spec: yyzt 1 已投递 … 6 录用) as a state, the same for the seeker, the
 * HR and on a job page: one text and one tone per state, and 已发 offer once an offer is out.
 */
import { StateTag, type StateTone } from '@zp/ui';
import { APPLICATION_STATES, FINAL_STATES } from '@zp/core/routes';

export const applicationText = (yyzt: number): string => (APPLICATION_STATES as Record<number, string>)[yyzt] ?? '已投递';
const APPLICATION_TONE: Record<number, StateTone> = { 1: 'primary', 2: 'info', 3: 'warning', 4: 'success', 5: 'danger', 6: 'success' };

/** The stage between 面试 and 录用: the enterprise sent an offer (offerAt), not yet hired or refused. */
export const OFFER_TEXT = '已发 offer';

/** An offer is out: sent, and the application neither hired nor refused since. */
export const offerOut = (yyzt: number, offerAt: string | undefined): boolean => !!offerAt && !(FINAL_STATES as readonly number[]).includes(yyzt);

export function ApplicationState({ yyzt, offerAt, testId }: { yyzt: number; offerAt?: string; testId?: string }) {
  const offer = offerOut(yyzt, offerAt);
  return (
    <StateTag tone={offer ? 'success' : (APPLICATION_TONE[yyzt] ?? 'info')} testId={testId}>
      {offer ? OFFER_TEXT : applicationText(yyzt)}
    </StateTag>
  );
}
