import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import {
  ACCESS_AREA_NAMES,
  ACCESS_AREAS,
  ALL_ACTIONS,
  type Access,
  type AccessArea,
} from '@tourdesk/contracts/permissions';

type Grants = Record<string, Record<string, boolean>>;

const offers = (area: AccessArea, action: string) => (ACCESS_AREAS[area] as readonly string[]).includes(action);

/** The rights of a role: one row per area, one column per action (read, update, create, delete, send, …). */
export function AccessGridInput({ source = 'access', disabled = false }: { source?: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: {} });
  const grants: Grants = (field.value as Access | undefined) ?? {};

  const set = (area: AccessArea, action: string, granted: boolean) => {
    const next: Grants = { ...grants, [area]: { ...(grants[area] ?? {}), [action]: granted } };
    if (!granted) delete next[area]![action];
    if (Object.keys(next[area]!).length === 0) delete next[area];
    field.onChange(next);
  };
  const setArea = (area: AccessArea, granted: boolean) => {
    const next: Grants = { ...grants };
    if (granted) next[area] = Object.fromEntries(ACCESS_AREAS[area].map((action) => [action, true]));
    else delete next[area];
    field.onChange(next);
  };

  return (
    <TableContainer sx={{ maxWidth: 980, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={translate('roles.fields.access')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('roles.fields.area')}</TableCell>
            <TableCell align="center">{translate('roles.actions.all')}</TableCell>
            {ALL_ACTIONS.map((action) => (
              <TableCell key={action} align="center">
                {translate(`roles.actions.${action}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ACCESS_AREA_NAMES.map((area) => {
            const granted = grants[area] ?? {};
            const count = Object.values(granted).filter(Boolean).length;
            const areaLabel = translate(`roles.areas.${area}`);
            return (
              <TableRow key={area} hover>
                <TableCell>
                  <Typography variant="body2">{areaLabel}</Typography>
                </TableCell>
                <TableCell align="center" padding="checkbox">
                  <Checkbox
                    size="small"
                    disabled={disabled}
                    checked={count === ACCESS_AREAS[area].length}
                    indeterminate={count > 0 && count < ACCESS_AREAS[area].length}
                    onChange={(event) => setArea(area, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${areaLabel}: ${translate('roles.actions.all')}` } }}
                  />
                </TableCell>
                {ALL_ACTIONS.map((action) => (
                  <TableCell key={action} align="center" padding="checkbox">
                    {offers(area, action) ? (
                      <Checkbox
                        size="small"
                        disabled={disabled}
                        checked={granted[action] === true}
                        onChange={(event) => set(area, action, event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${areaLabel}: ${translate(`roles.actions.${action}`)}` } }}
                        data-testid={`access-${area}-${action}`}
                      />
                    ) : null}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
