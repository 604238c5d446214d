import { raGerman } from './ra/de.ts';
import app from './app/de.json';
import agencies from '../features/agencies/locales/de.json';
import auth from '../features/auth/locales/de.json';
import brands from '../features/brands/locales/de.json';
import customers from '../features/customers/locales/de.json';
import drivers from '../features/drivers/locales/de.json';
import roles from '../features/roles/locales/de.json';
import settings from '../features/settings/locales/de.json';
import mail from '../features/mail/locales/de.json';
import users from '../features/users/locales/de.json';
import { mergeMessages, type Messages } from './merge.ts';

export const messages: Messages = mergeMessages(
  raGerman as Messages,
  app,
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
