import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { clearToken, getToken, tokenExpired } from './auth-token.ts';
import { loadUserData, LOGIN_PATH, SESSION_EXPIRED_SEARCH, sessionWasRefused } from './user-data.ts';

/**
 * Everything outside /auth/ needs a session. Without a token, or with one whose time is up, the visitor goes
 * straight to the login page (once, remembering where they wanted to go) before the admin framework loads.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = getToken();
  const valid = token !== null && !tokenExpired(token);
  // The server's word on the token (the /userdata request started with the page) comes before the admin
  // mounts, so a refused session goes to the login page from here, not through react-admin's logout.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!valid) return;
    let active = true;
    loadUserData()
      .catch(() => undefined)
      .finally(() => {
        if (active) setChecked(true);
      });
    return () => {
      active = false;
    };
  }, [valid]);
  if (valid && !checked) return null;
  if (valid && getToken()) return children;
  if (token) clearToken();
  // An expired token, or one the server refused (loadUserData has removed it): "session expired".
  const expired = token !== null || sessionWasRefused();
  return (
    <Navigate
      to={{ pathname: LOGIN_PATH, search: expired ? SESSION_EXPIRED_SEARCH : '' }}
      replace
      state={{ nextPathname: pathname, nextSearch: search }}
    />
  );
}
