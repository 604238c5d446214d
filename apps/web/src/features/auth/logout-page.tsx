import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { clearOfflineData } from '../../lib/offline-data.ts';
import { forgetPushSubscription } from '../../lib/push-subscription.ts';

/** /auth/logout: no server call; the cookie goes and the login page follows (spec §4). */
export function LogoutPage() {
  const logout = useLogout();
  useEffect(() => {
    // What the traveller app kept for offline use (cached API answers, queued changes) goes with the session.
    void clearOfflineData();
    // The phone's push subscription is forgotten while the session still holds (DELETE /fcm needs it); a slow
    // answer does not hold the logout up for long.
    const pushGone = Promise.race([forgetPushSubscription(), new Promise((done) => setTimeout(done, 3000))]);
    void pushGone.finally(() => logout({}, undefined, false));
  }, [logout]);
  return <PageLoading />;
}
