// @vitest-environment happy-dom
import { expect, test } from 'vitest';
import { OPEN_CONVERSATION_EVENT, followChatUnread, openChat, publishChatUnread, takePendingOpen } from './chat-open.js';

test('the chat unread count is one number for the page: a follower gets the last one told, then each change', () => {
  const early: number[] = [];
  const stopEarly = followChatUnread((n) => early.push(n));
  publishChatUnread(2);
  publishChatUnread(2); // the same again tells nobody
  const late: number[] = [];
  const stopLate = followChatUnread((n) => late.push(n));
  publishChatUnread(0);
  stopEarly();
  publishChatUnread(-3); // nonsense reads as none
  publishChatUnread(5.7);
  stopLate();
  expect(early).toEqual([2, 0]);
  expect(late).toEqual([2, 0, 5]);
});

test('openChat asks the widget for its panel, and keeps the request for a widget still loading', () => {
  const heard: unknown[] = [];
  const on = (e: Event) => heard.push((e as CustomEvent).detail);
  window.addEventListener(OPEN_CONVERSATION_EVENT, on);
  openChat();
  window.removeEventListener(OPEN_CONVERSATION_EVENT, on);
  expect(heard).toEqual([{}]);
  expect(takePendingOpen()).toEqual({});
});
