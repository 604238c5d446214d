import { Notification, type NotificationProps } from 'react-admin';

/** Notices appear bottom-right for 5000 ms, 320 wide (spec §4). */
export const NOTICE_DURATION_MS = 5000;

export function AppNotification(props: NotificationProps) {
  return (
    <Notification
      {...props}
      autoHideDuration={NOTICE_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ '& .MuiSnackbarContent-root, & .MuiAlert-root': { width: 320 } }}
    />
  );
}
