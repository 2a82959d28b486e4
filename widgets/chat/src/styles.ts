import { css, unsafeCSS } from 'lit';
import { baseCss } from './base.styles.js';
import { launcherCss } from './launcher-css.js';
import { formsCss } from './forms.styles.js';
import { chatCss } from './Chat.styles.js';
import { panelBodyCss } from './PanelBody.styles.js';
import { listsCss } from './lists.styles.js';
import { conversationListCss } from './ConversationList.styles.js';
import { conversationViewCss } from './ConversationView.styles.js';
import { messageListCss } from './MessageList.styles.js';
import { bubbleCss } from './Bubble.styles.js';
import { noticeCss } from './Notice.styles.js';
import { composerCss } from './Composer.styles.js';
import { emojiTextCss } from './EmojiText.styles.js';
import { emojiPickerCss } from './EmojiPicker.styles.js';
import { detailsCss } from './Details.styles.js';
import { groupPanelCss } from './GroupPanel.styles.js';
import { imagePreviewCss } from './ImagePreview.styles.js';
import { myProfileCss } from './MyProfile.styles.js';
import { ratingFormCss } from './RatingForm.styles.js';
import { readersDialogCss } from './ReadersDialog.styles.js';

/**
 * The launcher's and panel's styles; they live only in the element's shadow root. Tokens come
 * from @zp/ui (uiCss). Each component's rules are in the <Component>.styles.ts beside it (the
 * button's in launcher-css.ts, shared with the light launcher); base, forms and lists are what
 * several share. The order is the cascade's: the shared ground first, then the components from
 * the outside in.
 */
export const styles = css`
  ${unsafeCSS(baseCss)}
  ${unsafeCSS(launcherCss)}
  ${unsafeCSS(formsCss)}
  ${unsafeCSS(chatCss)}
  ${unsafeCSS(panelBodyCss)}
  ${unsafeCSS(listsCss)}
  ${unsafeCSS(conversationListCss)}
  ${unsafeCSS(conversationViewCss)}
  ${unsafeCSS(messageListCss)}
  ${unsafeCSS(bubbleCss)}
  ${unsafeCSS(noticeCss)}
  ${unsafeCSS(composerCss)}
  ${unsafeCSS(emojiTextCss)}
  ${unsafeCSS(emojiPickerCss)}
  ${unsafeCSS(detailsCss)}
  ${unsafeCSS(groupPanelCss)}
  ${unsafeCSS(imagePreviewCss)}
  ${unsafeCSS(myProfileCss)}
  ${unsafeCSS(ratingFormCss)}
  ${unsafeCSS(readersDialogCss)}
`;
