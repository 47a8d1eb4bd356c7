import { usePermissions } from 'react-admin';
import type { ShellUser } from './types';

/** The signed-in user with flags and house settings (null until loaded). */
export function useShellUser(): { user: ShellUser | null; isPending: boolean } {
  const { permissions, isPending } = usePermissions<ShellUser | null>();
  return { user: permissions ?? null, isPending };
}
