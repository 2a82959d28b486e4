export { tokensCss } from './tokens.js';
export { uiCss, componentsCss, ensureDocumentStyles, UI_STYLE_ID } from './styles.js';
export { Button, type ButtonProps } from './button.js';
export { StateTag, type StateTone } from './state-tag.js';
export { ToneIcon, type Tone } from './icons.js';
export { message, toastError, MESSAGE_DURATION, type MessageType } from './message.js';
export { notify, NOTIFICATION_DURATION, type NotifyOptions } from './notification.js';
export { Dialog, type DialogProps } from './dialog.js';
export { useModal } from './modal.js';
export { confirm, type ConfirmOptions } from './confirm.js';
export { LoadingOverlay, loading, withLoading, LOADING_TEXT } from './loading.js';
export { useSession } from './use-session.js';
export { useHydrated } from './use-hydrated.js';
export { overlayLayer } from './host.js';
export { LoginDialog, type LoginDialogProps } from './login-dialog.js';
export { loginCss } from './login-css.js';
export { ReportDialog, type ReportDialogProps } from './report-dialog.js';
export { reportCss } from './report-css.js';
export {
  signUpFair,
  toggleFavourite,
  requireLogin,
  seekerResumeReady,
  hrCompanyApproved,
  write,
  type ActionWays,
  type FairMarks,
} from './fair-actions.js';
