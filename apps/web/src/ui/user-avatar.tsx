import { Avatar, type AvatarProps } from '@mui/material';
import { initials } from '@tourdesk/contracts/format';

/** The uploaded picture when there is one, else the initials of the card name (spec §9). */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & Omit<AvatarProps, 'src'>) {
  return (
    <Avatar src={src ?? undefined} alt={name} {...props}>
      {src ? null : initials(name)}
    </Avatar>
  );
}
