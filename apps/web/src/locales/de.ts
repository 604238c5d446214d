import { raGerman } from './ra/de.ts';
import app from './app/de.json';
import { mergeMessages, type Messages } from './merge.ts';

/** The shell's own messages (react-admin's and the app's); each feature brings its own. */
export const messages: Messages = mergeMessages(raGerman as Messages, app);
