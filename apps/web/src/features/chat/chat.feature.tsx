import ForumIcon from '@mui/icons-material/Forum';
import { type FeatureModule, lazyPage } from '../../lib/feature.ts';
import { chatMobile } from './chat.mobile.ts';

const ChatPage = lazyPage(
  () => import('./chat-page.tsx'),
  (m) => m.ChatPage,
);

/**
 * The chat (issue #17 item 2, docs/adr/0026): /chat with the channels, /chat/channel/general and
 * /chat/channel/{id}; live through GET /chat/stream. The apps grid opens the general channel. Drivers chat in
 * their departures' channels in the driver app (chat.mobile.ts).
 */
export const chatFeature: FeatureModule = {
  ...chatMobile,
  routes: [
    { path: '/chat', component: ChatPage, permissions: ['chat-read'] },
    { path: '/chat/channel/:channel', component: ChatPage, permissions: ['chat-read'] },
  ],
  menu: [{ key: 'chat', group: 'communication', to: '/chat', permissions: ['chat-read'], icon: ForumIcon }],
  quickApps: [{ key: 'chat', to: '/chat/channel/general', permissions: ['chat-read'], icon: ForumIcon }],
};
