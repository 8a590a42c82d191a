import { describe, expect, it } from '@jest/globals';
import {
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  isSidebarShortcut,
  readSidebarCookie,
  sidebarCookie,
} from './sidebar-state';

describe('sidebar state cookie', () => {
  it('writes sidebar_state for 7 days, site-wide', () => {
    expect(sidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax');
    expect(sidebarCookie(false)).toMatch(/^sidebar_state=false; /);
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
  });

  it('reads back what it wrote, among other cookies', () => {
    const asDocumentCookie = (assignment: string) => `theme=dark; ${assignment.split(';')[0]}; other=1`;
    expect(readSidebarCookie(asDocumentCookie(sidebarCookie(true)))).toBe(true);
    expect(readSidebarCookie(asDocumentCookie(sidebarCookie(false)))).toBe(false);
  });

  it('has no saved state without the cookie, or with a value it does not know', () => {
    expect(readSidebarCookie('')).toBeUndefined();
    expect(readSidebarCookie('theme=dark')).toBeUndefined();
    expect(readSidebarCookie('my_sidebar_state=false')).toBeUndefined();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeUndefined();
  });

  it('uses the spec constants (§9)', () => {
    expect([SIDEBAR_WIDTH, SIDEBAR_WIDTH_MOBILE, SIDEBAR_WIDTH_ICON, MOBILE_BREAKPOINT]).toEqual(['16rem', '18rem', '3rem', 768]);
  });

  it('toggles on Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'n', ctrlKey: true, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false, shiftKey: true })).toBe(false);
  });
});
