import { ERROR_MESSAGES } from '@tourdesk/contracts/errors';
import { raEnglish } from './ra/en.ts';
import app from './app/en.json';
import { mergeMessages, type Messages } from './merge.ts';

/** The English error texts are the catalogue's own (packages/contracts), kept in one place. */
const errors: Messages = {
  error: Object.fromEntries(Object.entries(ERROR_MESSAGES).map(([key, text]) => [key.slice('error.'.length), text])),
};

/** The shell's own messages (react-admin's and the app's); each feature brings its own. */
export const messages: Messages = mergeMessages(raEnglish as Messages, app, errors);
