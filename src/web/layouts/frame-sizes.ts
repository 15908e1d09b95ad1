/** Spec section 9: the top bar is 64 px high and the sidebar drawer 256 px wide. */
export const TOP_BAR_HEIGHT = 64;
export const SIDEBAR_WIDTH = 256;
