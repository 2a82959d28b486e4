import type { ReactNode } from 'react';
import type { Reply } from '@zp/core/contract';
import type { fairsApi } from '@zp/core/contract';
import { paths } from '../../lib/paths';
import { minute } from './common';
import { withBeijingLabel } from '@zp/core/dates';
import { fairState } from '../../lib/format';

export type Fair = Reply<typeof fairsApi.seekerFairs>['hxList'][number];
/** What a row shows: a favourite (collectedList) knows no venue or form, so those may be missing. */
export type FairRowData = Pick<Fair, 'hxid' | 'hymc' | 'hykssj' | 'hyjssj' | 'chqys' | 'gwfbs'> & Partial<Pick<Fair, 'sfxs' | 'hydd'>>;

/** ifks computed in the browser (spec section 4), the site's shared rule. */
export { fairState };
const STATE_TEXT = { 1: ['未开始', 'primary'], 2: ['进行中', 'success'], 3: ['已结束', ''] } as const;

/** A fair as a list row: name (to its hall), time, venue, figures, `meta` after them, state. */
export function FairRow({ fair, meta, side }: { fair: FairRowData; meta?: ReactNode; side?: ReactNode }) {
  const ifks = fairState(fair);
  const [text, tone] = STATE_TEXT[ifks];
  return (
    <li className="sk-row">
      {fair.sfxs === undefined ? null : <span className={`sk-fair-badge sk-fair-badge--${fair.sfxs === 1 ? 'online' : 'offline'}`}>{fair.sfxs === 1 ? '线上' : '线下'}</span>}
      <div className="sk-row__main">
        <p className="sk-row__title">
          <a href={paths.hall(fair.hxid, ifks)}>{fair.hymc}</a>
        </p>
        <p className="sk-row__meta">
          <span>
            {withBeijingLabel(`${minute(fair.hykssj)} 至 ${minute(fair.hyjssj)}`)}
          </span>
          {fair.hydd ? <span>{fair.hydd}</span> : null}
          <span>参会单位 {fair.chqys}</span>
          <span>职位 {fair.gwfbs}</span>
          {meta}
        </p>
      </div>
      <div className="sk-row__side">
        <span className={`sk-tag sk-tag--${tone || 'default'}`}>{text}</span>
        {side}
      </div>
    </li>
  );
}
