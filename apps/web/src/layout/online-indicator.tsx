import { useEffect, useRef, useSyncExternalStore } from 'react';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Chip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** Shows a chip while the browser is offline and a notice when it comes back (spec §4). */
export function OnlineIndicator() {
  const online = useOnline();
  const translate = useTranslate();
  const notify = useNotify();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      notify('app.status.backOnline', { type: 'success' });
    }
  }, [online, notify]);
  if (online) return null;
  return (
    <Chip
      icon={<CloudOffIcon />}
      label={translate('app.status.offline')}
      color="warning"
      size="small"
      role="status"
      sx={{ mr: 1 }}
    />
  );
}
