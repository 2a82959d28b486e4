/** Spec section 9: an own chat message can be revoked (and its text re-edited) for 120 s. */
export const REVOKE_WINDOW_SECONDS = 120;
