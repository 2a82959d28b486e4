import type { WidgetProps } from '@zp/core/element';

export type FeedbackProps = WidgetProps;

/** The footer's feedback dialog. For now: its title only; the form follows with the feedback API. */
export function Feedback(_props: FeedbackProps) {
  return (
    <section className="feedback">
      <h2>意见反馈</h2>
    </section>
  );
}
