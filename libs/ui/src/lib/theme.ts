// Light or dark (issue 18 §7): the OS setting (prefers-color-scheme) unless the reader chose one with
// the header's toggle, which is remembered in localStorage. The theme is the `dark` class on <html>
// (theme.css swaps the design tokens under it); every bundle that includes this module (the shell
// and each remote) reads and writes that one class and that one key, so copies agree.

export type Theme = 'light' | 'dark';
export type ThemePreference = Theme | 'system';

export const THEME_STORAGE_KEY = 'academy-theme';
/** Fired on window when the preference changes in this page (copies of this module in other bundles listen). */
const CHANGED = 'academy-theme-change';

const win = (): Window | null => (typeof window === 'undefined' ? null : window);
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function themePreference(): ThemePreference {
  try {
    const stored = win()?.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system'; // storage refused (privacy mode): follow the OS
  }
}

/** The theme in effect: the reader's choice, else the OS's. */
export function currentTheme(): Theme {
  const preference = themePreference();
  if (preference !== 'system') return preference;
  return win()?.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Puts the theme in effect on <html> (class and color-scheme, so form controls and scrollbars follow). */
export function applyTheme(): void {
  const w = win();
  if (!w) return;
  const theme = currentTheme();
  w.document.documentElement.classList.toggle('dark', theme === 'dark');
  w.document.documentElement.style.colorScheme = theme;
}

/** Remembers the reader's choice ('system' forgets it) and applies it. */
export function setThemePreference(preference: ThemePreference): void {
  const w = win();
  if (!w) return;
  try {
    if (preference === 'system') w.localStorage.removeItem(THEME_STORAGE_KEY);
    else w.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    /* not remembered, still applied for this page */
  }
  applyTheme();
  w.dispatchEvent(new Event(CHANGED));
}

/** Calls `listener` whenever the theme in effect may have changed: a choice here, in another tab, or the OS's. */
export function subscribeTheme(listener: () => void): () => void {
  const w = win();
  if (!w) return () => {};
  const media = w.matchMedia(DARK_QUERY);
  w.addEventListener(CHANGED, listener);
  w.addEventListener('storage', listener);
  media.addEventListener('change', listener);
  return () => {
    w.removeEventListener(CHANGED, listener);
    w.removeEventListener('storage', listener);
    media.removeEventListener('change', listener);
  };
}

let started = false;
/** Once per page, before the first render: apply the theme and keep following the OS and other tabs. */
export function startTheme(): void {
  if (started) return;
  started = true;
  applyTheme();
  subscribeTheme(applyTheme);
}
