import { Autocomplete, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';
import { useVehicles } from './departure-queries.ts';

/**
 * A coach's vehicle: its plate, typed freely or picked from the vehicles coaches have been given (GET
 * /departures/vehicles), so that a plate is written the same way each time. Empty is null.
 */
export function VehicleInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState, id } = useInput({ source });
  const { data: plates = [] } = useVehicles();
  const text = typeof field.value === 'string' ? field.value : '';
  const change = (value: string | null) => field.onChange(value === null || value === '' ? null : value);
  return (
    <Autocomplete
      id={id}
      freeSolo
      options={plates}
      value={text}
      inputValue={text}
      onInputChange={(_event, value) => change(value)}
      onChange={(_event, value) => change(value)}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={<FieldTitle label={label} source={source} />}
          error={fieldState.invalid}
          helperText={fieldState.invalid ? <InputHelperText error={fieldState.error?.message} /> : null}
          size="small"
          margin="dense"
        />
      )}
    />
  );
}
