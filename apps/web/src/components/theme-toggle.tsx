import { Moon, Sun } from './icons';
import { useTheme } from '../lib/theme.tsx';
import { buttonStyles } from './ui/button-styles.ts';
import { cn } from '../lib/cn.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'تغییر به پوسته روشن' : 'تغییر به پوسته تیره';
  return (
    <button type="button" onClick={toggleTheme} aria-label={label} title={label} className={cn(buttonStyles.icon, className)}>
      {/* The icon follows the class on <html>, right even before hydration. */}
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
    </button>
  );
}
