import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../lib/api-client.ts';
import { NotificationsIcon } from '../lib/mobile-icons.tsx';
import { refreshPushSubscription } from '../lib/push-subscription.ts';
import './mobile-bell.css';

/** The query keys of what a push changes (the inbox screens use them too, features/notifications). */
export const UNREAD_KEY = ['push-inbox', 'unread'] as const;
export const INBOX_KEY = ['push-inbox'] as const;

/**
 * The bell of the phone's top bar (docs/adr/0023): the number of unread messages, linking to the inbox. It asks
 * again when the app comes back to the foreground and when the service worker reports a push; at the app's start
 * it registers the phone's current push subscription again (it may have changed).
 */
export function MobileBell({ label }: { label: (count: number) => string }) {
  const client = useQueryClient();
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => api<{ unread: number }>('/app/usernotifications/unread-count'),
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    void refreshPushSubscription().catch(() => undefined);
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'push')
        void client.invalidateQueries({ queryKey: INBOX_KEY });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [client]);
  const count = unread.data?.unread ?? 0;
  return (
    <Link to="/appuser/notifications" className="m-icon-button m-bell" aria-label={label(count)}>
      <NotificationsIcon />
      {count > 0 ? (
        <span className="m-bell-badge" aria-hidden="true" data-testid="bell-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
