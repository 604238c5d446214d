/**
 * The looks a screen is photographed and scanned in: each language and each theme once. Every screen is also
 * scanned in both themes by accessibility/screens.spec.ts, and every message exists in both languages
 * (apps/web/src/locales); the full square (de/en × light/dark) took these tests twice as long.
 */
export const LOOKS = [
  ['de', 'light'],
  ['en', 'dark'],
] as const;
