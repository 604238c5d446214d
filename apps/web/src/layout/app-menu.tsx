import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { Menu, useSidebarState, useStore, useTranslate } from 'react-admin';
import { hasAnyPermission, type PermissionSubject } from '@tourdesk/contracts/permissions';
import { usePermissionSubject } from '../lib/permissions.ts';
import { MENU_GROUPS, type MenuGroup } from './menu-entries.ts';

/** The groups and entries `subject` may see: an entry without its permission is hidden, and so is an empty group. */
export function visibleMenu(subject: PermissionSubject | null): MenuGroup[] {
  return MENU_GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => hasAnyPermission(subject, entry.permissions)),
  })).filter((group) => group.entries.length > 0);
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
  const { subject } = usePermissionSubject();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('app.dashboard.title')} />
      {visibleMenu(subject).map((group) => (
        <Group key={group.key} group={group} />
      ))}
    </Menu>
  );
}
