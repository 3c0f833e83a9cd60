import { buttonStyles } from '../../components/ui/button-styles.ts';

// The accent red of the dark theme is bright for text on dark grounds; white text on it lacks
// contrast, so solid accent surfaces in the admin take a deeper red in the dark theme.
export const solidAccentDark = 'dark:bg-red-700 dark:border-red-700';
/** Accent text on the soft accent ground, readable in both themes. */
export const softAccentText = 'text-accent dark:text-red-200';

export const adminButton = {
  ...buttonStyles,
  primary: `${buttonStyles.primary} ${solidAccentDark}`,
} as const;
