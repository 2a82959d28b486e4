import type { WidgetProps } from '@zp/core/element';

export type JobFairsProps = WidgetProps<'city-code'>;

/**
 * The job-fair list partner sites embed. For now: its title and the city it is limited to
 * (`city-code` is the API's csdm; absent means all cities).
 */
export function JobFairs({ cityCode }: JobFairsProps) {
  return (
    <section className="fairs">
      <h2>招聘会</h2>
      <p className="city">{cityCode ? `城市代码 ${cityCode}` : '全部城市'}</p>
    </section>
  );
}
