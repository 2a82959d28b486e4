import type { WidgetProps } from '@zp/core/element';

export type ChatProps = WidgetProps;

/** The chat launcher and panel. For now: its title only; the panel follows with the chat SDK. */
export function Chat(_props: ChatProps) {
  return (
    <section className="chat">
      <h2>消息</h2>
    </section>
  );
}
