import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import {
  Box,
  Collapse,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useGetIdentity, useSidebarState, useStore, useTranslate } from 'react-admin';
import type { UserData } from '@tourdesk/contracts';
import { hasAnyPermission } from '@tourdesk/contracts/permissions';
import type { Identity } from '../lib/auth-provider.ts';
import { useCapabilitiesVersion } from '../lib/capabilities.ts';
import { isUsable, type MenuUser } from '../lib/feature.ts';
import { MENU_GROUPS, type MenuGroup } from './menu-entries.ts';

/**
 * The groups and entries `user` may use: an entry without its permission, or whose screen the user cannot
 * use (the agency portal without an agency), is hidden, and so is an empty group.
 */
export function visibleMenu(user: MenuUser | undefined): MenuGroup[] {
  return MENU_GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) =>
      isUsable(entry, user, hasAnyPermission(user?.permissions ?? null, entry.permissions)),
    ),
  })).filter((group) => group.entries.length > 0);
}

/** The logged-in user as react-admin loaded it (undefined while loading). */
export function useCurrentUser(): UserData | undefined {
  const { identity } = useGetIdentity();
  return (identity as Identity | undefined)?.user;
}

const DRAWER_WIDTH = 240;
const CLOSED_DRAWER_WIDTH = 55;

/** One link of the drawer; on a phone it closes the drawer. With the drawer closed, the icon alone with a tooltip. */
function EntryLink({ to, label, icon, nested }: { to: string; label: string; icon: ReactNode; nested: boolean }) {
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const active = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
  const link = (
    <ListItemButton
      component={Link}
      to={to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={sidebarOpen ? undefined : label}
      onClick={() => {
        if (phone) setSidebarOpen(false);
      }}
      dense
      sx={{ pl: sidebarOpen && nested ? 3 : 2 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      {sidebarOpen ? <ListItemText primary={label} /> : null}
    </ListItemButton>
  );
  return sidebarOpen ? (
    link
  ) : (
    <Tooltip title={label} placement="right">
      {link}
    </Tooltip>
  );
}

function Group({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const containsCurrent = group.entries.some((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`));
  const [open, setOpen] = useStore(`menu.${group.key}.open`, containsCurrent);
  const expanded = open || containsCurrent;
  const Icon = group.icon;
  const label = translate(`menu.groups.${group.key}`);
  const id = `menu-group-${group.key}`;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen(!expanded)}
        aria-expanded={expanded}
        aria-controls={id}
        aria-label={sidebarOpen ? undefined : label}
        dense
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        {sidebarOpen ? <ListItemText primary={label} slotProps={{ primary: { variant: 'overline' } }} /> : null}
        {sidebarOpen ? expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" /> : null}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit id={id}>
        <List component="div" disablePadding dense>
          {group.entries.map((entry) => {
            const EntryIcon = entry.icon;
            return (
              <EntryLink
                key={entry.key}
                to={entry.to}
                label={translate(`menu.items.${entry.key}`)}
                icon={<EntryIcon fontSize="small" />}
                nested
              />
            );
          })}
        </List>
      </Collapse>
    </>
  );
}

/**
 * The navigation drawer: the dashboard, then each group with the entries the user may open. A plain
 * navigation landmark with links and disclosure buttons (react-admin's <Menu> is an ARIA menu, which allows
 * menu items only).
 */
export function AppMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const [sidebarOpen] = useSidebarState();
  useCapabilitiesVersion();
  return (
    <Box
      component="nav"
      aria-label={translate('app.menu')}
      data-testid="app-menu"
      sx={(theme) => ({
        width: sidebarOpen ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH,
        transition: theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      <List component="div" dense>
        <EntryLink
          to="/"
          label={translate('app.dashboard.title')}
          icon={<DashboardIcon fontSize="small" />}
          nested={false}
        />
        {visibleMenu(user).map((group) => (
          <Group key={group.key} group={group} />
        ))}
      </List>
    </Box>
  );
}
