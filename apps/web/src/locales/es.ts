import { raSpanish } from './ra/es.ts';
import app from './app/es.json';
import { mergeMessages, type Messages } from './merge.ts';

/** The shell's own messages (react-admin's and the app's); each feature brings its own. */
export const messages: Messages = mergeMessages(raSpanish as Messages, app);
