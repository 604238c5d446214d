import { forwardRef } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BugReportIcon from '@mui/icons-material/BugReport';
import {
  Box,
  Divider,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { formatDateTime } from '@tourdesk/contracts/format';
import { hasPermission } from '@tourdesk/contracts/permissions';
import type { Identity } from '../lib/auth-provider.ts';
import { UserAvatar } from '../ui/user-avatar.tsx';

const USER_DETAIL = /^\/(users|app\/users)\/[^/]+$/;

const ProfileItem = forwardRef<HTMLAnchorElement>(function ProfileItem(_props, ref) {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem component={Link} to="/appuser/myProfile" ref={ref} onClick={onClose}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.userMenu.profile')}</ListItemText>
    </MenuItem>
  );
});

const DebugItem = forwardRef<HTMLAnchorElement>(function DebugItem(_props, ref) {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem component={Link} to="/debug" ref={ref} onClick={onClose}>
      <ListItemIcon>
        <BugReportIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.userMenu.debug')}</ListItemText>
    </MenuItem>
  );
});

/** Name, role and last login beside the avatar (desktop), and the menu: profile, debug (superadmins), logout. */
export function AppUserMenu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { identity } = useGetIdentity();
  const user = (identity as Identity | undefined)?.user;
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const name = user?.vc_card.name ?? '';
  const lastLogin = user?.lastLogin ? formatDateTime(user.lastLogin) : translate('app.userMenu.firstLogin');
  return (
    <>
      {wide && user ? (
        <Box sx={{ textAlign: 'right', mr: 1, lineHeight: 1.2 }} data-testid="user-summary">
          <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
            {user.permissions.role}
          </Typography>
          <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
            {translate('app.userMenu.lastLogin', { date: lastLogin })}
          </Typography>
        </Box>
      ) : null}
      {/* With the name shown on the button, the name is its accessible name. On a phone the button is an icon
          named "Profile": it shows the picture or a person, never initials, which would contradict that name. */}
      <UserMenu
        label={wide && name ? '' : 'ra.auth.user_menu'}
        icon={
          wide || user?.avatar ? (
            <UserAvatar name={name} src={user?.avatar} aria-hidden sx={{ width: 32, height: 32, fontSize: 14 }} />
          ) : (
            <AccountCircleIcon sx={{ fontSize: 32 }} />
          )
        }
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {user?.permissions.role}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('app.userMenu.lastLogin', { date: lastLogin })}
          </Typography>
        </Box>
        <Divider />
        {USER_DETAIL.test(pathname) ? null : <ProfileItem />}
        {user && hasPermission(user.permissions, 'superadmin') ? <DebugItem /> : null}
        <Logout />
      </UserMenu>
    </>
  );
}
