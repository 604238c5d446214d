import ContactMailIcon from '@mui/icons-material/ContactMail';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { PermissionName } from '@tourdesk/contracts/permissions';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';
import type { ResourceApi } from '../../lib/resources.ts';

const contactPages = () => import('./contact-pages.tsx');
const ContactList = lazyPage(contactPages, (m) => m.ContactList);
const ContactCreate = lazyPage(contactPages, (m) => m.ContactCreate);
const ContactEdit = lazyPage(contactPages, (m) => m.ContactEdit);
const listPages = () => import('./contact-list-pages.tsx');
const ContactListList = lazyPage(listPages, (m) => m.ContactListList);
const ContactListCreate = lazyPage(listPages, (m) => m.ContactListCreate);
const ContactListEdit = lazyPage(listPages, (m) => m.ContactListEdit);
const ConfirmPage = lazyPage(
  () => import('./subscribe-confirm-page.tsx'),
  (m) => m.SubscribeConfirmPage,
);

const newsletterRights: ResourceApi['permissions'] = {
  list: ['newsletter-read'],
  show: ['newsletter-read'],
  create: ['newsletter-create'],
  edit: ['newsletter-update'],
  delete: ['newsletter-delete'],
};
const read: readonly PermissionName[] = ['newsletter-read'];

/**
 * Newsletter contacts and contact lists (issue #14): /newsletter/contacts with import and export,
 * /newsletter/contactslist with members and certification, and the public page of the double opt-in mail.
 */
export const newsletterContactsFeature: FeatureModule = {
  name: 'newsletter-contacts',
  resources: [
    {
      name: 'newsletter/contacts',
      api: { read: '/newsletter/contacts', permissions: newsletterRights },
      icon: ContactMailIcon,
      list: ContactList,
      create: ContactCreate,
      edit: ContactEdit,
      recordRepresentation: 'email',
    },
    {
      name: 'newsletter/contactslist',
      api: { read: '/newsletter/lists', permissions: newsletterRights },
      icon: ListAltIcon,
      list: ContactListList,
      create: ContactListCreate,
      edit: ContactListEdit,
      recordRepresentation: 'name',
    },
  ],
  menu: [
    {
      key: 'newsletterContacts',
      group: 'newsletter',
      to: '/newsletter/contacts',
      permissions: read,
      icon: ContactMailIcon,
    },
    {
      key: 'newsletterContactLists',
      group: 'newsletter',
      to: '/newsletter/contactslist',
      permissions: read,
      icon: ListAltIcon,
    },
  ],
  guestRoutes: [{ path: 'newsletter-confirm/:code', component: ConfirmPage }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: [
    'integrated',
    'id_vc_card',
    'customerName',
    'consentAt',
    'consentSource',
    'consentIp',
    'unsubscribedAt',
    'hardBouncedAt',
    'contactCount',
    'certified',
    'certifiedAt',
    'certifiedBy',
    'certifiedByName',
  ],
};
