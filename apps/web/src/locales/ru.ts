import { raRussian } from './ra/ru.ts';
import app from './app/ru.json';
import { mergeMessages, type Messages } from './merge.ts';

/** The shell's own messages (react-admin's and the app's); each feature brings its own. */
export const messages: Messages = mergeMessages(raRussian as Messages, app);
