import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { Menu, useGetIdentity, useSidebarState, useStore, useTranslate } from 'react-admin';
import type { UserData } from '@tourdesk/contracts';
import { hasAnyPermission } from '@tourdesk/contracts/permissions';
import type { Identity } from '../lib/auth-provider.ts';
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

function Group({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const containsCurrent = group.entries.some((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`));
  const [open, setOpen] = useStore(`menu.${group.key}.open`, containsCurrent);
  const expanded = open || containsCurrent;
  const Icon = group.icon;
  const label = translate(`menu.groups.${group.key}`);
  return (
    <>
      <ListItemButton onClick={() => setOpen(!expanded)} aria-expanded={expanded} dense>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        {sidebarOpen ? <ListItemText primary={label} slotProps={{ primary: { variant: 'overline' } }} /> : null}
        {sidebarOpen ? expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" /> : null}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List
          component="div"
          disablePadding
          dense
          sx={sidebarOpen ? { '& .RaMenuItemLink-root': { pl: 3 } } : undefined}
        >
          {group.entries.map((entry) => {
            const EntryIcon = entry.icon;
            return (
              <Menu.Item
                key={entry.key}
                to={entry.to}
                primaryText={translate(`menu.items.${entry.key}`)}
                leftIcon={<EntryIcon fontSize="small" />}
              />
            );
          })}
        </List>
      </Collapse>
    </>
  );
}

/** The navigation drawer: the dashboard, then each group with the entries the user may open. */
export function AppMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('app.dashboard.title')} />
      {visibleMenu(user).map((group) => (
        <Group key={group.key} group={group} />
      ))}
    </Menu>
  );
}
