import { useState } from 'react';
import {
  Autocomplete,
  Box,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useGetList, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import type { BoardingPoint } from '@tourdesk/contracts/boarding-points.schema';
import { moveItem } from './move-item.ts';

/** A member as the form keeps it: the boarding point's id, name and town. */
export type MemberValue = { id_zus_zustiege: number; name: string; city: string | null };

const label = (stop: { name: string; city: string | null }) => stop.name;

/**
 * The group's boarding points in order: add one from the list of all boarding points, move it up or down,
 * remove it. Every action is a button, so the order can be changed with the keyboard alone.
 */
export function StopGroupMembersInput() {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: 'zustiege', defaultValue: [] });
  const members = (field.value ?? []) as MemberValue[];
  const { data: stops = [], isPending } = useGetList<BoardingPoint>('zustiege', {
    pagination: { page: 1, perPage: -1 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [input, setInput] = useState('');
  const chosen = new Set(members.map((member) => member.id_zus_zustiege));
  const set = (next: MemberValue[]) => field.onChange(next);
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <Typography variant="subtitle1" component="h2" id="stop-group-members" sx={{ mb: 1 }}>
        {translate('stopGroups.fields.zustiege')}
      </Typography>
      {members.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('stopGroups.empty')}
        </Typography>
      ) : (
        <List dense aria-labelledby="stop-group-members" data-testid="stop-group-members">
          {members.map((member, index) => (
            <ListItem
              key={member.id_zus_zustiege}
              divider
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  <Tooltip title={translate('stopGroups.actions.up')}>
                    <span>
                      <IconButton
                        aria-label={`${translate('stopGroups.actions.up')}: ${member.name}`}
                        disabled={index === 0}
                        onClick={() => set(moveItem(members, index, index - 1))}
                      >
                        <ArrowUpwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('stopGroups.actions.down')}>
                    <span>
                      <IconButton
                        aria-label={`${translate('stopGroups.actions.down')}: ${member.name}`}
                        disabled={index === members.length - 1}
                        onClick={() => set(moveItem(members, index, index + 1))}
                      >
                        <ArrowDownwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('stopGroups.actions.remove')}>
                    <IconButton
                      aria-label={`${translate('stopGroups.actions.remove')}: ${member.name}`}
                      onClick={() => set(members.filter((_, at) => at !== index))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              }
              sx={{ pr: 18 }}
            >
              <ListItemText primary={`${index + 1}. ${member.name}`} secondary={member.city} />
            </ListItem>
          ))}
        </List>
      )}
      {fieldState.error ? (
        <Typography variant="body2" color="error" role="alert">
          {translate(fieldState.error.message ?? 'error.invalid')}
        </Typography>
      ) : null}
      <Autocomplete
        sx={{ mt: 2, mb: 2 }}
        options={stops.filter((stop) => !chosen.has(stop.id))}
        loading={isPending}
        getOptionLabel={label}
        renderOption={(props, option) => (
          <li {...props} key={option.id}>
            <ListItemText primary={option.name} secondary={[option.zip, option.city].filter(Boolean).join(' ')} />
          </li>
        )}
        value={null}
        inputValue={input}
        onInputChange={(_event, value, reason) => setInput(reason === 'reset' ? '' : value)}
        onChange={(_event, stop) => {
          if (stop) set([...members, { id_zus_zustiege: stop.id, name: stop.name, city: stop.city }]);
          setInput('');
        }}
        noOptionsText={translate('stopGroups.noStops')}
        renderInput={(params) => <TextField {...params} label={translate('stopGroups.actions.add')} />}
      />
    </Box>
  );
}
