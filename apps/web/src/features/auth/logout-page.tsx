import { useEffect } from 'react';
import { Loading, useLogout } from 'react-admin';

/** /auth/logout: no server call; the cookie goes and the login page follows (spec §4). */
export function LogoutPage() {
  const logout = useLogout();
  useEffect(() => {
    void logout({}, undefined, false);
  }, [logout]);
  return <Loading />;
}
