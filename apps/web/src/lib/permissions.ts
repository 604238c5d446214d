import { usePermissions } from 'react-admin';
import { hasAnyPermission, type PermissionName, type PermissionSubject } from '@tourdesk/contracts/permissions';

/** The logged-in user's permission subject (spec §6), as react-admin loaded it. */
export function usePermissionSubject(): { subject: PermissionSubject | null; isPending: boolean } {
  const { permissions, isPending } = usePermissions<PermissionSubject | null>();
  return { subject: permissions ?? null, isPending };
}

export function useHasAnyPermission(names: readonly PermissionName[]): boolean {
  const { subject } = usePermissionSubject();
  return hasAnyPermission(subject, names);
}
