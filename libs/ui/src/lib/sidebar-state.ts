// Sidebar constants of the spec (§9) and the cookie that keeps its state, as plain functions so
// they can be tested without a browser.

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
/** 7 days, in seconds. */
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** Below this width (px) the sidebar is a sheet. */
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/** The saved state in a `document.cookie` string: true (expanded), false (collapsed), or undefined when none is saved. */
export function readSidebarCookie(cookie: string): boolean | undefined {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return undefined;
}

/** The assignment to `document.cookie` that saves the state for 7 days, site-wide. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B, or Cmd+B on a Mac. */
export function isSidebarShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey?: boolean; shiftKey?: boolean }): boolean {
  return event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
