import type { ReactNode } from 'react';
import { canAccess, type AccessKey } from '../access/canAccess';
import { useShellUser } from '../auth/useShellUser';
import { PermissionDenied } from '../common/PermissionDenied';
import { ShellLoading } from '../common/ShellLoading';

/** Renders a route's screen only when canAccess allows it, the same rule as the menu. */
export function RouteGuard({ access, children }: { access: AccessKey; children: ReactNode }) {
  const { user, isPending } = useShellUser();
  if (isPending) return <ShellLoading />;
  return canAccess(user, access) ? <>{children}</> : <PermissionDenied />;
}
