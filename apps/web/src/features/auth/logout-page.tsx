import { useEffect } from 'react';
import { Loading, useLogout } from 'react-admin';
import { clearOfflineData } from '../../lib/offline-data.ts';

/** /auth/logout: no server call; the cookie goes and the login page follows (spec §4). */
export function LogoutPage() {
  const logout = useLogout();
  useEffect(() => {
    // What the traveller app kept for offline use (cached API answers, queued changes) goes with the session.
    void clearOfflineData();
    void logout({}, undefined, false);
  }, [logout]);
  return <Loading />;
}
