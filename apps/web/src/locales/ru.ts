import { raRussian } from './ra/ru.ts';
import app from './app/ru.json';
import agencies from '../features/agencies/locales/ru.json';
import auth from '../features/auth/locales/ru.json';
import brands from '../features/brands/locales/ru.json';
import customers from '../features/customers/locales/ru.json';
import drivers from '../features/drivers/locales/ru.json';
import roles from '../features/roles/locales/ru.json';
import settings from '../features/settings/locales/ru.json';
import mail from '../features/mail/locales/ru.json';
import users from '../features/users/locales/ru.json';
import { mergeMessages, type Messages } from './merge.ts';

export const messages: Messages = mergeMessages(
  raRussian as Messages,
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
