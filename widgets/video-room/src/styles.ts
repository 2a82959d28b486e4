import { css } from 'lit';

/** The room's styles; they live only in the element's shadow root. Tokens come from @zp/ui (uiCss). */
export const styles = css`
  :host {
    font: 14px/1.5 var(--zp-font-family);
  }
  /* A page's own rules (a partner's '* { font-family }') beat :host; the room inherits nothing. */
  .room {
    all: initial;
    display: flex;
    flex-direction: column;
    font: 14px/1.5 var(--zp-font-family);
    color: var(--zp-color-text);
    background: var(--zp-color-surface);
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius-lg);
    /* clip, not hidden: no scroll container, so the controls can stick to the window's bottom */
    overflow: clip;
    min-height: 420px;
  }
  /* In the room the room is the page: as tall as the window, the other person's video taking what
     the header and the controls leave (spec section 2; 1280×720 and phones alike). */
  /* --zp-video-room-top: what the page keeps fixed above it (a sticky site header), set by the page. */
  .room.in-room {
    height: calc(100vh - var(--zp-video-room-top, 0px));
    height: calc(100dvh - var(--zp-video-room-top, 0px));
    min-height: 360px;
    scroll-margin-top: var(--zp-video-room-top, 0px);
  }
  button,
  select,
  a.primary {
    font: inherit;
    cursor: pointer;
    border: 1px solid var(--zp-color-border);
    background: var(--zp-color-surface);
    border-radius: var(--zp-radius-sm);
    padding: 4px 12px;
    color: inherit;
    text-decoration: none;
  }
  button:focus-visible,
  a:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--zp-color-primary);
    outline-offset: 2px;
  }
  button[disabled] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .primary {
    background: var(--zp-color-primary);
    border-color: var(--zp-color-primary);
    color: #fff;
  }
  .danger {
    background: var(--zp-color-danger);
    border-color: var(--zp-color-danger);
    color: #fff;
  }
  header {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 8px 12px;
    padding: 10px 16px;
    border-bottom: 1px solid var(--zp-color-border);
  }
  h2 {
    margin: 0;
    font-size: 16px;
  }
  h3 {
    margin: 0 0 8px;
    font-size: 14px;
  }
  .room-id,
  .hint,
  .empty {
    margin: 0;
    color: var(--zp-color-text-muted);
    font-size: 13px;
  }
  .timer {
    font-variant-numeric: tabular-nums;
    color: var(--zp-color-text-secondary);
  }
  .remaining {
    font-variant-numeric: tabular-nums;
    color: var(--zp-color-text-secondary);
  }
  .remaining.warn {
    color: var(--zp-color-danger);
    font-weight: 600;
  }
  .grow {
    flex: 1;
  }
  /* 录制中: seen by everyone while the interview is recorded */
  .rec {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--zp-color-danger);
    font-weight: 600;
  }
  .rec::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--zp-color-danger);
  }
  .rec.asking {
    color: var(--zp-color-text-secondary);
    font-weight: 400;
  }
  .rec.asking::before {
    background: var(--zp-color-text-secondary);
  }
  .alert {
    display: flex;
    align-items: flex-start;
    gap: 8px;
    margin: 8px 16px 0;
    padding: 6px 10px;
    border-radius: var(--zp-radius-sm);
    background: var(--zp-color-warning-soft);
    color: var(--zp-color-text-secondary);
    font-size: 13px;
  }
  .alert span {
    flex: 1;
  }
  .alert button {
    border: none;
    background: none;
    padding: 0 4px;
  }
  .alert.warn {
    background: var(--zp-color-danger-soft);
    color: var(--zp-color-danger);
  }
  .notice {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 12px;
    min-height: 240px;
    padding: 24px;
    text-align: center;
  }
  .notice p {
    margin: 0;
  }
  .spinner {
    width: 1em;
    height: 1em;
    border-radius: 50%;
    border: 2px solid currentColor;
    border-right-color: transparent;
    animation: zp-spin 0.7s linear infinite;
    display: inline-block;
  }
  .error {
    margin: 0;
    color: var(--zp-color-danger);
  }

  /* ---- device check */
  .check {
    padding: 16px;
  }
  .check-body {
    display: grid;
    grid-template-columns: minmax(0, 3fr) minmax(220px, 2fr);
    gap: 16px;
  }
  .preview {
    position: relative;
    aspect-ratio: 4 / 3;
    background: #1f2329;
    border-radius: var(--zp-radius);
    overflow: hidden;
  }
  .preview video {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transform: scaleX(-1);
  }
  .check-side {
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  .pick {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .pick select {
    width: 100%;
    padding: 6px 8px;
  }
  .speaker {
    display: flex;
    align-items: flex-end;
    gap: 8px;
  }
  .speaker .pick {
    flex: 1;
    min-width: 0;
  }
  .level {
    height: 8px;
    border-radius: 4px;
    background: var(--zp-color-info-soft);
    overflow: hidden;
  }
  .level span {
    display: block;
    height: 100%;
    background: var(--zp-color-success);
    transition: width 0.1s;
  }
  .join {
    padding: 8px 12px;
    font-size: 15px;
  }

  /* ---- inside the room */
  .body {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 240px;
    flex: 1;
    min-height: 0;
  }
  /*
   * The large video fills the stage; everyone else (oneself included) is a small picture in its
   * bottom-right corner, in a row that wraps upwards. Tiles stay siblings whatever their size, so
   * a change of focus never re-creates the element the SDK plays into.
   */
  .stage {
    position: relative;
    display: flex;
    flex-wrap: wrap-reverse;
    justify-content: flex-end;
    align-content: flex-start;
    gap: 8px;
    padding: 12px;
    min-height: 0;
    background: #1f2329;
  }
  .tile {
    position: relative;
    z-index: 1;
    width: clamp(96px, 20%, 220px);
    aspect-ratio: 4 / 3;
    background: #2b2f36;
    border-radius: var(--zp-radius);
    overflow: hidden;
    box-shadow: 0 2px 8px rgba(0, 0, 0, 0.45);
  }
  /* the person speaking now: a green frame (and a mark beside the name, for screen readers too) */
  .tile.speaking {
    outline: 3px solid #3ecf7a;
    outline-offset: -3px;
  }
  .speaking-mark {
    display: inline-block;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: #3ecf7a;
  }
  /* small pictures on another page: kept (their video elements stay), not shown */
  .tile.off-page {
    display: none;
  }
  /* the pages of small pictures, when more people are in than fit */
  .pager {
    position: absolute;
    top: 8px;
    right: 8px;
    z-index: 2;
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 2px 6px;
    border-radius: 14px;
    background: rgba(0, 0, 0, 0.6);
    color: #fff;
    font-size: 12px;
  }
  .pager button {
    padding: 0 8px;
    border: none;
    background: transparent;
    color: #fff;
    font-size: 16px;
  }
  .pager button:disabled {
    opacity: 0.4;
    cursor: default;
  }
  /* a shared screen: letterboxed on black, never cropped (text must stay readable) */
  .tile.screen {
    background: #000;
  }
  .tile.focused {
    position: absolute;
    inset: 0;
    z-index: 0;
    width: auto;
    aspect-ratio: auto;
    border-radius: 0;
    box-shadow: none;
  }
  .view,
  .view > div {
    position: absolute;
    inset: 0;
  }
  .view video {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  .mask {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    background: #2b2f36;
    color: #c9cdd4;
  }
  .tile-notice {
    position: absolute;
    top: 8px;
    left: 50%;
    transform: translateX(-50%);
    padding: 2px 10px;
    border-radius: 10px;
    background: rgba(0, 0, 0, 0.6);
    color: #fff;
    font-size: 12px;
    white-space: nowrap;
  }
  .tile-hit {
    position: absolute;
    inset: 0;
    border: none;
    background: transparent;
    padding: 0;
  }
  .label {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px 8px;
    background: linear-gradient(transparent, rgba(0, 0, 0, 0.6));
    color: #fff;
    font-size: 12px;
    pointer-events: none;
  }
  .label a,
  .label span {
    color: #fff;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    pointer-events: auto;
  }
  .label em {
    /* a role tag stays one word: in a phone's small tile the name gives way instead */
    flex: none;
    white-space: nowrap;
    font-style: normal;
    padding: 0 4px;
    border-radius: 3px;
    background: var(--zp-color-primary);
  }
  .mic-off {
    color: #ff8a8a;
    display: inline-flex;
  }
  .quality {
    display: inline-flex;
    align-items: flex-end;
    gap: 1px;
    height: 10px;
    margin-left: auto;
  }
  .quality i {
    width: 3px;
    background: rgba(255, 255, 255, 0.35);
  }
  .quality i:nth-child(1) { height: 4px; }
  .quality i:nth-child(2) { height: 7px; }
  .quality i:nth-child(3) { height: 10px; }
  .q-good i { background: #4cd36b; }
  .q-fair i:nth-child(-n + 2) { background: #f5b82e; }
  .q-poor i:nth-child(1),
  .q-down i:nth-child(1) { background: #ff5c5c; }
  .waiting,
  .departed {
    position: absolute;
    z-index: 2;
    top: 12px;
    left: 50%;
    transform: translateX(-50%);
    max-width: calc(100% - 24px);
    margin: 0;
    padding: 6px 14px;
    border-radius: 16px;
    background: rgba(0, 0, 0, 0.65);
    color: #fff;
    text-align: center;
  }
  .departed {
    display: flex;
    align-items: center;
    gap: 10px;
    white-space: nowrap;
  }
  .departed .invite {
    background: var(--zp-color-primary);
    border-color: var(--zp-color-primary);
    color: #fff;
  }
  .members {
    display: flex;
    flex-direction: column;
    border-left: 1px solid var(--zp-color-border);
    padding: 12px;
    overflow: auto;
  }
  /* 添加面试者: a name to look for among the enterprise's applicants, and whom it found */
  .find form {
    display: flex;
    gap: 6px;
    margin-top: 8px;
  }
  .find input {
    flex: 1;
    min-width: 0;
    padding: 4px 8px;
  }
  .find .hint {
    margin: 6px 0 0;
  }
  .members small {
    color: var(--zp-color-text-muted);
  }
  .add-seeker {
    width: 100%;
    margin-top: 8px;
    color: var(--zp-color-primary);
  }
  /* the room's text chat, below the people: what was said scrolls, the input stays at its foot */
  .room-chat {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 200px;
    margin-top: 12px;
    padding-top: 8px;
    border-top: 1px solid var(--zp-color-border);
  }
  .room-chat h3 {
    margin: 0 0 6px;
    font-size: 14px;
  }
  .chat-log {
    flex: 1;
    min-height: 96px;
    overflow-y: auto;
    font-size: 13px;
  }
  .chat-log .line {
    margin: 0 0 6px;
    overflow-wrap: anywhere;
  }
  .chat-log .who {
    font-weight: 600;
    margin-right: 6px;
  }
  .chat-log .mine .who {
    color: var(--zp-color-primary);
  }
  .chat-log time {
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .chat-log .text {
    display: block;
    white-space: pre-wrap;
  }
  .chat-log .empty {
    color: var(--zp-color-text-muted);
    font-size: 12px;
  }
  .chat-send {
    display: flex;
    gap: 6px;
    margin-top: 6px;
  }
  .chat-send input {
    flex: 1;
    min-width: 0;
    padding: 5px 8px;
  }
  /* a raised hand: amber, beside the name (on the tiles too) */
  /* a phone: the chat opens on demand, so that it does not take the pictures' room */
  .chat-toggle {
    width: 100%;
    padding: 2px 8px;
    text-align: left;
  }
  .chat-toggle .unread {
    margin-left: 8px;
    color: var(--zp-color-danger);
    font-size: 12px;
  }
  .room-chat.closed {
    flex: none;
    min-height: 0;
    margin-top: 4px;
    padding-top: 4px;
  }
  .room-chat.closed .chat-log,
  .room-chat.closed .chat-send {
    display: none;
  }
  .hand,
  .label .hand {
    display: inline-flex;
    color: #f5a623;
  }
  .tabs {
    display: flex;
    margin-bottom: 8px;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .tabs button {
    flex: 1;
    border: none;
    border-bottom: 2px solid transparent;
    border-radius: 0;
    background: none;
    padding: 6px 0;
  }
  .tabs button[aria-selected='true'] {
    color: var(--zp-color-primary);
    border-bottom-color: var(--zp-color-primary);
  }
  .members ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .members li {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 6px 0;
    border-bottom: 1px dashed var(--zp-color-border);
  }
  .members li > :first-child {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .members a {
    color: var(--zp-color-primary);
  }
  .members em {
    font-style: normal;
    font-size: 12px;
    color: var(--zp-color-primary);
  }
  .state {
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .state.in {
    color: var(--zp-color-success);
  }
  .invite {
    padding: 2px 10px;
    font-size: 12px;
    color: var(--zp-color-primary);
    border-color: var(--zp-color-primary);
  }
  /* Always in view: at the room's bottom, or at the window's while the page is scrolled up. */
  .controls {
    position: sticky;
    bottom: 0;
    z-index: 3;
    display: flex;
    justify-content: center;
    gap: 16px;
    padding: 10px;
    border-top: 1px solid var(--zp-color-border);
    background: var(--zp-color-surface);
  }
  .ctl {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 16px;
    border-radius: 18px;
  }
  .ctl.off {
    background: var(--zp-color-danger-soft);
    border-color: var(--zp-color-danger);
    color: var(--zp-color-danger);
  }
  /* 设备设置 in the room: the three pickers one under the other */
  .settings {
    display: grid;
    gap: 12px;
  }
  .settings select {
    width: 100%;
    padding: 6px 8px;
  }
  /* a control that is on now (sharing the screen, a raised hand), in the primary colour */
  .ctl.active {
    background: var(--zp-color-info-soft);
    border-color: var(--zp-color-primary);
    color: var(--zp-color-primary);
  }
  .record {
    padding: 6px 16px;
    border-radius: 18px;
  }
  .record.on {
    border-color: var(--zp-color-danger);
    color: var(--zp-color-danger);
  }
  .mini-bar {
    display: none;
  }

  /* ---- minimised: only the large video and a bar to restore, floating in a corner */
  .room.minimised {
    position: fixed;
    right: 16px;
    /* above the chat launcher (52 px, --zp-launcher-bottom from the foot), which would cover 还原 */
    bottom: calc(var(--zp-launcher-bottom, 24px) + 68px);
    width: 240px;
    height: auto;
    min-height: 0;
    z-index: calc(var(--zp-z-dialog) - 2);
    box-shadow: var(--zp-shadow-lg);
  }
  .minimised header,
  .minimised .alert,
  .minimised .members,
  .minimised .controls,
  .minimised .waiting,
  .minimised .tile:not(.focused) {
    display: none;
  }
  .minimised .body {
    display: block;
  }
  .minimised .stage {
    display: block;
    height: 180px;
    padding: 0;
  }
  .minimised .departed {
    display: none;
  }
  .minimised .tile.focused {
    border-radius: 0;
    aspect-ratio: 4 / 3;
  }
  .minimised .mini-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 6px 10px;
  }

  @media (max-width: 720px) {
    .body {
      grid-template-columns: 1fr;
    }
    /* the stage first and largest, the member list below it in what is left, scrolling */
    .body {
      grid-template-rows: minmax(0, 1fr) auto;
    }
    .stage {
      padding: 8px;
    }
    .tile {
      width: clamp(88px, 28%, 140px);
    }
    /* below the pictures, scrolling: a little while the chat is shut, more while it is open */
    .members:has(.room-chat:not(.closed)) {
      max-height: 45vh;
    }
    .members {
      max-height: 18vh;
      border-left: none;
      border-top: 1px solid var(--zp-color-border);
    }
    /* the chat first in the list (its toggle in sight), the people below it */
    .room-chat,
    .room-chat.closed {
      margin: 0 0 8px;
      padding: 0 0 8px;
      border-top: none;
      border-bottom: 1px solid var(--zp-color-border);
    }
    .check-body {
      grid-template-columns: 1fr;
    }
    header .room-id {
      display: none;
    }
    /* Narrow: title and buttons on the first line, the clocks on their own line below. */
    header .grow {
      display: none;
    }
    header > button:first-of-type {
      margin-left: auto;
    }
    header::after {
      content: '';
      order: 2;
      flex-basis: 100%;
      height: 0;
    }
    header .timer,
    header .remaining {
      order: 3;
    }
    /*
     * Narrow: each control an icon over a short caption, from the left, so that three or four fit
     * on one line and the corner on the right stays free for the page's floating chat button.
     */
    .controls {
      justify-content: flex-start;
      gap: 6px;
      padding: 8px;
    }
    .ctl {
      flex-direction: column;
      gap: 2px;
      min-width: 60px;
      padding: 4px 8px;
      border-radius: 10px;
      font-size: 12px;
      white-space: nowrap;
    }
    .record {
      padding: 4px 8px;
      border-radius: 10px;
      font-size: 12px;
    }
  }
  @keyframes zp-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
