import { raSpanish } from './ra/es.ts';
import app from './app/es.json';
import agencies from '../features/agencies/locales/es.json';
import auth from '../features/auth/locales/es.json';
import brands from '../features/brands/locales/es.json';
import customers from '../features/customers/locales/es.json';
import drivers from '../features/drivers/locales/es.json';
import roles from '../features/roles/locales/es.json';
import settings from '../features/settings/locales/es.json';
import mail from '../features/mail/locales/es.json';
import users from '../features/users/locales/es.json';
import { mergeMessages, type Messages } from './merge.ts';

export const messages: Messages = mergeMessages(
  raSpanish as Messages,
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
