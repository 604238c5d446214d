import { useState, type MouseEvent } from 'react';
import AppsIcon from '@mui/icons-material/Apps';
import { Box, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { hasAnyPermission } from '@tourdesk/contracts/permissions';
import { isUsable } from '../lib/feature.ts';
import { useCurrentUser } from './app-menu.tsx';
import { QUICK_APPS } from './menu-entries.ts';

/** The apps grid: quick links the features offer (inbox, to-do, chat, task board), those the user may open. */
export function AppsMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const apps = QUICK_APPS.filter((app) =>
    isUsable(app, user, hasAnyPermission(user?.permissions ?? null, app.permissions)),
  );
  if (apps.length === 0) return null;
  return (
    <>
      <Tooltip title={translate('app.toolbar.apps')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.toolbar.apps')}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <AppsIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 140px)', gap: 1, p: 1 }}>
          {apps.map(({ key, to, icon: Icon }) => (
            <MenuItem
              key={key}
              component={Link}
              to={to}
              onClick={() => setAnchor(null)}
              sx={{ flexDirection: 'column', py: 2, borderRadius: 1 }}
            >
              <Icon color="primary" />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate(`app.quickApps.${key}`)}
              </Typography>
            </MenuItem>
          ))}
        </Box>
      </Menu>
    </>
  );
}
