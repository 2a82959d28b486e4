// The script-tag bundle's panel (its own entry, chat-panel.js): the whole widget as
// <zp-chat-panel>, which the launcher (launcher.ts) puts in its place on first use. The Preact
// ref shim first (build.mjs serves React through preact/compat).
import './preact-refs.js';
import { defineWidget } from '@zp/core/element';
import { Chat } from './Chat.js';
import { chatWidgetOptions } from './widget.js';
import { PANEL_TAG } from './tags.js';

export const ZpChatPanel = defineWidget(PANEL_TAG, Chat, chatWidgetOptions);
