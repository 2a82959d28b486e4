/** RatingForm.tsx: the rating survey's stars in the send box. */
export const ratingFormCss = `
  .inline-form {
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
  }
  .stars button {
    border: none;
    background: none;
    font-size: 20px;
    color: var(--zp-color-border);
    padding: 0 2px;
  }
  .stars .on {
    color: var(--zp-color-accent);
  }
`;
