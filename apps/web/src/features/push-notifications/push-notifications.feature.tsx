import { Route } from 'react-router-dom';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import TopicIcon from '@mui/icons-material/Topic';
import type { ResourceApi } from '../../lib/resources.ts';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const messages = () => import('./notification-pages.tsx');
const NotificationList = lazyPage(messages, (m) => m.NotificationList);
const NotificationCreate = lazyPage(messages, (m) => m.NotificationCreate);
const NotificationCopy = lazyPage(messages, (m) => m.NotificationCopy);
const NotificationEdit = lazyPage(messages, (m) => m.NotificationEdit);
const topics = () => import('./topic-pages.tsx');
const TopicList = lazyPage(topics, (m) => m.TopicList);
const TopicCreate = lazyPage(topics, (m) => m.TopicCreate);
const TopicCopy = lazyPage(topics, (m) => m.TopicCopy);
const TopicEdit = lazyPage(topics, (m) => m.TopicEdit);

const appRights: ResourceApi['permissions'] = {
  list: ['appusermanagement-read'],
  show: ['appusermanagement-read'],
  create: ['appusermanagement-create'],
  edit: ['appusermanagement-update'],
  delete: ['appusermanagement-delete'],
};

/**
 * Push notifications for travellers' phones and the topics they follow (issue #16, docs/adr/0023): the office
 * writes a message, picks who receives it (everybody, customers, a coach, departures or a topic's followers),
 * sees how many it reaches, and sends it now or at a time; quick messages go to everybody or to one coach.
 */
export const pushNotificationsFeature: FeatureModule = {
  name: 'push-notifications',
  resources: [
    {
      name: 'app/pushnotifications',
      api: { read: '/app/pushnotifications', permissions: appRights },
      icon: NotificationsActiveIcon,
      list: NotificationList,
      create: NotificationCreate,
      edit: NotificationEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<NotificationCopy />} />,
    },
    {
      name: 'app/topics',
      api: { read: '/app/topics', permissions: appRights },
      icon: TopicIcon,
      list: TopicList,
      create: TopicCreate,
      edit: TopicEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<TopicCopy />} />,
    },
  ],
  menu: [
    {
      key: 'pushNotifications',
      group: 'app',
      to: '/app/pushnotifications',
      permissions: ['appusermanagement-read'],
      icon: NotificationsActiveIcon,
    },
    {
      key: 'topics',
      group: 'app',
      to: '/app/topics',
      permissions: ['appusermanagement-read'],
      icon: TopicIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['id_pushnotifications', 'receiver_labels', 'deliveries', 'followers'],
};
