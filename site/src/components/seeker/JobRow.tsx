import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { nameOf, type Codes } from './codes';
import { salaryText } from '../../lib/format';
import { logoOf } from './common';

export interface JobLike {
  gwid: string;
  gwmc: string;
  dwid: string;
  dwmc: string;
  logoUrl: string;
  sbcs: string;
  zdyx: number;
  zgyx: number;
  xlyq: string;
  jyyq: string;
}

/** A job as a list row: logo, title (to the job page), enterprise, city, salary, requirements; `after` spans the row's width below. */
export function JobRow({ job, codes, side, extra, after }: { job: JobLike; codes: Codes | null; side?: ReactNode; extra?: ReactNode; after?: ReactNode }) {
  const facts = [nameOf(codes, job.sbcs), nameOf(codes, job.xlyq, 'm_xldm'), nameOf(codes, job.jyyq, 'm_jyyqdm')].filter(Boolean);
  return (
    <li className="sk-row">
      <img className="sk-row__logo" src={logoOf(job.logoUrl, job.dwmc)} alt="" loading="lazy" width={48} height={48} />
      <div className="sk-row__main">
        <p className="sk-row__title">
          <a href={paths.job(job.gwid)}>{job.gwmc}</a>
        </p>
        <p className="sk-row__meta">
          <a href={paths.company(job.dwid)}>{job.dwmc}</a>
          <span className="sk-salary">{salaryText(job.zdyx, job.zgyx)}</span>
          {facts.map((f) => (
            <span key={f}>{f}</span>
          ))}
        </p>
        {extra}
      </div>
      {side ? <div className="sk-row__side">{side}</div> : null}
      {after ? <div className="sk-row__after">{after}</div> : null}
    </li>
  );
}
