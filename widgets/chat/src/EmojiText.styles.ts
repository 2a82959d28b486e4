/** EmojiText.tsx: an emoji code shown as its image, in line with the text. */
export const emojiTextCss = `
  img.emoji {
    width: 22px;
    height: 22px;
    vertical-align: -5px;
    margin: 0 1px;
  }
`;
