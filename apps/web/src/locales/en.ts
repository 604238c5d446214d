import { ERROR_MESSAGES } from '@tourdesk/contracts/errors';
import { raEnglish } from './ra/en.ts';
import app from './app/en.json';
import agencies from '../features/agencies/locales/en.json';
import auth from '../features/auth/locales/en.json';
import brands from '../features/brands/locales/en.json';
import customers from '../features/customers/locales/en.json';
import drivers from '../features/drivers/locales/en.json';
import roles from '../features/roles/locales/en.json';
import settings from '../features/settings/locales/en.json';
import mail from '../features/mail/locales/en.json';
import users from '../features/users/locales/en.json';
import { mergeMessages, type Messages } from './merge.ts';

/** The English error texts are the catalogue's own (packages/contracts), kept in one place. */
const errors: Messages = {
  error: Object.fromEntries(Object.entries(ERROR_MESSAGES).map(([key, text]) => [key.slice('error.'.length), text])),
};

export const messages: Messages = mergeMessages(
  raEnglish as Messages,
  app,
  errors,
  auth,
  agencies,
  brands,
  customers,
  drivers,
  roles,
  settings,
  mail,
  users,
);
