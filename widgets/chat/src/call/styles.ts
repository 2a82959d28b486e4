// Over 300 lines: the call layer's one stylesheet (prompt, wait, calling window, float) for CallLayer.tsx.
import { css } from 'lit';

/** The call layer's styles (CallLayer.tsx), in <zp-chat>'s shadow root beside the panel's. */
export const callStyles = css`
  .call-layer [hidden] {
    display: none !important;
  }
  .call-prompt {
    position: fixed;
    top: 24px;
    right: 24px;
    z-index: calc(var(--zp-z-dialog) + 10);
    width: 320px;
    max-width: calc(100vw - 32px);
    box-sizing: border-box;
    display: grid;
    grid-template-columns: 48px 1fr;
    gap: 12px;
    padding: 16px;
    border-radius: var(--zp-radius-lg);
    background: #1f2329;
    color: #fff;
    box-shadow: var(--zp-shadow-lg);
  }
  .call-avatar {
    width: 48px;
    height: 48px;
    border-radius: 50%;
    background: var(--zp-color-primary);
    display: flex;
    align-items: center;
    justify-content: center;
    animation: zp-call-pulse 1.2s ease-in-out infinite;
  }
  .call-prompt-text {
    display: flex;
    flex-direction: column;
    justify-content: center;
    min-width: 0;
  }
  .call-prompt-text strong {
    font-size: 16px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .call-prompt-text span {
    color: #c9cdd4;
    font-size: 13px;
  }
  .call-prompt-actions {
    grid-column: 1 / -1;
    display: flex;
    gap: 12px;
  }
  .call-btn {
    flex: 1;
    padding: 8px 0;
    border-radius: var(--zp-radius-md, 6px);
    border: none;
    font-size: 14px;
  }
  .call-btn.accept {
    background: var(--zp-color-success, #00b42a);
    color: #fff;
  }
  .call-btn.refuse {
    background: var(--zp-color-danger);
    color: #fff;
  }
  .call-mask {
    position: fixed;
    inset: 0;
    z-index: calc(var(--zp-z-dialog) + 10);
    background: var(--zp-color-mask);
    display: flex;
    align-items: center;
    justify-content: center;
  }
  .call-wait {
    width: 300px;
    max-width: calc(100vw - 48px);
    padding: 24px;
    box-sizing: border-box;
    border-radius: var(--zp-radius-lg);
    background: var(--zp-color-surface);
    text-align: center;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 12px;
  }
  .call-wait p {
    margin: 0;
  }
  .call-wait .call-btn {
    flex: none;
    width: 120px;
    border: 1px solid var(--zp-color-border);
  }
  .call-layer .spinner {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    border: 3px solid var(--zp-color-primary);
    border-right-color: transparent;
    animation: zp-call-spin 0.8s linear infinite;
  }
  .call-window {
    position: fixed;
    z-index: calc(var(--zp-z-dialog) + 5);
    right: 24px;
    bottom: 88px;
    width: 480px;
    max-width: calc(100vw - 32px);
    border-radius: var(--zp-radius-lg);
    overflow: hidden;
    background: #111;
    color: #fff;
    box-shadow: var(--zp-shadow-lg);
    display: flex;
    flex-direction: column;
  }
  .call-window header {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px 12px;
    background: #1f2329;
  }
  .call-name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .call-status {
    flex: 1;
    color: #c9cdd4;
    font-variant-numeric: tabular-nums;
    font-size: 13px;
  }
  .call-remaining {
    color: #c9cdd4;
    font-variant-numeric: tabular-nums;
    font-size: 13px;
  }
  .call-remaining.warn {
    color: #ff8a8a;
    font-weight: 600;
  }
  .call-warning {
    padding: 6px 12px;
    background: var(--zp-color-danger);
    color: #fff;
    font-size: 13px;
  }
  .call-sound {
    position: absolute;
    top: 10px;
    left: 50%;
    transform: translateX(-50%);
    z-index: 3;
    padding: 6px 14px;
    border: none;
    border-radius: 16px;
    background: var(--zp-color-primary);
    color: #fff;
    font: inherit;
    font-size: 13px;
    cursor: pointer;
  }
  .call-min {
    background: transparent;
    border: none;
    color: #fff;
    font-size: 20px;
    line-height: 1;
    padding: 0 6px;
  }
  .call-stage {
    position: relative;
    aspect-ratio: 4 / 3;
    background: #000;
  }
  .call-remote,
  .call-local {
    position: absolute;
    overflow: hidden;
    background: #2b2f36;
  }
  .call-remote {
    inset: 0;
  }
  .call-local {
    right: 10px;
    bottom: 10px;
    width: 28%;
    aspect-ratio: 4 / 3;
    border: 2px solid rgba(255, 255, 255, 0.6);
    border-radius: 6px;
    z-index: 1;
  }
  .call-window.swapped .call-local {
    inset: 0;
    width: auto;
    border: none;
    border-radius: 0;
    z-index: 0;
  }
  .call-window.swapped .call-remote {
    inset: auto 10px 10px auto;
    width: 28%;
    height: auto;
    aspect-ratio: 4 / 3;
    border: 2px solid rgba(255, 255, 255, 0.6);
    border-radius: 6px;
    z-index: 1;
  }
  .call-swap {
    position: absolute;
    right: 10px;
    bottom: 10px;
    width: 28%;
    aspect-ratio: 4 / 3;
    z-index: 2;
    background: transparent;
    border: none;
    padding: 0;
  }
  .call-video,
  .call-video > div {
    width: 100%;
    height: 100%;
  }
  .call-video video {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .call-remote .call-video video {
    object-fit: contain;
  }
  .call-waiting {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    text-align: center;
    padding: 8px;
    color: #c9cdd4;
    font-size: 13px;
    z-index: 1;
    pointer-events: none;
  }
  .call-remote[data-video='on'] .call-waiting {
    display: none;
  }
  .call-controls {
    display: flex;
    justify-content: center;
    gap: 20px;
    padding: 12px;
    background: #1f2329;
  }
  .call-ctl {
    width: 44px;
    height: 44px;
    border-radius: 50%;
    border: none;
    background: #3a3f47;
    color: #fff;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 0;
  }
  .call-ctl[aria-pressed='false'] {
    background: #fff;
    color: #1f2329;
  }
  .call-ctl.hangup {
    background: var(--zp-color-danger);
  }
  .call-ctl:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .call-float {
    position: fixed;
    right: 24px;
    bottom: 88px;
    z-index: calc(var(--zp-z-dialog) + 5);
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 8px 14px;
    border-radius: 22px;
    border: none;
    background: var(--zp-color-success, #00b42a);
    color: #fff;
    box-shadow: var(--zp-shadow-lg);
    font-variant-numeric: tabular-nums;
  }
  .video-call {
    display: inline-flex;
    align-items: center;
  }
  .call-record {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .call-record svg {
    flex: none;
  }
  /* an older hall's invitation reads as one sentence, its link or 房间已结束 at the end */
  .hall-record a,
  .room-ended {
    white-space: nowrap;
  }
  .room-ended {
    color: var(--zp-color-text-muted);
  }
  /*
   * With the chat panel open, the call window docks at the right and the panel keeps to the left
   * of it, so that neither covers the other's controls (the panel's 发送 at 1280 px).
   */
  @media (min-width: 601px) {
    .zp-chat:has(.call-window:not([hidden])) .mask {
      justify-content: flex-start;
      padding: 0 calc(var(--zp-call-width) + 48px) 0 24px;
    }
    .zp-chat:has(.call-window:not([hidden])) .panel {
      width: 100%;
    }
    .call-window {
      --zp-call-width: 360px;
      width: var(--zp-call-width);
      top: 50%;
      bottom: auto;
      transform: translateY(-50%);
    }
    .zp-chat {
      --zp-call-width: 360px;
    }
  }
  @media (min-width: 601px) and (max-width: 959px) {
    .zp-chat,
    .call-window {
      --zp-call-width: 280px;
    }
  }
  @media (max-width: 600px) {
    .call-window {
      inset: 0;
      width: auto;
      max-width: none;
      border-radius: 0;
    }
    .call-stage {
      flex: 1;
      aspect-ratio: auto;
    }
    .call-prompt {
      top: 12px;
      right: 16px;
      left: 16px;
      width: auto;
    }
  }
  @keyframes zp-call-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @keyframes zp-call-pulse {
    50% {
      box-shadow: 0 0 0 8px rgba(22, 93, 255, 0.25);
    }
  }
`;
