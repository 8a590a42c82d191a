import { useSyncExternalStore } from 'react';
import { Moon, Sun } from 'lucide-react';
import { currentTheme, setThemePreference, subscribeTheme, type Theme } from '../lib/theme';
import { Button } from './button';

/** The theme in effect, kept up to date (the OS, the toggle, another tab). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'light');
}

/** The header's light/dark switch: the choice is remembered and wins over the OS setting. */
export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <Button variant="ghost" size="icon" aria-label="Dark theme" aria-pressed={dark} title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'} onClick={() => setThemePreference(dark ? 'light' : 'dark')}>
      {dark ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
    </Button>
  );
}
