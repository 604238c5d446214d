import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** react-admin's own UI messages in English (source of truth for the other languages in this folder). */
export const raEnglish: TranslationMessages = englishMessages;
